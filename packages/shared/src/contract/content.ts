import { z } from 'zod';
import { siteContentSchema } from '../site-content.js';

/** GET /content and PUT /content: the site content with every default filled. */
export const contentAnswerSchema = z.object({ content: siteContentSchema });
export type ContentAnswer = z.infer<typeof contentAnswerSchema>;
