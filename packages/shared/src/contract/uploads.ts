import { z } from 'zod';

/** POST /upload/proof: where the stored (re-encoded) image is served from. */
export const uploadAnswerSchema = z.object({ url: z.string().min(1), filename: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;
