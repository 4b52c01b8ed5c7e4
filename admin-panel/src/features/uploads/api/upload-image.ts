import { z } from 'zod';
import { apiClient, request } from '@/lib/api-client';

const uploadResponseSchema = z.object({ url: z.string().min(1), filename: z.string().optional().default('') });

/** POST /upload/proof (multipart field `file`): also used for product and hero images. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request('Error al subir archivo', uploadResponseSchema, () => apiClient.post('/upload/proof', form));
}
