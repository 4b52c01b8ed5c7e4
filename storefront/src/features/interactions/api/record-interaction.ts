import { interactionInputSchema, interactionRecordedAnswerSchema } from '@shop/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { whenIdle } from '@/lib/when-idle';

type InteractionInput = z.input<typeof interactionInputSchema>;

/**
 * Fire-and-forget analytics call; a failure never bothers the shopper. Sent once the browser is idle, so it never
 * delays what the page shows.
 */
export async function recordInteraction(input: InteractionInput): Promise<boolean> {
  await new Promise<void>((resolve) => whenIdle(resolve));
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
