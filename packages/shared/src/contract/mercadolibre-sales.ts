import { z } from 'zod';

/**
 * Mercado Libre's sales half (docs/api.md "Sales channels"): its pre-sale questions, answered from the back office,
 * and what the back office says of a sale recorded without stock.
 */

/** Mercado Libre refuses answers over 2000 characters. */
export const MERCADOLIBRE_ANSWER_MAX = 2000;

export const MERCADOLIBRE_SALES_MESSAGES = {
  answerText: `Escribí la respuesta (hasta ${MERCADOLIBRE_ANSWER_MAX} caracteres)`,
  questionId: 'La pregunta no es válida',
  questionGone: 'La pregunta ya fue respondida o eliminada en Mercado Libre',
  answered: 'Respuesta publicada en Mercado Libre',
  notification: 'La notificación de Mercado Libre no es válida',
  oversoldTitle: 'Vendido sin stock',
  oversoldAdvice:
    'Mercado Libre vendió más unidades de las que quedaban (otra venta se llevó la última). Escribile a la compradora por la mensajería de la venta: ofrecele otro color o talle, o esperá la reposición si llega a tiempo; si no podés cumplir, cancelá la venta en Mercado Libre (afecta la reputación) y la orden devuelve solo las unidades que llegó a tomar.',
} as const;

/**
 * POST /channels/mercadolibre/notifications: Mercado Libre's notice `{resource, user_id, topic, application_id,
 * attempts, sent, received}`. Only `resource` is acted on (fetched with the account's token); `user_id` must be the
 * connected account's.
 */
export const mercadoLibreNotificationSchema = z.object(
  {
    resource: z
      .string({ error: MERCADOLIBRE_SALES_MESSAGES.notification })
      .min(1, MERCADOLIBRE_SALES_MESSAGES.notification)
      .max(200, MERCADOLIBRE_SALES_MESSAGES.notification),
    user_id: z.union(
      [
        z.number().int(MERCADOLIBRE_SALES_MESSAGES.notification).nonnegative(MERCADOLIBRE_SALES_MESSAGES.notification),
        z.string().regex(/^\d{1,20}$/, MERCADOLIBRE_SALES_MESSAGES.notification),
      ],
      { error: MERCADOLIBRE_SALES_MESSAGES.notification },
    ),
    topic: z.string({ error: MERCADOLIBRE_SALES_MESSAGES.notification }).max(60, MERCADOLIBRE_SALES_MESSAGES.notification),
  },
  { error: MERCADOLIBRE_SALES_MESSAGES.notification },
);
export type MercadoLibreNotification = z.infer<typeof mercadoLibreNotificationSchema>;

/** A question as the back office lists it (GET /channels/mercadolibre/questions). */
export const mercadoLibreQuestionSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  text: z.string(),
  createdAt: z.string().nullable(),
});
export type MercadoLibreQuestion = z.infer<typeof mercadoLibreQuestionSchema>;

export const mercadoLibreQuestionsAnswerSchema = z.object({ questions: z.array(mercadoLibreQuestionSchema) });
export type MercadoLibreQuestionsAnswer = z.infer<typeof mercadoLibreQuestionsAnswerSchema>;

/** POST /channels/mercadolibre/questions/{id}/answer. */
export const mercadoLibreAnswerInputSchema = z
  .object({
    text: z
      .string({ error: MERCADOLIBRE_SALES_MESSAGES.answerText })
      .trim()
      .min(1, MERCADOLIBRE_SALES_MESSAGES.answerText)
      .max(MERCADOLIBRE_ANSWER_MAX, MERCADOLIBRE_SALES_MESSAGES.answerText),
  })
  .strict();
export type MercadoLibreAnswerInput = z.infer<typeof mercadoLibreAnswerInputSchema>;

/** A question's id in a path: Mercado Libre's ids are numbers. */
export const MERCADOLIBRE_QUESTION_ID_RE = /^\d{1,20}$/;
