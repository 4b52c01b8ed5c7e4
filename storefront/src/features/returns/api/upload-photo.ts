import { uploadAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /upload/proof (multipart field `file`): the request's photo, with the transfer proof's checks (type, size). */
export function uploadReturnPhoto(file: File) {
  return api.upload('/upload/proof', file, uploadAnswerSchema, 'No pudimos subir la foto');
}
