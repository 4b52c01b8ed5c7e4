import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { REVIEW_MSG, REVIEW_PHOTOS } from '@shop/shared';
import { isRecord } from '../../utils/db-write';
import { badRequest } from '../../utils/http';

/** A review's photo as kept on its row (`photos`, JSON): its public URL and whether the shop hid it. */
export interface StoredPhoto {
  url: string;
  hidden: boolean;
}

/** The photos of a row, whatever the database gave back (JSON text in SQLite, an array in PostgreSQL). */
export function photosOf(value: unknown): StoredPhoto[] {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isRecord).flatMap((p) => (typeof p.url === 'string' ? [{ url: p.url, hidden: p.hidden === true }] : []));
}

/** The longest side of a stored photo: enough for a phone's screen and a zoom, far less than a camera's 4000 px. */
export const REVIEW_PHOTO_SIDE = 1600;
/** Decoding more pixels than this is refused from the header (a few KB of PNG can declare gigapixels). */
const MAX_INPUT_PIXELS = 100_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A multipart body as the multipart-routes middleware read it into memory (`ctx.state.memoryForm`). */
export interface ReviewFormBody {
  fields: Record<string, string>;
  files: { field: string; bytes: Buffer }[];
}

/** The numeric fields of the review, sent as text in a multipart body. */
const NUMBERS = new Set(['orderLine', 'stars']);

/**
 * The review's fields and photos out of a multipart body: its numbers as numbers (anything else stays text and the
 * schema refuses it), every file in the `photos` field.
 */
export function reviewForm(form: ReviewFormBody): { body: Record<string, unknown>; photos: Buffer[] } {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form.fields)) body[key] = NUMBERS.has(key) && /^\d{1,3}$/.test(value) ? Number(value) : value;
  if (form.files.some((f) => f.field !== 'photos')) throw badRequest('Las fotos van en el campo "photos"');
  if (form.files.length > REVIEW_PHOTOS.max) throw badRequest(REVIEW_MSG.photosTooMany);
  return { body, photos: form.files.map((f) => f.bytes) };
}

/**
 * One photo made safe to publish: its type told by its bytes (sharp reads the header, never the name or the declared
 * type), only JPEG, PNG or WebP up to 8 MB and 100 megapixels; turned upright, bounded to 1600 px on its longest side
 * and encoded again as JPEG. sharp writes no metadata unless asked, so EXIF, the GPS position and the camera are gone.
 */
export async function cleanReviewPhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw badRequest(REVIEW_MSG.photoType);
  if (bytes.length > REVIEW_PHOTOS.maxBytes) throw badRequest(REVIEW_MSG.photoTooBig);
  let width = 0;
  let height = 0;
  try {
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!FORMATS.has(header.format)) throw new Error(`format ${header.format}`);
    width = header.width ?? 0;
    height = header.height ?? 0;
  } catch {
    throw badRequest(REVIEW_MSG.photoType);
  }
  if (width < 1 || height < 1 || width * height > MAX_INPUT_PIXELS) throw badRequest(REVIEW_MSG.photoType);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: REVIEW_PHOTO_SIDE, height: REVIEW_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(REVIEW_MSG.photoType);
  }
}

interface UploadedPhoto {
  url: string;
  file: Record<string, unknown>;
}

async function uploadOne(clean: Buffer): Promise<UploadedPhoto> {
  // A random name: the file is public under /uploads (so a pending review's photo is unguessable, not access-checked).
  const name = `opinion-${randomBytes(16).toString('hex')}.jpg`;
  const filepath = path.join(tmpdir(), `${name}-${process.pid}`);
  await writeFile(filepath, clean);
  try {
    const result: unknown = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText: 'Foto de una opinión' } },
        files: { filepath, originalFilename: name, mimetype: 'image/jpeg', size: clean.length },
      });
    const file: unknown = Array.isArray(result) ? result[0] : result;
    if (!isRecord(file) || typeof file.url !== 'string') throw new Error('the upload plugin returned no file');
    return { url: file.url, file };
  } finally {
    await rm(filepath, { force: true });
  }
}

/** Removes stored photos (their files and rows), logging what could not go: nothing else depends on them. */
export async function removeReviewPhotos(stored: readonly UploadedPhoto[]): Promise<void> {
  for (const { url, file } of stored) {
    try {
      await strapi.plugin('upload').service('upload').remove(file);
    } catch (err) {
      strapi.log.warn(`[reviews] could not remove the photo ${url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/**
 * Stores cleaned photos through Strapi's upload plugin (the local provider, under /uploads, like the transfer proofs
 * and the returns' photos). All or none: when one fails, those already stored are removed.
 */
export async function storeReviewPhotos(cleaned: readonly Buffer[]): Promise<UploadedPhoto[]> {
  const stored: UploadedPhoto[] = [];
  try {
    for (const clean of cleaned) stored.push(await uploadOne(clean));
  } catch (err) {
    await removeReviewPhotos(stored);
    throw err;
  }
  return stored;
}
