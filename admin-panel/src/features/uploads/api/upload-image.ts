import { uploadAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /upload/proof (multipart field `file`): also used for product and hero images. */
export function uploadImage(file: File) {
  return api.upload('/upload/proof', file, uploadAnswerSchema, 'Error al subir archivo');
}
