import { uploadAnswerSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

/** POST /upload/proof (multipart field `file`): the transfer proof, uploaded before the order is sent. */
export function uploadProof(file: File) {
  return api.upload('/upload/proof', file, uploadAnswerSchema, 'Error al subir archivo');
}
