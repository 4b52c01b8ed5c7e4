import { contentAnswerSchema, type SiteContent } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { contentQueries } from './get-content';

export async function updateContent(content: SiteContent) {
  const answer = await api.request({
    method: 'PUT',
    url: '/content',
    data: content,
    schema: contentAnswerSchema,
    errorMessage: 'Error al actualizar contenido del sitio',
  });
  return answer.content;
}

export function useUpdateContent() {
  return useWriteMutation({ mutationFn: updateContent, invalidates: () => [contentQueries.all()] });
}
