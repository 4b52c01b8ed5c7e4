import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  GO_LIVE_ITEM_IDS,
  emailListAnswerSchema,
  goLiveChecklistSchema,
  testEmailAnswerSchema,
  type GoLiveBackups,
  type GoLiveItem,
  type GoLiveItemId,
} from '@shop/shared';
import { signWebhook } from '../../../scripts/fake-mercadopago.mjs';
import { adminToken, adminTokenAt, api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN, expectAdminOnly } from '../helpers/auth-matrix';
import { TestSmtp } from '../helpers/smtp';
import { inviteStaff } from '../helpers/staff';
import { TEST_ADMIN, createTestDatabase, freePort, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/*
 * The owner's go-live checklist (GET /health/checklist) and its test e-mail (POST /health/test-email). The shared
 * process answers the auth matrix; a shop of its own (two app processes on one database and one Redis, behind a
 * "proxy" that says https, with a backup folder this file writes, a real SMTP server in this process and Mercado
 * Pago credentials whose API address does not answer) shows every line turning green or red for real.
 */

type Items = Record<GoLiveItemId, GoLiveItem>;

async function checklist(options: CallOptions): Promise<Items> {
  return (await checklistAnswer(options)).items;
}

async function checklistAnswer(options: CallOptions): Promise<{ items: Items; backups: GoLiveBackups }> {
  const res = await api('/health/checklist', options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = goLiveChecklistSchema.parse(res.body);
  expect(body.items.map((item) => item.id)).toEqual([...GO_LIVE_ITEM_IDS]);
  expect(Math.abs(Date.parse(body.checkedAt) - Date.now())).toBeLessThan(60_000);
  for (const item of body.items) {
    expect(item.title, item.id).not.toBe('');
    expect(item.detail, item.id).not.toBe('');
    // Every line that is not ready says what to do.
    if (item.ok === false) expect(item.action, item.id).not.toBe('');
  }
  return { items: Object.fromEntries(body.items.map((item) => [item.id, item])) as Items, backups: body.backups };
}

describe('who may read the checklist and ask for a test e-mail', () => {
  it('refuses no token, a garbage token and a shopper; sales and catalog get 403; the owner gets the checklist', async () => {
    await expectAdminOnly('GET', '/health/checklist');
    await expectAdminOnly('POST', '/health/test-email', {});
    const owner = await adminToken();
    for (const role of ['sales', 'catalog'] as const) {
      const token = await inviteStaff(owner, role);
      for (const [method, path] of [
        ['GET', '/health/checklist'],
        ['POST', '/health/test-email'],
      ] as const) {
        const res = await api(path, { method, token, body: method === 'POST' ? {} : undefined });
        expect(res.status, `${method} ${path} as ${role}`).toBe(403);
        expect(res.body.message).toMatch(/Tu rol no permite/);
      }
    }
    const items = await checklist({ token: owner });
    // The shared test shop: no mail server, no Redis, no PUBLIC_URL, a plain-http request.
    expect(items.email).toMatchObject({ ok: false, detail: expect.stringMatching(/SMTP_HOST/) });
    expect(items.redis).toMatchObject({ ok: null, detail: expect.stringMatching(/un solo proceso/) });
    expect(items['public-url'].ok).toBe(false);
    expect(items.https.ok).toBe(false);
  });

  it('does not believe X-Forwarded-Proto from a client when the app does not trust a proxy', async () => {
    const items = await checklist({ token: await adminToken(), headers: { 'x-forwarded-proto': 'https' } });
    expect(items.https).toMatchObject({ ok: false, detail: expect.stringMatching(/TRUST_PROXY=true/) });
  });

  it('shows Mercado Pago only when switched on, and red without credentials', async () => {
    const owner = await adminToken();
    const stored = (await api('/content')).body.content;
    expect((await checklist({ token: owner })).mercadopago.ok).toBe(stored.checkout.paymentInfo.mercadoPago.enabled ? false : null);
    const on = structuredClone(stored.checkout.paymentInfo);
    on.mercadoPago.enabled = true;
    try {
      expect((await api('/content', { method: 'PUT', token: owner, body: { checkout: { paymentInfo: on } } })).status).toBe(200);
      expect((await checklist({ token: owner })).mercadopago).toMatchObject({
        ok: false,
        detail: expect.stringMatching(/MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET/),
      });
    } finally {
      const restored = await api('/content', {
        method: 'PUT',
        token: owner,
        body: { checkout: { paymentInfo: stored.checkout.paymentInfo } },
      });
      expect(restored.status).toBe(200);
    }
  });
});

// ---------- a shop of its own ----------

const ACCESS_TOKEN = `APP_USR-${randomUUID()}`;
const WEBHOOK_SECRET = `secreto-${randomUUID()}`;
const PUBLIC_URL = 'https://tienda-jazmin.test';
const HOUR = 60 * 60 * 1000;

let smtp: TestSmtp;
let database: TestDatabase;
let backupDir: string;
let first: RunningStrapi;
let second: RunningStrapi;
let token: string;

const at = (target: RunningStrapi, options: CallOptions = {}): CallOptions => ({ baseUrl: target.url, token, ...options });
const overHttps = { 'x-forwarded-proto': 'https' };
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function writeStatus(status: unknown): void {
  writeFileSync(path.join(backupDir, 'backup-status.json'), typeof status === 'string' ? status : JSON.stringify(status));
}

function signedWebhook(target: RunningStrapi, paymentId: string) {
  const requestId = randomUUID();
  const signature = signWebhook(WEBHOOK_SECRET, paymentId, requestId, Math.floor(Date.now() / 1000));
  return fetch(`${target.url}/api/payments/mercadopago/webhook?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: paymentId } }),
  });
}

beforeAll(async () => {
  smtp = new TestSmtp();
  await smtp.start();
  backupDir = mkdtempSync(path.join(tmpdir(), 'shop-backups-'));
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  const env = {
    BACKUP_DIR: backupDir,
    TRUST_PROXY: 'true',
    PUBLIC_URL,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    MAIL_FROM: 'Jazmín Lencería <pedidos@tienda-jazmin.test>',
    MAIL_WORKER_INTERVAL_MS: '200',
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Nothing listens there: reading a notified payment fails for real (a 502, the server error this file needs).
    MERCADOPAGO_API_URL: `http://127.0.0.1:${await freePort()}`,
    MERCADOPAGO_TIMEOUT_MS: '2000',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    RATE_LIMIT_PREFIX: `checklist-${process.pid}-${Date.now()}`,
  };
  // One after the other: the first start creates the schema the second finds.
  first = await startStrapi(database, env);
  second = await startStrapi(database, env);
  token = await adminTokenAt(first.url);
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await database?.drop();
  await smtp?.stop();
  if (backupDir) rmSync(backupDir, { recursive: true, force: true });
});

describe('the checklist of a shop behind an HTTPS proxy', () => {
  it('is green for HTTPS only when the proxy says the request came over https, and shows the public address', async () => {
    const plain = await checklist(at(first));
    expect(plain.https).toMatchObject({ ok: false, detail: expect.stringMatching(/llegó sin cifrar/) });
    const secure = await checklist(at(first, { headers: overHttps }));
    expect(secure.https).toMatchObject({ ok: true, action: '' });
    expect(secure['public-url']).toMatchObject({ ok: true, detail: PUBLIC_URL });
  });

  it('names the mail server and sender, Redis answering, the disk space, and the owner without two-factor (a count, no e-mail)', async () => {
    const items = await checklist(at(first, { headers: overHttps }));
    expect(items.email).toMatchObject({ ok: true, detail: expect.stringContaining(`127.0.0.1:${smtp.port}`) });
    expect(items.email.detail).toContain('pedidos@tienda-jazmin.test');
    expect(items.redis).toMatchObject({ ok: true, detail: expect.stringMatching(/^Responde/) });
    expect(items.disk.detail).toMatch(/libres de/);
    expect(typeof items.disk.ok).toBe('boolean');
    expect(items['two-factor']).toMatchObject({ ok: false, detail: 'La única cuenta de dueña/o entra solo con contraseña.' });
    expect(JSON.stringify(items)).not.toContain(TEST_ADMIN.email);
    // The credentials never appear in the answer.
    expect(JSON.stringify(items)).not.toContain(ACCESS_TOKEN);
    expect(JSON.stringify(items)).not.toContain(WEBHOOK_SECRET);
  });

  it('reads the backup status file: none yet, unreadable, fresh, too old, no off-site copy, a failed upload', async () => {
    rmSync(path.join(backupDir, 'backup-status.json'), { force: true });
    expect((await checklistAnswer(at(first))).backups).toBeNull();
    let items = await checklist(at(first));
    expect(items.backup).toMatchObject({ ok: false, detail: expect.stringMatching(/^Todavía no hay ninguna copia de seguridad/) });
    expect(items.backup.action).toMatch(/npm run backup/);
    expect(items.offsite.ok).toBe(false);

    writeStatus('{ no es json');
    items = await checklist(at(first));
    expect(items.backup).toMatchObject({ ok: false, detail: expect.stringMatching(/No se pudo leer .*no es un JSON válido/) });
    writeStatus({ version: 1, local: { at: 'ayer', archive: 'a', bytes: 1 } });
    expect((await checklist(at(first))).backup.detail).toMatch(/no tiene el formato esperado/);

    const local = { at: ago(3), archive: 'shop-backup-2026-11-22T03-00-00-000Z.tar.gz', bytes: 5 * 1024 * 1024 };
    const remote = { ...local, remote: 'offsite:jazmin-copias' };
    writeStatus({ version: 1, local, remote, remoteConfigured: true, lastError: null });
    const answer = await checklistAnswer(at(first));
    expect(answer.backups).toEqual({
      local: { at: local.at, bytes: local.bytes },
      remote: { at: remote.at, bytes: remote.bytes, remote: remote.remote },
      remoteConfigured: true,
    });
    items = answer.items;
    expect(items.backup).toMatchObject({ ok: true, detail: expect.stringMatching(/^Última copia local hace 3 h \(.*\), 5 MB\.$/) });
    expect(items.offsite).toMatchObject({ ok: true, detail: expect.stringMatching(/hace 3 h .* a offsite:jazmin-copias/) });

    writeStatus({
      version: 1,
      local: { ...local, at: ago(50) },
      remote: { ...remote, at: ago(50) },
      remoteConfigured: true,
      lastError: null,
    });
    items = await checklist(at(first));
    expect(items.backup).toMatchObject({ ok: false, detail: expect.stringMatching(/hace 2 días .*más de 26 h/) });
    expect(items.offsite.ok).toBe(false);

    writeStatus({ version: 1, local, remote: null, remoteConfigured: false, lastError: null });
    items = await checklist(at(first));
    expect(items.backup.ok).toBe(true);
    expect(items.offsite).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/No está configurada/),
      action: expect.stringMatching(/BACKUP_REMOTE/),
    });

    const failed = { at: ago(1), stage: 'remote', message: 'No se pudo subir la copia: el destino rechazó la conexión' };
    writeStatus({ version: 1, local, remote, remoteConfigured: true, lastError: failed });
    items = await checklist(at(second));
    expect(items.backup.ok).toBe(true);
    expect(items.offsite).toMatchObject({ ok: false, detail: expect.stringContaining('falló hace 1 h: No se pudo subir la copia') });
  });

  it('shows Mercado Pago green once the owner switches it on with both credentials loaded', async () => {
    expect((await checklist(at(first))).mercadopago.ok).toBeNull();
    const stored = (await api('/content', { baseUrl: first.url })).body.content;
    const on = structuredClone(stored.checkout.paymentInfo);
    on.mercadoPago.enabled = true;
    expect((await api('/content', at(first, { method: 'PUT', body: { checkout: { paymentInfo: on } } }))).status).toBe(200);
    expect((await checklist(at(first))).mercadopago).toMatchObject({ ok: true, action: '' });
  });

  it('records a real server error (Mercado Pago unreachable: 502) and every process shows it through Redis', async () => {
    const before = await checklist(at(second));
    expect(before['last-error']).toMatchObject({ ok: true, detail: 'Ninguno registrado.' });
    const res = await signedWebhook(first, '4242424242');
    expect(res.status).toBe(502);
    // Asked of the other process: the error travelled through Redis.
    const items = await checklist(at(second));
    expect(items['last-error']).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /^Hace menos de un minuto \(.*\): POST \/api\/payments\/mercadopago\/webhook respondió 502 \(No se pudo consultar el pago en Mercado Pago/,
      ),
    });
    // The route's pattern, never the payment id of the request; no credentials.
    expect(items['last-error'].detail).not.toContain('4242424242');
    expect(items['last-error'].detail).not.toContain(ACCESS_TOKEN);
    expect((await checklist(at(first)))['last-error'].ok).toBe(false);
  });
});

describe('POST /health/test-email', () => {
  it('refuses junk bodies with 400 (and they cost nothing), never lets the address be chosen', async () => {
    const junk: CallOptions[] = [
      { body: [] },
      { body: 'hola' },
      { body: null },
      { body: 42 },
      { body: { to: 'otra@example.com' } },
      { body: { email: 'otra@example.com', subject: 'x' } },
      { raw: '{"to": ', headers: { 'content-type': 'application/json' } },
    ];
    for (const options of junk) {
      const res = await api('/health/test-email', at(first, { method: 'POST', ...options }));
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const garbage = await api('/health/test-email', { baseUrl: first.url, method: 'POST', body: {}, token: GARBAGE_TOKEN });
    expect(garbage.status).toBe(401);
    expect(smtp.received.filter((mail) => mail.subject.startsWith('Correo de prueba'))).toEqual([]);
  });

  it('queues a test message to the signed-in account through the outbox, it arrives, and the owner sees it sent', async () => {
    const res = await api('/health/test-email', at(first, { method: 'POST', body: {} }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const answer = testEmailAnswerSchema.parse(res.body);
    expect(answer.mailConfigured).toBe(true);
    expect(answer.message).toMatch(new RegExp(`^Correo de prueba en camino a ${TEST_ADMIN.email}`));
    expect(answer.email).toMatchObject({ to: TEST_ADMIN.email, kind: 'staff_test', status: 'pending', orderId: null });

    const [mail] = await smtp.waitFor((m) => m.subject.startsWith('Correo de prueba'));
    expect(mail?.to).toBe(TEST_ADMIN.email);
    expect(mail?.from).toContain('pedidos@tienda-jazmin.test');
    expect(mail?.text).toContain('la tienda puede enviar correos');
    expect(mail?.text).toContain(`${PUBLIC_URL}/admin/emails`);

    const list = emailListAnswerSchema.parse((await api('/emails?limit=5', at(first))).body);
    const listed = list.emails.find((m) => m.id === answer.email.id);
    expect(listed).toMatchObject({ status: 'sent', kind: 'staff_test' });

    const activity = await api('/activity?kind=emails', at(first));
    expect(activity.body.activity[0]).toMatchObject({ action: 'email.test', target: String(answer.email.id) });
  });

  it('allows 5 per hour per account, then 429 with Retry-After', async () => {
    // One was sent by the test above.
    for (let i = 0; i < 4; i += 1) {
      expect((await api('/health/test-email', at(first, { method: 'POST', body: {} }))).status).toBe(202);
    }
    const refused = await api('/health/test-email', at(second, { method: 'POST', body: {} }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/correos de prueba en la última hora/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
