import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { siteContentSchema, type SiteContent } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';
import { contentQueries } from './get-content';

const contentResponseSchema = z.object({ content: siteContentSchema });

export async function updateContent(content: SiteContent) {
  const answer = await request('Error al actualizar contenido del sitio', contentResponseSchema, () => apiClient.put('/content', content));
  return answer.content;
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContent,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contentQueries.all() });
    },
  });
}
