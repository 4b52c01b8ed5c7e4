import { interactionInputSchema, interactionRecordedAnswerSchema } from '@shop/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

type InteractionInput = z.input<typeof interactionInputSchema>;

/** Fire-and-forget analytics call; a failure never bothers the shopper. */
export async function recordInteraction(input: InteractionInput): Promise<boolean> {
  try {
    await api.request({
      method: 'POST',
      url: '/interactions',
      data: input,
      schema: interactionRecordedAnswerSchema,
      errorMessage: 'Error al registrar interacción',
    });
    return true;
  } catch {
    return false;
  }
}
