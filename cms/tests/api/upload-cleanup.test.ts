import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type CallOptions } from '../helpers/api';
import { PNG_BYTES, fileForm } from '../helpers/orders';
import { CMS_DIR, TEST_ADMIN, createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

// Two more Strapi processes on their own throwaway database, both deleting unused proofs every second once older
// than a few seconds (the shared process keeps the defaults: hourly, one day). The first also has a public URL
// and its own temp folder, to see what multipart requests leave there.
const MAX_AGE_SECONDS = 5;
const PUBLIC_URL = 'https://tienda.example';
const CLEANUP = {
  UNUSED_PROOF_CLEANUP_CRON: '* * * * * *',
  UNUSED_PROOF_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
  RATE_LIMIT_UPLOADS_MAX: '1000',
  RATE_LIMIT_ORDERS_MAX: '1000',
};
const MULTIPART_REFUSED = 'Esta ruta no acepta archivos: envía los datos como JSON';
const tempDir = mkdtempSync(path.join(tmpdir(), 'shop-strapi-tmp-'));

let database: TestDatabase;
let first: RunningStrapi;
let second: RunningStrapi;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: first.url, ...options });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function staffToken(): Promise<string> {
  const res = await call('/auth/login', { body: TEST_ADMIN });
  expect(res.status).toBe(200);
  return res.body.token;
}

async function uploadProof(): Promise<string> {
  const res = await call('/upload/proof', { method: 'POST', raw: fileForm(PNG_BYTES, 'comprobante.png', 'image/png') });
  expect(res.status).toBe(200);
  return res.body.url;
}

/** A call to one of Strapi's own routes (outside /api) on the first process, with its JSON answer. */
async function panel<T>(pathname: string, init: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(`${first.url}${pathname}`, init);
  const text = await res.text();
  const body: T = JSON.parse(text || 'null');
  return { status: res.status, body };
}

/** The HTTP status of a stored file, as a browser would load it. */
async function served(url: string): Promise<number> {
  return (await fetch(`${first.url}${url}`)).status;
}

const onDisk = (url: string) => existsSync(path.join(CMS_DIR, 'public', url));

/** Files left in the first process's temp folder (Strapi's body parser may remove its own a moment later). */
async function tempFilesAfter(ms: number): Promise<string[]> {
  const deadline = Date.now() + ms;
  let files = readdirSync(tempDir);
  while (files.length > 0 && Date.now() < deadline) {
    await sleep(100);
    files = readdirSync(tempDir);
  }
  return files;
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  first = await startStrapi(database, { ...CLEANUP, PUBLIC_URL, TMPDIR: tempDir });
  second = await startStrapi(database, CLEANUP);
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.drop();
  rmSync(tempDir, { recursive: true, force: true });
});

describe('unused transfer proofs', () => {
  it('are deleted once older than the age, by two processes at once; used and fresh proofs stay', async () => {
    const token = await staffToken();
    const created = await call('/products', {
      body: {
        title: 'Conjunto Limpieza',
        description: 'd',
        price: 5000,
        category: 'conjuntos',
        stock: 10,
        size: ['M'],
        thumbnails: ['/images/x.webp'],
      },
      token,
    });
    expect(created.status).toBe(201);
    const order = (transferProofUrl: string) =>
      call('/orders', {
        body: {
          items: [{ productId: created.body.product._id, quantity: 1, size: 'M' }],
          shippingInfo: { fullName: 'Ana Pérez', email: 'ana@example.com', phone: '2995551234' },
          paymentMethod: 'transfer',
          transferProofUrl,
        },
      });

    const unused = [await uploadProof(), await uploadProof(), await uploadProof(), await uploadProof()];
    const used = await uploadProof();
    // An absolute URL on the shop's own public origin is accepted, and stored as the /uploads path.
    for (const foreign of [
      `http://tienda.example${used}`,
      `https://tienda.example:8443${used}`,
      `https://tienda.example.evil.test${used}`,
    ]) {
      const refused = await order(foreign);
      expect(refused.status, foreign).toBe(400);
      expect(refused.body.message).toBe('El comprobante de transferencia debe subirse desde la tienda');
    }
    const placed = await order(`${PUBLIC_URL}${used}`);
    expect(placed.status).toBe(201);
    expect(placed.body.order.transferProofUrl).toBe(used);
    for (const url of [...unused, used]) {
      expect(await served(url)).toBe(200);
      expect(onDisk(url)).toBe(true);
    }

    // Wait for the unused ones to go (age plus a few runs of the one-second schedule).
    const deadline = Date.now() + (MAX_AGE_SECONDS + 20) * 1000;
    let left = unused;
    while (left.length > 0 && Date.now() < deadline) {
      await sleep(500);
      left = unused.filter(onDisk);
    }
    expect(left).toEqual([]);
    for (const url of unused) expect(await served(url)).toBe(404);

    // A fresh proof survives two more runs; the used one is still there, file and order alike.
    const fresh = await uploadProof();
    await sleep(2500);
    expect(await served(fresh)).toBe(200);
    expect(await served(used)).toBe(200);
    expect(onDisk(used)).toBe(true);
    expect((await call(`/orders/${placed.body.order._id}`)).body.order.transferProofUrl).toBe(used);

    // A deleted proof can no longer be attached to an order; the fresh one can.
    const expired = await order(unused[0]!);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('El comprobante de transferencia debe subirse desde la tienda');
    expect((await order(fresh)).status).toBe(201);

    // Both processes ran the cleanup on the same proofs: neither failed.
    for (const app of [first, second]) {
      expect(app.logs()).not.toMatch(/could not delete the unused proof|Cron job "removeUnusedProofs" failed/);
    }
    expect(`${first.logs()}${second.logs()}`).toMatch(/\[proofs\] deleted \d+ transfer proof/);
  });
});

/**
 * Starts a multipart upload of a 2 MB file and sends only its first 300 kB, as a slow client would; after a while,
 * lists the temp folder (the body is still arriving) and gives up waiting for an answer.
 */
function partialMultipart(pathname: string): Promise<{ status: number | null; body: string; tempFiles: string[] }> {
  const boundary = `limite${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="relleno.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const declared = head.length + 2_000_000;
  return new Promise((resolve, reject) => {
    let status: number | null = null;
    let body = '';
    const req = http.request(`${first.url}/api${pathname}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(declared) },
    });
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
    });
    // The server may close the connection while the request is still open: that is the expected answer.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    req.write(head);
    req.write(Buffer.alloc(300_000, 7));
    setTimeout(() => {
      const tempFiles = readdirSync(tempDir);
      setTimeout(() => {
        req.destroy();
        resolve({ status, body, tempFiles });
      }, 500);
    }, 1500);
  });
}

describe('multipart bodies', () => {
  it('are refused (415, Spanish) on every route but the uploads, and nothing is written to the temp folder', async () => {
    const token = await staffToken();
    for (const [method, pathname, auth] of [
      ['POST', '/orders', null],
      ['POST', '/contact', null],
      ['POST', '/auth/login', null],
      ['PUT', '/content', token],
      ['POST', '/products', token],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(300_000, 7)]), 'relleno.bin');
      form.append('data', JSON.stringify({ title: 'x' }));
      const res = await call(pathname, { method, raw: form, token: auth });
      expect(res.status, `${method} ${pathname}`).toBe(415);
      expect(res.body).toEqual({ message: MULTIPART_REFUSED });
    }
    expect(readdirSync(tempDir)).toEqual([]);
  });

  it('are answered before the body is read: a slow upload to another route never reaches the temp folder', async () => {
    const slow = await partialMultipart('/orders');
    expect(slow.tempFiles).toEqual([]);
    expect(slow.status).toBe(415);
    expect(JSON.parse(slow.body)).toEqual({ message: MULTIPART_REFUSED });
  });

  it("keep working on the upload routes: the shop's proofs, Strapi's media library and its content API; no temp file is left", async () => {
    expect(await served(await uploadProof())).toBe(200);

    // The panel's super-admin (created at the first start from ADMIN_EMAIL/ADMIN_PASSWORD), as a developer would use it.
    const registered = await panel<{ data: { token: string } }>('/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    expect(registered.status).toBe(200);
    const panelToken: string = registered.body.data.token;
    const auth = { authorization: `Bearer ${panelToken}` };

    const library = new FormData();
    library.append('files', new Blob([PNG_BYTES], { type: 'image/png' }), 'logo-panel.png');
    const viaPanel = await panel<{ url: string }[]>('/upload', { method: 'POST', body: library, headers: auth });
    expect(viaPanel.status).toBe(201);
    expect(await served(viaPanel.body[0]!.url)).toBe(200);

    const created = await panel<{ data: { accessKey: string } }>('/admin/api-tokens', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'pruebas', description: '', type: 'full-access', lifespan: null }),
    });
    expect(created.status).toBe(201);
    const content = new FormData();
    content.append('files', new Blob([PNG_BYTES], { type: 'image/png' }), 'desde-api.png');
    const viaApi = await call('/upload', { method: 'POST', raw: content, token: created.body.data.accessKey });
    expect(viaApi.status).toBe(201);
    expect(await served(viaApi.body[0].url)).toBe(200);

    expect(await tempFilesAfter(2000)).toEqual([]);
  });
});
