import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';

/** A file as the body parser (formidable) left it on disk. */
export interface ReceivedFile {
  filepath: string;
  size: number;
}

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

function isReceivedFile(value: unknown): value is ReceivedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    'filepath' in value &&
    typeof value.filepath === 'string' &&
    'size' in value &&
    typeof value.size === 'number'
  );
}

/** Every file of the multipart body, whatever its field name. */
export function receivedFiles(ctx: Context): { field: string; file: ReceivedFile }[] {
  const files: unknown = Reflect.get(ctx.request, 'files');
  if (typeof files !== 'object' || files === null) return [];
  const found: { field: string; file: ReceivedFile }[] = [];
  for (const [field, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : [value]) if (isReceivedFile(file)) found.push({ field, file });
  }
  return found;
}

/** Strapi's body parser only deletes the temporary files of a field named "files"; ours is "file". */
export async function removeReceivedFiles(ctx: Context): Promise<void> {
  await Promise.all(receivedFiles(ctx).map(({ file }) => rm(file.filepath, { force: true })));
}

function storedFile(value: unknown): { url: string } | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'object' || first === null || !('url' in first) || typeof first.url !== 'string') return null;
  return { url: first.url };
}

/**
 * The first bytes only say what a file claims to be: the upload plugin's image service (sharp) must also read
 * and decode it, so that a PNG signature followed by HTML is refused.
 */
export async function decodesAsImage(file: ReceivedFile): Promise<boolean> {
  const images = strapi.plugin('upload').service('image-manipulation');
  const candidate = { filepath: file.filepath, getStream: () => createReadStream(file.filepath) };
  const isImage: unknown = await images.isImage(candidate);
  if (isImage !== true) return false;
  const isFaulty: unknown = await images.isFaultyImage(candidate);
  return isFaulty === false;
}

/** Thrown when the upload plugin cannot decode the file although its first bytes looked like an image. */
export class NotAnImageError extends Error {}

/**
 * Stores the image through Strapi's upload plugin (local provider) under a name the server chooses: a fixed
 * prefix, 16 random bytes (the files are public under /uploads) and the extension of the detected type.
 */
export async function storeImage(file: ReceivedFile, type: ImageType, prefix: string): Promise<{ url: string; filename: string }> {
  const name = `${prefix}-${randomBytes(16).toString('hex')}`;
  let result: unknown;
  try {
    result = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name: `${name}${type.ext}`, alternativeText: prefix } },
        files: { filepath: file.filepath, originalFilename: `${name}${type.ext}`, mimetype: type.mime, size: file.size },
      });
  } catch (err) {
    if (err instanceof Error && /not a valid image/i.test(err.message)) throw new NotAnImageError(err.message);
    throw err;
  }
  const stored = storedFile(result);
  if (!stored) throw new Error('the upload plugin returned no file');
  return { url: stored.url, filename: path.posix.basename(stored.url) };
}

export default { imageTypeOf, detectImageType, decodesAsImage, storeImage, receivedFiles, removeReceivedFiles };
