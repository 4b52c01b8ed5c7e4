import { z } from 'zod';
import { MSG } from '../constants/messages.js';
import { EMAIL_RE, requiredText, text } from './fields.js';

/** POST /contact: the home page's contact form. */
export const contactInputSchema = z.object({
  name: requiredText(120, MSG.contact.required),
  email: requiredText(200, MSG.contact.required).refine((v) => EMAIL_RE.test(v), MSG.checkout.emailInvalid),
  phone: text(40).optional(),
  subject: requiredText(200, MSG.contact.required),
  message: requiredText(5000, MSG.contact.required),
});

/** POST /contact (201). */
export const contactSentAnswerSchema = z.object({ message: z.string() });
export type ContactSentAnswer = z.infer<typeof contactSentAnswerSchema>;
