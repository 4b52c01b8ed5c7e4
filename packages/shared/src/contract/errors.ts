import type { z } from 'zod';

/** Turns a zod error into the single Spanish message an API answer carries. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Datos inválidos';
}
