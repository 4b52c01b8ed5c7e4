import { queryOptions } from '@tanstack/react-query';
import { contentAnswerSchema, type ContentAnswer } from '@shop/shared';
import { api } from '@/lib/api-client';

/** The content with every default filled, and the stored values the server could not read (if any). */
export const getContentAnswer = async (): Promise<ContentAnswer> =>
  api.get('/content', contentAnswerSchema, 'Error al obtener contenido del sitio');

const answer = () => queryOptions({ queryKey: ['content', 'site'] as const, queryFn: getContentAnswer });

export const contentQueries = {
  all: () => ['content'] as const,
  /** The whole answer (the content editor also needs the values that could not be read). */
  answer,
  /** Just the content (one request shared with `answer`: same key). */
  site: () => queryOptions({ ...answer(), select: (data: ContentAnswer) => data.content }),
};
