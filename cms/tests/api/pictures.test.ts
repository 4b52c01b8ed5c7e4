import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PICTURE_WIDTHS, pictureVariantUrl, type PictureFormat, type PictureWidth } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { extraStrapi, fileForm, startExtraStrapi, uploadProof, type TestProduct } from '../helpers/orders';
import { CMS_DIR, type RunningStrapi } from '../helpers/strapi-process';
import { waitFor } from '../helpers/wait-for';

const PUBLIC_DIR = path.join(CMS_DIR, 'public');
const fileOf = (url: string) => path.join(PUBLIC_DIR, ...url.split('/').filter(Boolean));
const variant = (url: string, width: PictureWidth, format: PictureFormat = 'webp') => {
  const result = pictureVariantUrl(url, width, format);
  if (!result) throw new Error(`no variant URL for ${url}`);
  return result;
};
const allCopies = (url: string) => [...PICTURE_WIDTHS.map((w) => variant(url, w)), variant(url, 1200, 'jpg')];

/** A portrait photo-like JPEG (a gradient, so the encoder has real work) of the given size. */
function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b5536f"/><stop offset="1" stop-color="#f6e9ec"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const written: string[] = [];
let extra: RunningStrapi | undefined;

afterAll(async () => {
  await extra?.stop();
  await Promise.all(written.map((file) => rm(file, { force: true })));
});

async function staffUpload(bytes: Buffer): Promise<string> {
  const res = await api<{ url: string }>('/upload/proof', {
    method: 'POST',
    raw: fileForm(bytes, 'foto.jpg', 'image/jpeg'),
    token: await adminToken(),
  });
  expect(res.status).toBe(200);
  written.push(fileOf(res.body.url), ...allCopies(res.body.url).map(fileOf));
  return res.body.url;
}

describe('responsive copies of product pictures', () => {
  it('a staff upload gets WebP copies in every width (and a JPEG for link previews), served as images', async () => {
    const url = await staffUpload(await photo(1600, 2000));
    for (const width of PICTURE_WIDTHS) {
      const res = await fetch(`${inject('baseUrl')}${variant(url, width)}`);
      expect(res.status, `${width}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width * 1.25);
    }
    const preview = await fetch(`${inject('baseUrl')}${variant(url, 1200, 'jpg')}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(1200);
  });

  it('never enlarges: a picture narrower than a width keeps its own width under that name', async () => {
    const url = await staffUpload(await photo(800, 1000));
    const sizes = await Promise.all(PICTURE_WIDTHS.map(async (w) => (await sharp(fileOf(variant(url, w))).metadata()).width));
    expect(sizes).toEqual([320, 640, 800, 800]);
  });

  it('the start-up pass gives a product picture without copies its copies', async () => {
    // A picture placed in the uploads folder by hand (as pictures stored before the copies existed).
    const url = `/uploads/antigua-${randomBytes(8).toString('hex')}.jpg`;
    await sharp(await photo(1000, 1250)).toFile(fileOf(url));
    written.push(fileOf(url), ...allCopies(url).map(fileOf));
    const res = await api<{ product: TestProduct }>('/products', {
      token: await adminToken(),
      body: {
        title: `Body Foto Antigua ${Date.now().toString(36)}`,
        description: 'Producto con una foto sin copias',
        price: 10000,
        category: 'conjuntos',
        stock: 1,
        size: ['M'],
        stockBySize: { M: 1 },
        thumbnails: [url, 'https://example.com/externa.jpg'],
      },
    });
    expect(res.status).toBe(201);
    for (const copy of allCopies(url)) expect(existsSync(fileOf(copy)), copy).toBe(false);

    extra = await startExtraStrapi();
    const missing = await waitFor(
      'the copies made at start-up',
      async () => allCopies(url).filter((copy) => !existsSync(fileOf(copy))),
      (left) => left.length === 0,
      { timeoutMs: 60_000, everyMs: 250 },
    );
    expect(missing).toEqual([]);
    const served = await fetch(`${extra.url}${variant(url, 640)}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
    expect(extra.logs()).toMatch(/\[pictures\] \d+ product pictures checked/);
  });

  it('a transfer proof gets no copies', async () => {
    // On the kept raised-limit process: the shared process's upload budget belongs to the limit tests.
    const kept = await extraStrapi();
    const url = await uploadProof(kept.url);
    written.push(fileOf(url));
    expect(existsSync(fileOf(url))).toBe(true);
    for (const copy of allCopies(url)) expect(existsSync(fileOf(copy)), copy).toBe(false);
  });
});
