import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { adminTokenAt, api } from '../helpers/api';
import { fileForm, orderBody, PNG_BYTES, type TestProduct } from '../helpers/orders';
import { runRootScript } from '../helpers/root-scripts';
import {
  CMS_DIR,
  createTestDatabase,
  postgresAvailable,
  startStrapi,
  type DatabaseKind,
  type RunningStrapi,
  type TestDatabase,
} from '../helpers/strapi-process';

// `npm run backup` while shoppers keep ordering, then `npm run restore` into a fresh location and a shop started on
// it: every order answered 201 before the backup began is there, with its lines, and the stock matches the orders
// the copy holds. On SQLite and on PostgreSQL.
const CLIENTS = 6;
const ORDERS_BEFORE_BACKUP = 30;
const INITIAL_STOCK = 100_000;
const PROOF_ORDERS = 3;
const LIMITS = { RATE_LIMIT_ORDERS_MAX: '100000', RATE_LIMIT_UPLOADS_MAX: '100000' };
const SHOP_UPLOADS = path.join(CMS_DIR, 'public', 'uploads');

interface Acknowledged {
  orderNumber: string;
  quantity: number;
  proof: string | null;
  sentAt: number;
  ackAt: number;
}

interface ListedOrder {
  _id: string;
  orderNumber: string;
  items: { productId: string; quantity: number }[];
  transferProofUrl: string | null;
}

/** Runs one of the root scripts as the owner would, without this process's database, uploads and backup settings. */
const BACKUP_SETTINGS = new Set(['DATABASE_URL', 'DATABASE_FILENAME', 'ENV_PATH', 'UPLOADS_DIR', 'BACKUP_DIR', 'BACKUP_KEEP']);
const runScript = (script: string, args: string[], env: Record<string, string>) =>
  runRootScript(script, args, env, (name) => BACKUP_SETTINGS.has(name));

async function allOrders(baseUrl: string, token: string): Promise<ListedOrder[]> {
  const orders: ListedOrder[] = [];
  for (let page = 1; ; page += 1) {
    const res = await api<{ orders: ListedOrder[]; totalPages: number }>(`/orders?limit=100&page=${page}`, { token, baseUrl });
    if (res.status !== 200) throw new Error(`GET /orders: ${res.status} ${JSON.stringify(res.body)}`);
    orders.push(...res.body.orders);
    if (page >= res.body.totalPages) return orders;
  }
}

async function stockOf(baseUrl: string, token: string, productId: string): Promise<number> {
  const res = await api<{ product: TestProduct }>(`/products/${productId}`, { token, baseUrl });
  if (res.status !== 200) throw new Error(`GET /products: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product.stock;
}

const pgReachable = await postgresAvailable();
if (!pgReachable && process.env.CI) throw new Error('PostgreSQL is required in CI (TEST_PG_ADMIN_URL)');
const kinds: DatabaseKind[] = pgReachable ? ['sqlite', 'postgres'] : ['sqlite'];
if (!pgReachable) console.warn('backup.test.ts: PostgreSQL unreachable, only SQLite is tested');

describe.each(kinds)('backup and restore on %s', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('a backup taken under order load, restored into a fresh location, holds every order acknowledged before it began and consistent stock', async () => {
    const testStarted = performance.now();
    const original: TestDatabase = await createTestDatabase(kind);
    cleanup.push(() => original.drop());
    const shop: RunningStrapi = await startStrapi(original, LIMITS);
    cleanup.push(() => shop.stop());
    const token = await adminTokenAt(shop.url);

    const created = await api<{ product: TestProduct }>('/products', {
      token,
      baseUrl: shop.url,
      body: {
        title: `Conjunto Copia ${Date.now().toString(36)}`,
        description: 'Producto de la prueba de copias de seguridad',
        price: 10000,
        discount: 0,
        category: 'conjuntos',
        stock: INITIAL_STOCK,
        size: ['S', 'M', 'L'],
        stockBySize: { S: 0, M: INITIAL_STOCK, L: 0 },
        status: true,
        thumbnails: ['/images/products/prueba.webp'],
      },
    });
    expect(created.status).toBe(201);
    const productId = created.body.product._id;

    const acknowledged: Acknowledged[] = [];
    const refused: string[] = [];
    const place = async (quantity: number, proof: string | null): Promise<void> => {
      const body = orderBody([{ productId, quantity }], proof ? { paymentMethod: 'transfer', transferProofUrl: proof } : {});
      const sentAt = performance.now();
      const res = await api<{ orderNumber: string }>('/orders', { body, baseUrl: shop.url });
      const ackAt = performance.now();
      if (res.status === 201) acknowledged.push({ orderNumber: res.body.orderNumber, quantity, proof, sentAt, ackAt });
      else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
    };

    // Transfer orders with their proofs: uploaded files the restored orders refer to.
    for (let i = 0; i < PROOF_ORDERS; i += 1) {
      const upload = await api<{ url: string }>('/upload/proof', {
        method: 'POST',
        raw: fileForm(PNG_BYTES, 'comprobante.png', 'image/png'),
        baseUrl: shop.url,
      });
      expect(upload.status).toBe(200);
      await place(1, upload.body.url);
    }

    // Shoppers ordering continuously, before, during and after the backup.
    let stop = false;
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; !stop; n += 1) await place(1 + ((client + n) % 3), null);
    });
    while (acknowledged.length < ORDERS_BEFORE_BACKUP && refused.length === 0) await new Promise((r) => setTimeout(r, 50));

    const backupDir = mkdtempSync(path.join(tmpdir(), 'shop-backups-'));
    cleanup.push(async () => rmSync(backupDir, { recursive: true, force: true }));
    const backupStartedAt = performance.now();
    const backup = await runScript('backup.mjs', [], { ...original.env, BACKUP_DIR: backupDir });
    const backupEndedAt = performance.now();
    const acknowledgedBeforeBackup = acknowledged.filter((o) => o.ackAt < backupStartedAt);
    const countAtBackupEnd = acknowledged.length;
    while (acknowledged.length < countAtBackupEnd + 2 * CLIENTS && refused.length === 0) await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await Promise.all(clients);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    // The shop kept serving: no order was refused before, during or after the backup.
    expect(refused).toEqual([]);

    // The archive: where it is and how big, as printed; private to its owner.
    const archive = /^Backup written: (.+)$/m.exec(backup.stdout)?.[1] ?? '';
    const printedBytes = Number(/^Size: .*\((\d+) bytes\)/m.exec(backup.stdout)?.[1]);
    expect(archive.startsWith(backupDir)).toBe(true);
    expect(statSync(archive).size).toBe(printedBytes);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(backup.stdout).toMatch(/Secrets: the generated-secrets file is included/);

    // Restore into a fresh location: a new empty database, an empty uploads folder, no secrets file yet.
    const target: TestDatabase = await createTestDatabase(kind);
    cleanup.push(() => target.drop());
    const restoredUploads = mkdtempSync(path.join(tmpdir(), 'shop-restored-uploads-'));
    cleanup.push(async () => rmSync(restoredUploads, { recursive: true, force: true }));
    const restoreEnv = { ...target.env, UPLOADS_DIR: restoredUploads };
    const restore = await runScript('restore.mjs', [archive], restoreEnv);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    // The generated secrets came back: tokens issued by the original shop are still valid on the restored one.
    const targetEnvPath = target.env.ENV_PATH;
    const originalEnvPath = original.env.ENV_PATH;
    if (targetEnvPath === undefined || originalEnvPath === undefined)
      throw new Error('every test database has its own secrets file (ENV_PATH)');
    expect(readFileSync(targetEnvPath, 'utf8')).toBe(readFileSync(originalEnvPath, 'utf8'));
    expect(statSync(targetEnvPath).mode & 0o777).toBe(0o600);

    await shop.stop();
    const restored = await startStrapi(target, LIMITS);
    cleanup.push(() => restored.stop());
    const orders = (await allOrders(restored.url, token)).filter((o) => o.items.some((item) => item.productId === productId));
    const byNumber = new Map(orders.map((o) => [o.orderNumber, o]));

    // Every order acknowledged before the backup began is there, with its line.
    const missing = acknowledgedBeforeBackup.filter((o) => !byNumber.has(o.orderNumber)).map((o) => o.orderNumber);
    expect(missing).toEqual([]);
    for (const ack of acknowledgedBeforeBackup) {
      expect(byNumber.get(ack.orderNumber)?.items.map((item) => [item.productId, item.quantity])).toEqual([[productId, ack.quantity]]);
    }
    // Nothing else: each restored order is one a shopper was answered 201 for, with the same units, and none sent
    // after the backup ended is there (a copy of one instant, not of the live database at restore time).
    const all = new Map(acknowledged.map((o) => [o.orderNumber, o]));
    for (const order of orders) expect(order.items[0]?.quantity).toBe(all.get(order.orderNumber)?.quantity);
    const sentAfter = acknowledged.filter((o) => o.sentAt > backupEndedAt);
    expect(sentAfter.length).toBeGreaterThan(0);
    expect(sentAfter.filter((o) => byNumber.has(o.orderNumber)).map((o) => o.orderNumber)).toEqual([]);

    // Stock = initial − the units of the orders the copy holds.
    const unitsInCopy = orders.reduce((sum, o) => sum + o.items.reduce((units, item) => units + item.quantity, 0), 0);
    expect(await stockOf(restored.url, token, productId)).toBe(INITIAL_STOCK - unitsInCopy);

    // The uploaded proofs the restored orders refer to came back, byte for byte.
    for (const ack of acknowledged.filter((o) => o.proof)) {
      const proof = ack.proof ?? '';
      expect(byNumber.get(ack.orderNumber)?.transferProofUrl).toBe(proof);
      const file = path.join(restoredUploads, path.basename(proof));
      expect(existsSync(file), `${proof} restored`).toBe(true);
      expect(readFileSync(file).equals(readFileSync(path.join(SHOP_UPLOADS, path.basename(proof))))).toBe(true);
    }

    // A second restore onto the now non-empty location is refused, and changes nothing.
    const again = await runScript('restore.mjs', [archive], restoreEnv);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/not empty/);
    expect(again.stderr).toMatch(/--force/);
    expect((await allOrders(restored.url, token)).filter((o) => byNumber.has(o.orderNumber))).toHaveLength(orders.length);
    await restored.stop();

    // --force replaces it (shop stopped, as the README says).
    const forced = await runScript('restore.mjs', [archive, '--force'], restoreEnv);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/previous data replaced/);

    console.log(
      `[${kind}] ${acknowledged.length} orders acknowledged (${acknowledgedBeforeBackup.length} before the backup, ${orders.length} in the copy); ` +
        `archive ${printedBytes} bytes; backup ${backup.seconds.toFixed(1)} s, restore ${restore.seconds.toFixed(1)} s; test ${((performance.now() - testStarted) / 1000).toFixed(0)} s`,
    );
  });
});
