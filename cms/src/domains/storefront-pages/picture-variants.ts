import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Core } from '@strapi/strapi';
import { PICTURE_WIDTHS, PREVIEW_PICTURE_WIDTH, pictureVariantUrl, type PictureFormat, type PictureWidth } from '@shop/shared';

/**
 * Responsive copies of product pictures (the URL of each copy is decided by `pictureVariantUrl` in the shared
 * package). Every width gets a WebP copy, and the link-preview width a JPEG one too (WhatsApp and older crawlers do
 * not read WebP). A copy is never wider than its source: sharp never enlarges, so for a source narrower than a
 * width the copy of that width has the source's own width. Every URL the pages ask for therefore exists, and no
 * copy is a blurry enlargement.
 */
const COPIES: ReadonlyArray<{ width: PictureWidth; format: PictureFormat }> = [
  ...PICTURE_WIDTHS.map((width) => ({ width, format: 'webp' as const })),
  { width: PREVIEW_PICTURE_WIDTH, format: 'jpg' },
];

/** Pictures larger than this are not decoded (the uploads are already limited to 100 megapixels). */
const MAX_INPUT_PIXELS = 100_000_000;

/** The file in the public folder behind a local picture URL (`/uploads/…` or `/images/…`), or null. */
export function publicFileOf(publicDir: string, url: string): string | null {
  if (!/^\/(uploads|images)\//.test(url) || url.includes('..') || url.includes('\\')) return null;
  return path.join(publicDir, ...url.split('/').filter(Boolean));
}

/** The files of all the copies a picture should have (empty for pictures from elsewhere). */
export function variantFilesOf(publicDir: string, url: string): string[] {
  return COPIES.flatMap(({ width, format }) => {
    const variant = pictureVariantUrl(url, width, format);
    const file = variant ? publicFileOf(publicDir, variant) : null;
    return file ? [file] : [];
  });
}

/**
 * Writes the copies a local picture lacks (existing files are left alone, so this is idempotent). Each copy is
 * written under a temporary name and renamed, so several processes sharing the uploads folder never serve a half
 * written file. Returns how many copies were written; a picture that is not local or not on disk gets none.
 */
export async function writePictureVariants(publicDir: string, url: string): Promise<number> {
  const source = publicFileOf(publicDir, url);
  if (!source || !existsSync(source)) return 0;
  let written = 0;
  for (const { width, format } of COPIES) {
    const variant = pictureVariantUrl(url, width, format);
    const target = variant ? publicFileOf(publicDir, variant) : null;
    if (!target || existsSync(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true });
      if (format === 'jpg') pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
      else pipeline.webp({ quality: 78 });
      await pipeline.toFile(temporary);
      await rename(temporary, target);
      written += 1;
    } finally {
      await rm(temporary, { force: true });
    }
  }
  return written;
}

/** Every local picture the products refer to, once each. */
async function productPictureUrls(strapi: Core.Strapi): Promise<string[]> {
  const rows: Array<{ thumbnails?: unknown }> = await strapi.db.query('api::product.product').findMany({ select: ['thumbnails'] });
  const urls = new Set<string>();
  for (const row of rows) {
    if (!Array.isArray(row.thumbnails)) continue;
    for (const url of row.thumbnails) if (typeof url === 'string' && pictureVariantUrl(url, 320, 'webp')) urls.add(url);
  }
  return [...urls];
}

/**
 * The one-off pass run at every start: gives each product picture that lacks copies its copies, one picture at a
 * time (it runs in the background, so start-up does not wait for it and it leaves CPU to the requests). Pictures
 * that already have every copy cost one `existsSync` per copy. Failures are logged, never thrown.
 */
export async function convertProductPictures(strapi: Core.Strapi): Promise<{ pictures: number; written: number; failed: number }> {
  const publicDir = strapi.dirs.static.public;
  const urls = await productPictureUrls(strapi);
  let written = 0;
  let failed = 0;
  let pictures = 0;
  for (const url of urls) {
    try {
      const count = await writePictureVariants(publicDir, url);
      written += count;
      if (count > 0) pictures += 1;
    } catch (err) {
      failed += 1;
      strapi.log.warn(`[pictures] no copies for ${url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  strapi.log.info(`[pictures] ${urls.length} product pictures checked: ${written} copies written for ${pictures}, ${failed} failed`);
  return { pictures, written, failed };
}

/** Starts the pass without waiting for it (turned off with PICTURE_VARIANTS_AT_START=false). */
export function convertProductPicturesInBackground(strapi: Core.Strapi): void {
  if (process.env.PICTURE_VARIANTS_AT_START === 'false') return;
  setImmediate(() => {
    convertProductPictures(strapi).catch((err: unknown) => {
      strapi.log.error(`[pictures] the start-up pass failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  });
}
