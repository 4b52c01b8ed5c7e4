import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, MSG } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { pngBomb, phonePhoto } from '../helpers/images';
import { JPEG_BYTES, PNG_BYTES, WEBP_BYTES, fileForm } from '../helpers/orders';

// Runs on the shared process with the real upload limit (20 per 15 minutes per client): the public requests of
// this file stay under it until the last test, which spends the rest of the budget.
const upload = (form: FormData, token?: string | null) => api('/upload/proof', { method: 'POST', raw: form, token });

/** `bytes` padded to `size` bytes (the padding follows the image's end marker, so it stays a valid image). */
function padded(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}

describe('POST /upload/proof', () => {
  it('accepts a real PNG whatever its name and declared type, stores it under a server-chosen .png name', async () => {
    const res = await upload(fileForm(PNG_BYTES, 'mi comprobante.txt', 'text/plain'));
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/uploads\/comprobante_[0-9a-f]{32}_[0-9a-f]+\.png$/);
    expect(res.body.filename).toBe(res.body.url.slice('/uploads/'.length));
    expect(res.body.url).not.toContain('mi');
    const served = await fetch(`${inject('baseUrl')}${res.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('accepts JPEG and WebP, with the extension of the detected type', async () => {
    const jpeg = await upload(fileForm(JPEG_BYTES, 'foto.png', 'image/png'));
    expect(jpeg.status).toBe(200);
    expect(jpeg.body.filename).toMatch(/\.jpg$/);
    const webp = await upload(fileForm(WEBP_BYTES, 'foto', 'application/octet-stream'));
    expect(webp.status).toBe(200);
    expect(webp.body.filename).toMatch(/\.webp$/);
  });

  it('refuses HTML and SVG named .jpg, and a PNG header followed by garbage', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="4" height="4"/></svg>',
    );
    const fake = Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.from('<html>esto no es una imagen</html>')]);
    for (const [bytes, name] of [
      [html, 'comprobante.jpg'],
      [svg, 'comprobante.jpg'],
      [fake, 'comprobante.png'],
    ] as const) {
      const res = await upload(fileForm(bytes, name, 'image/jpeg'));
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe(MSG.checkout.proofType);
    }
  });

  it('refuses a 6 MB image with 413', async () => {
    const big = await upload(fileForm(padded(PNG_BYTES, 6 * 1024 * 1024), 'grande.png', 'image/png'));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(MSG.checkout.proofSize);
  });

  it('answers a file beyond the 10 MB body-parser limit with 413 and a Spanish message', async () => {
    const huge = await upload(fileForm(padded(PNG_BYTES, 11 * 1024 * 1024), 'enorme.png', 'image/png'));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'La petición es demasiado grande' });
  });

  it('refuses a request without a file in the "file" field', async () => {
    const wrongField = await upload(fileForm(PNG_BYTES, 'a.png', 'image/png', 'imagen'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Adjunta una imagen en el campo "file"');
    const json = await api('/upload/proof', { body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Adjunta una imagen en el campo "file"');
  });

  it('gives staff (hero image) their own messages', async () => {
    const token = await adminToken();
    const ok = await upload(fileForm(PNG_BYTES, 'hero.png', 'image/png'), token);
    expect(ok.status).toBe(200);
    expect(ok.body.url).toMatch(/^\/uploads\/imagen_/);
    const type = await upload(fileForm(Buffer.from('GIF89a....'), 'hero.gif', 'image/gif'), token);
    expect(type.status).toBe(400);
    expect(type.body.message).toBe(MSG.upload.heroType);
    const big = await upload(fileForm(padded(JPEG_BYTES, 5 * 1024 * 1024 + 1), 'hero.jpg', 'image/jpeg'), token);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(MSG.upload.heroTooLarge);
  });

  it('stores a re-encoded copy: no camera data (EXIF, GPS) survives, and the photo is turned upright', async () => {
    const photo = await phonePhoto();
    const sent = await sharp(photo).metadata();
    expect(sent).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(sent.exif?.toString('latin1')).toContain('Motorola');
    for (const token of [null, await adminToken()]) {
      const res = await upload(fileForm(photo, 'foto.jpg', 'image/jpeg'), token);
      expect(res.status).toBe(200);
      expect(res.body.filename).toMatch(/\.jpg$/);
      const served = await fetch(`${inject('baseUrl')}${res.body.url}`);
      expect(served.status).toBe(200);
      const stored = Buffer.from(await served.arrayBuffer());
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('Motorola');
    }
  });

  it('refuses decompression bombs (over 100 megapixels) at once with a Spanish 400, and keeps serving', async () => {
    for (const [width, height] of [
      [30000, 30000],
      [10500, 10000],
    ] as const) {
      const bomb = await pngBomb(width, height);
      expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
      const started = Date.now();
      const res = await upload(fileForm(bomb, 'comprobante.png', 'image/png'));
      expect(res.status, `${width} x ${height}`).toBe(400);
      expect(res.body.message).toBe('La imagen tiene demasiada resolución (máximo 100 megapíxeles): sube una foto o captura más chica');
      expect(Date.now() - started).toBeLessThan(3000);
    }
    expect((await api('/health')).status).toBe(200);
    const normal = await upload(fileForm(PNG_BYTES, 'comprobante.png', 'image/png'));
    expect(normal.status).toBe(200);
  });

  it('limits public uploads (429 in Spanish) but not staff', async () => {
    let last = await upload(fileForm(PNG_BYTES, 'a.png', 'image/png'));
    for (let i = 0; i < 25 && last.status !== 429; i += 1) last = await upload(fileForm(PNG_BYTES, 'a.png', 'image/png'));
    expect(last.status).toBe(429);
    expect(last.body.message).toBe(MSG.rateLimited);
    const staff = await upload(fileForm(PNG_BYTES, 'hero.png', 'image/png'), await adminToken());
    expect(staff.status).toBe(200);
  });
});
