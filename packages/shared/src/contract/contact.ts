import { z } from 'zod';

/** POST /contact (201). */
export const contactSentAnswerSchema = z.object({ message: z.string() });
export type ContactSentAnswer = z.infer<typeof contactSentAnswerSchema>;
