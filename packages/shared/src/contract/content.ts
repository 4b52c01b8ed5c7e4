import { z } from 'zod';
import { siteContentSchema } from '../site-content.js';
import { contentProblemSchema } from '../content-read.js';

/**
 * GET /content and PUT /content: the site content with every default filled. `problems` lists the stored values the
 * shop could not read (each shows its default meanwhile); absent when there are none.
 */
export const contentAnswerSchema = z.object({ content: siteContentSchema, problems: z.array(contentProblemSchema).optional() });
export type ContentAnswer = z.infer<typeof contentAnswerSchema>;
