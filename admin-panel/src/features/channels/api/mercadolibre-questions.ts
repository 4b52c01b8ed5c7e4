import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { mercadoLibreMessageAnswerSchema, mercadoLibreQuestionsAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** The unanswered pre-sale questions on Mercado Libre (docs/api.md "Sales channels: Mercado Libre"). */
export const mercadoLibreQuestionQueries = {
  unanswered: () =>
    queryOptions({
      queryKey: ['channels', 'mercadolibre', 'questions'] as const,
      queryFn: () =>
        api.request({
          method: 'GET',
          url: '/channels/mercadolibre/questions',
          schema: mercadoLibreQuestionsAnswerSchema,
          errorMessage: 'Error al cargar las preguntas',
        }),
    }),
};

export const useAnswerMercadoLibreQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api.request({
        method: 'POST',
        url: `/channels/mercadolibre/questions/${encodeURIComponent(id)}/answer`,
        data: { text },
        schema: mercadoLibreMessageAnswerSchema,
        errorMessage: 'No se pudo publicar la respuesta',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mercadoLibreQuestionQueries.unanswered().queryKey }),
  });
};
