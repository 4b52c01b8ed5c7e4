import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { siteContentSchema } from '@shop/shared';
import { apiClient, request } from '@/lib/api-client';

const contentResponseSchema = z.object({ content: siteContentSchema });

export async function getContent() {
  const { content } = await request('Error al obtener contenido del sitio', contentResponseSchema, () => apiClient.get('/content'));
  return content;
}

export const contentQueries = {
  all: () => ['content'] as const,
  site: () => queryOptions({ queryKey: [...contentQueries.all(), 'site'] as const, queryFn: getContent }),
};
