import { queryOptions } from '@tanstack/react-query';
import { contentAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export const getContent = async () => (await api.get('/content', contentAnswerSchema, 'Error al obtener contenido del sitio')).content;

export const contentQueries = {
  all: () => ['content'] as const,
  site: () => queryOptions({ queryKey: [...contentQueries.all(), 'site'] as const, queryFn: getContent }),
};
