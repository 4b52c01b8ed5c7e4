import { factories } from '@strapi/strapi';
import { affectedRows, table, writeTransaction, type Trx } from '../../../utils/db-write';
import { badRequest } from '../../../utils/http';
import { asShopWrite } from '../../../utils/shop-write';

/**
 * Every transfer proof uploaded through POST /upload/proof is recorded (url, and the order number once an order
 * uses it). An order may only carry a recorded, unused proof; proofs no order took are deleted after a while.
 */
export const PROOF_UID = 'api::upload-proof.transfer-proof';
export const PROOFS_TABLE = 'transfer_proofs';
const FILE_UID = 'plugin::upload.file';

export const PROOF_NOT_FROM_SHOP = 'El comprobante de transferencia debe subirse desde la tienda';
export const PROOF_ALREADY_USED = 'Este comprobante ya se usó en otro pedido: sube el comprobante de esta compra';

/** What the upload plugin's local provider serves: /uploads/ and a file name (no sub-folder, query or fragment). */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The `/uploads/…` path a proof URL points to on this shop, or null: a relative `/uploads/…` URL, or an absolute
 * one whose origin is the shop's public URL (`PUBLIC_URL`; without it, absolute URLs are refused).
 */
export function proofPathOf(value: string, publicUrl: string): string | null {
  if (value.startsWith('/')) return UPLOAD_PATH.test(value) ? value : null;
  let url: URL;
  let shop: URL;
  try {
    url = new URL(value);
    shop = new URL(publicUrl);
  } catch {
    return null;
  }
  if (url.origin === 'null' || url.origin !== shop.origin || url.username || url.password || url.search || url.hash) return null;
  return UPLOAD_PATH.test(url.pathname) ? url.pathname : null;
}

/** The shop's public URL as Strapi was configured (env PUBLIC_URL), or '' when unset. */
function shopPublicUrl(): string {
  const value: unknown = strapi.config.get('server.url', '');
  return typeof value === 'string' ? value : '';
}

/**
 * Inside the order's transaction: marks the proof as used by `orderNumber`, with one conditional UPDATE that only
 * succeeds while the proof is recorded and unused. Two orders racing for one proof cannot both get it (the second
 * waits for the first's row lock, then finds it used), and the claim rolls back with a refused order.
 */
async function claimProof(trx: Trx, path: string, orderNumber: string): Promise<void> {
  const claimed = affectedRows(
    await table(trx, PROOFS_TABLE)
      .where('url', path)
      .whereNull('order_number')
      .update({ order_number: orderNumber, updated_at: new Date() }),
  );
  if (claimed === 1) return;
  const known: unknown = await table(trx, PROOFS_TABLE).where('url', path).first('id');
  throw badRequest(known ? PROOF_ALREADY_USED : PROOF_NOT_FROM_SHOP);
}

const DEFAULT_MAX_AGE_SECONDS = 24 * 60 * 60;
/** At minute 17 of every hour: an unused proof goes between one day and one day and an hour after its upload. */
const DEFAULT_SCHEDULE = '17 * * * *';
const BATCH = 500;

/** How old an unused proof must be before it is deleted (env UNUSED_PROOF_MAX_AGE_SECONDS, default one day). */
export function unusedProofMaxAgeSeconds(value: string | undefined = process.env.UNUSED_PROOF_MAX_AGE_SECONDS): number {
  const seconds = /^\d+$/.test((value ?? '').trim()) ? Number.parseInt((value ?? '').trim(), 10) : NaN;
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : DEFAULT_MAX_AGE_SECONDS;
}

/** When the cleanup runs (env UNUSED_PROOF_CLEANUP_CRON, a cron rule with an optional seconds field). */
export function unusedProofCleanupSchedule(value: string | undefined = process.env.UNUSED_PROOF_CLEANUP_CRON): string {
  const rule = (value ?? '').trim();
  return rule.split(/\s+/).length >= 5 ? rule : DEFAULT_SCHEDULE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deletes one unused proof: its record (a conditional DELETE that only one process can win, and that loses to an
 * order claiming the proof meanwhile), then the file on disk and its row through the upload plugin, in one
 * transaction. If removing the file fails, the record comes back and the next run tries again; a file already
 * gone from disk is no error.
 */
async function removeProof(id: number, url: string): Promise<boolean> {
  return writeTransaction(async (trx) => {
    const deleted = affectedRows(await table(trx, PROOFS_TABLE).where('id', id).whereNull('order_number').del());
    if (deleted === 0) return false;
    const file: unknown = await strapi.db.query(FILE_UID).findOne({ where: { url } });
    if (isRecord(file)) await strapi.plugin('upload').service('upload').remove(file);
    return true;
  });
}

/** The cron task: deletes the proofs that no order used within the configured age. Safe on several processes. */
async function removeUnusedProofs(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - unusedProofMaxAgeSeconds() * 1000);
  const stale: unknown[] = await strapi.db.query(PROOF_UID).findMany({
    where: { orderNumber: { $null: true }, createdAt: { $lt: cutoff } },
    select: ['id', 'url'],
    orderBy: { id: 'asc' },
    limit: BATCH,
  });
  let removed = 0;
  for (const row of stale) {
    if (!isRecord(row) || typeof row.id !== 'number' || typeof row.url !== 'string') continue;
    try {
      if (await removeProof(row.id, row.url)) removed += 1;
    } catch (err) {
      strapi.log.error(`[proofs] could not delete the unused proof ${row.url}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (removed > 0) strapi.log.info(`[proofs] deleted ${removed} transfer proof(s) no order used`);
  return removed;
}

export default factories.createCoreService('api::upload-proof.transfer-proof', () => ({
  /** Records a proof the upload plugin just stored; until an order claims it, the cleanup may delete it. */
  async record(url: string): Promise<void> {
    await asShopWrite(() => strapi.documents(PROOF_UID).create({ data: { url } }));
  },

  /** The `/uploads/…` path of a proof URL an order names; a 400 when it is not a file this shop stored. */
  proofPath(value: string): string {
    const path = proofPathOf(value, shopPublicUrl());
    if (!path) throw badRequest(PROOF_NOT_FROM_SHOP);
    return path;
  },

  claim: claimProof,
  removeUnused: removeUnusedProofs,
}));
