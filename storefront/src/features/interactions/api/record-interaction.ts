import { interactionInputSchema } from '@shop/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

type InteractionInput = z.input<typeof interactionInputSchema>;

/** Fire-and-forget analytics call; a failure never bothers the shopper. */
export async function recordInteraction(input: InteractionInput): Promise<boolean> {
  try {
    await apiRequest({
      method: 'POST',
      url: '/interactions',
      data: input,
      schema: z.unknown(),
      errorMessage: 'Error al registrar interacción',
    });
    return true;
  } catch {
    return false;
  }
}
