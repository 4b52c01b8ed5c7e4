import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const uploadResponseSchema = z.object({ url: z.string().min(1), filename: z.string().optional() });

/** POST /upload/proof (multipart field `file`): the transfer proof, uploaded before the order is sent. */
export function uploadProof(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest({
    method: 'POST',
    url: '/upload/proof',
    data: form,
    schema: uploadResponseSchema,
    errorMessage: 'Error al subir archivo',
  });
}
