import { z } from 'zod';
import { siteContentSchema } from '../content/site-content.js';
import { contentProblemSchema } from '../content/content-read.js';

/**
 * GET /content and PUT /content: the site content with every default filled. `problems` lists the stored values the
 * shop could not read (each shows its default meanwhile); absent when there are none.
 */
export const contentAnswerSchema = z.object({
  content: siteContentSchema,
  problems: z.array(contentProblemSchema).optional(),
  /**
   * What this server can offer beyond the content: `mercadoPago` is false without credentials (the method is then
   * hidden at checkout whatever the content says). Absent from older servers: read as false.
   */
  services: z.object({ mercadoPago: z.boolean() }).optional(),
});
export type ContentAnswer = z.infer<typeof contentAnswerSchema>;
