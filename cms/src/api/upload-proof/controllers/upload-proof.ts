import type { Context } from 'koa';
import { uploadAnswerSchema } from '@shop/shared';
import { isAdminRequest } from '../../../domains/staff';
import { consume } from '../../../domains/platform';
import { receivedFiles } from '../../../domains/payments/received-files';
import { reply } from '../../../utils/http';

export default {
  /**
   * POST /upload/proof: transfer proofs (public, rate limited) and the hero image (staff, not limited).
   * The multipart-routes middleware removes the received temp file whatever the outcome.
   */
  async upload(ctx: Context) {
    const staff = await isAdminRequest(ctx);
    if (!staff) await consume(ctx, 'uploads');
    const file = receivedFiles(ctx).find(({ field }) => field === 'file')?.file;
    reply(ctx, uploadAnswerSchema, await strapi.service('api::upload-proof.upload-proof').storeUpload(file, staff));
  },
};
