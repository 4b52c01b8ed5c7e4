import type { Context } from 'koa';
import { MAX_UPLOAD_BYTES, MSG } from '@shop/shared';
import { isAdminRequest } from '../../../utils/auth';
import { ApiError, badRequest } from '../../../utils/http';
import { consume } from '../../../utils/rate-limit';
import { NotAnImageError, decodesAsImage, detectImageType, receivedFiles, removeReceivedFiles, storeImage } from '../services/upload-proof';

export const MISSING_FILE = 'Adjunta una imagen en el campo "file"';

export default {
  /**
   * POST /upload/proof: transfer proofs (public, rate limited) and the hero image (staff, not limited).
   * Accepts only real JPEG, PNG or WebP up to 5 MB; the messages are the ones each screen shows (spec §5).
   */
  async upload(ctx: Context) {
    try {
      const staff = await isAdminRequest(ctx);
      if (!staff) await consume(ctx, 'uploads');
      const tooLarge = staff ? MSG.upload.heroTooLarge : MSG.checkout.proofSize;
      const wrongType = staff ? MSG.upload.heroType : MSG.checkout.proofType;
      const file = receivedFiles(ctx).find(({ field }) => field === 'file')?.file;
      if (!file) throw badRequest(MISSING_FILE);
      if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, tooLarge);
      const type = await detectImageType(file.filepath);
      if (!type || !(await decodesAsImage(file))) throw badRequest(wrongType);
      try {
        ctx.body = await storeImage(file, type, staff ? 'imagen' : 'comprobante');
      } catch (err) {
        if (err instanceof NotAnImageError) throw badRequest(wrongType);
        throw err;
      }
    } finally {
      await removeReceivedFiles(ctx);
    }
  },
};
