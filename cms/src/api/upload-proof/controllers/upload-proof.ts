import type { Context } from 'koa';
import { MAX_UPLOAD_BYTES, MSG } from '@shop/shared';
import { isAdminRequest } from '../../../utils/auth';
import { ApiError, badRequest } from '../../../utils/http';
import { consume } from '../../../utils/rate-limit';
import { recordProof } from '../services/transfer-proofs';
import { NotAnImageError, TooManyPixelsError, detectImageType, receivedFiles, storeImage } from '../services/upload-proof';

export const MISSING_FILE = 'Adjunta una imagen en el campo "file"';
export const TOO_MANY_PIXELS = 'La imagen tiene demasiada resolución (máximo 100 megapíxeles): sube una foto o captura más chica';

export default {
  /**
   * POST /upload/proof: transfer proofs (public, rate limited) and the hero image (staff, not limited).
   * Accepts only real JPEG, PNG or WebP up to 5 MB and 100 megapixels, stored re-encoded without metadata; the
   * messages are the ones each screen shows (spec §5). Public uploads are recorded as proofs an order may use once.
   * The multipart-routes middleware removes the received temp file whatever the outcome.
   */
  async upload(ctx: Context) {
    const staff = await isAdminRequest(ctx);
    if (!staff) await consume(ctx, 'uploads');
    const tooLarge = staff ? MSG.upload.heroTooLarge : MSG.checkout.proofSize;
    const wrongType = staff ? MSG.upload.heroType : MSG.checkout.proofType;
    const file = receivedFiles(ctx).find(({ field }) => field === 'file')?.file;
    if (!file) throw badRequest(MISSING_FILE);
    if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, tooLarge);
    const type = await detectImageType(file.filepath);
    if (!type) throw badRequest(wrongType);
    let stored: { url: string; filename: string };
    try {
      stored = await storeImage(file, type, staff ? 'imagen' : 'comprobante');
    } catch (err) {
      if (err instanceof TooManyPixelsError) throw badRequest(TOO_MANY_PIXELS);
      if (err instanceof NotAnImageError) throw badRequest(wrongType);
      throw err;
    }
    if (!staff) await recordProof(stored.url);
    ctx.body = stored;
  },
};
