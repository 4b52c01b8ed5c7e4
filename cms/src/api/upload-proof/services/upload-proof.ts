import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, MSG } from '@shop/shared';
import { badRequest, payloadTooLarge } from '../../../utils/http';
import { writePictureVariants } from '../../../domains/storefront-pages';
import type { ReceivedFile } from '../../../domains/payments/received-files';

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: '.jpg' | '.png' | '.webp';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type told by the file's first bytes (never by its name or the declared content type). */
export function imageTypeOf(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: '.jpg' };
  if (head.length >= 8 && PNG_SIGNATURE.every((byte, i) => head[i] === byte)) return { mime: 'image/png', ext: '.png' };
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { mime: 'image/webp', ext: '.webp' };
  return null;
}

export async function detectImageType(filepath: string): Promise<ImageType | null> {
  const handle = await open(filepath, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return imageTypeOf(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

function storedFile(value: unknown): { url: string } | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'object' || first === null || !('url' in first) || typeof first.url !== 'string') return null;
  return { url: first.url };
}

/**
 * The most pixels an upload may have, checked from the header before anything is decoded: 100 megapixels is more
 * than any phone photo that fits in 5 MB (12-50 MP), while a few kilobytes of PNG can declare 30000 x 30000
 * pixels that would take gigabytes to decode (a decompression bomb).
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Stored images are bounded to this many pixels on their longest side (a 12 MP photo, 4032 x 3024, fits). */
export const MAX_STORED_SIDE = 4096;

/** The file does not decode as the image its first bytes announce. */
export class NotAnImageError extends Error {}
/** The image declares more than MAX_INPUT_PIXELS pixels. */
export class TooManyPixelsError extends Error {}

const SHARP_FORMAT: Record<ImageType['mime'], string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Decodes the upload (within the pixel limit), turns it upright by its EXIF orientation, bounds its size and
 * encodes it again in the same format. sharp writes no metadata unless asked to, so camera data (GPS position,
 * device, dates) and anything hidden in metadata chunks is gone from the copy. Returns the copy's path and size;
 * the caller removes it.
 */
export async function cleanImage(file: ReceivedFile, type: ImageType): Promise<{ filepath: string; size: number }> {
  let width = 0;
  let height = 0;
  try {
    // Only the header is read here (no pixels), so sharp's own limit is lifted to get the dimensions of any image.
    const header = await sharp(file.filepath, { limitInputPixels: false }).metadata();
    if (header.format !== SHARP_FORMAT[type.mime]) throw new NotAnImageError(`declared ${type.mime}, decoded ${header.format}`);
    width = header.width ?? 0;
    height = header.height ?? 0;
  } catch (err) {
    throw err instanceof NotAnImageError ? err : new NotAnImageError(err instanceof Error ? err.message : String(err));
  }
  if (width < 1 || height < 1) throw new NotAnImageError('no dimensions');
  if (width * height > MAX_INPUT_PIXELS) throw new TooManyPixelsError(`${width} x ${height}`);
  const filepath = `${file.filepath}-limpia${type.ext}`;
  try {
    const pipeline = sharp(file.filepath, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    if (type.mime === 'image/jpeg') pipeline.jpeg({ quality: 90 });
    else if (type.mime === 'image/png') pipeline.png();
    else pipeline.webp({ quality: 90 });
    const info = await pipeline.toFile(filepath);
    return { filepath, size: info.size };
  } catch (err) {
    await rm(filepath, { force: true });
    throw new NotAnImageError(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Stores the image through Strapi's upload plugin (local provider) under a name the server chooses: a fixed
 * prefix, 16 random bytes (the files are public under /uploads) and the extension of the detected type. What is
 * stored is the clean copy made by cleanImage, never the bytes received.
 */
export async function storeImage(file: ReceivedFile, type: ImageType, prefix: string): Promise<{ url: string; filename: string }> {
  const clean = await cleanImage(file, type);
  const name = `${prefix}-${randomBytes(16).toString('hex')}`;
  try {
    const result: unknown = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name: `${name}${type.ext}`, alternativeText: prefix } },
        files: { filepath: clean.filepath, originalFilename: `${name}${type.ext}`, mimetype: type.mime, size: clean.size },
      });
    const stored = storedFile(result);
    if (!stored) throw new Error('the upload plugin returned no file');
    return { url: stored.url, filename: path.posix.basename(stored.url) };
  } finally {
    await rm(clean.filepath, { force: true });
  }
}

async function writeCopies(url: string): Promise<void> {
  try {
    await writePictureVariants(strapi.dirs.static.public, url);
  } catch (err) {
    // The picture itself is stored; the start-up pass tries its copies again.
    strapi.log.warn(`[pictures] no copies for ${url}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export const MISSING_FILE = 'Adjunta una imagen en el campo "file"';
export const TOO_MANY_PIXELS = 'La imagen tiene demasiada resolución (máximo 100 megapíxeles): sube una foto o captura más chica';

/**
 * Transfer proofs (public), product pictures and the hero image (staff). Accepts only real JPEG, PNG or WebP up to 5 MB and
 * 100 megapixels, stored re-encoded without metadata; the messages are the ones each screen shows. Public uploads
 * are recorded as proofs an order may use once.
 */
export default {
  async storeUpload(file: ReceivedFile | undefined, staff: boolean): Promise<{ url: string; filename: string }> {
    const tooLarge = staff ? MSG.upload.heroTooLarge : MSG.checkout.proofSize;
    const wrongType = staff ? MSG.upload.heroType : MSG.checkout.proofType;
    if (!file) throw badRequest(MISSING_FILE);
    if (file.size > MAX_UPLOAD_BYTES) throw payloadTooLarge(tooLarge);
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
    if (!staff) await strapi.service('api::upload-proof.transfer-proof').record(stored.url);
    // Staff uploads are product pictures (or the hero image): their responsive copies are written before the
    // answer, so the picture is ready in every width when the product is saved. Proofs get none.
    else await writeCopies(stored.url);
    return stored;
  },
};
