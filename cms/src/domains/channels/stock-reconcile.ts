import { isConnected, readAccount, settingsOf } from './channel-account';
import { listingPrice, quantityOf } from './listing-body';
import { itemsById } from './listing-client';
import { allListings, listings, productNow, shopVariations } from './listing-store';
import { mercadoLibreConfig } from './mercadolibre-client';
import { enqueueSync, kickSyncWorker, pendingItems, stopSyncSweeps, sweepSyncJobs } from './stock-sync';

/**
 * The periodic check (every MERCADOLIBRE_RECONCILE_EVERY_MS, default 15 minutes): every linked item is read from
 * Mercado Libre (multiget, 20 at a time) and compared with the shop; a difference (units, price, a variation gone) is
 * logged and mended by a sync job; a status Mercado Libre changed (paused for lack of stock, closed by the seller
 * there) is recorded. Items with a change already waiting are left to it.
 */
export interface Drift {
  itemId: string;
  details: string[];
}

export async function reconcileListings(): Promise<Drift[]> {
  const account = await readAccount();
  if (!mercadoLibreConfig() || !isConnected(account)) return [];
  const settings = settingsOf(account);
  const rows = (await allListings()).filter((row) => row.status !== 'closed');
  if (rows.length === 0) return [];
  const items = new Map((await itemsById(rows.map((row) => row.itemId))).map((item) => [item.id, item]));
  const pending = await pendingItems();
  const drifts: Drift[] = [];
  for (const row of rows) {
    const item = items.get(row.itemId);
    if (!item) continue;
    if (item.status && item.status !== row.status) {
      await listings().update({ where: { id: row.id }, data: { status: item.status } });
      strapi.log.info(`[channels] Mercado Libre item ${row.itemId} is now ${item.status} (was ${row.status ?? 'unknown'})`);
    }
    if (item.status === 'closed' || pending.has(row.itemId)) continue;
    const product = await productNow(row.productDocumentId);
    if (!product) continue;
    const variants = new Map((product.variants ?? []).map((variant) => [variant.id, variant]));
    const byId = new Map(item.variations.map((variation) => [variation.id, variation]));
    const price = listingPrice(product, settings, row.price);
    const details: string[] = [];
    for (const entry of shopVariations(row.variations)) {
      const expected = quantityOf(product, variants.get(entry.variantId), settings);
      const variation = entry.variationId === null ? undefined : byId.get(entry.variationId);
      if (!variation) details.push(`${entry.sku}: variation missing`);
      else {
        if (variation.available_quantity !== expected) details.push(`${entry.sku}: ${variation.available_quantity} → ${expected}`);
        if (price !== null && variation.price !== price) details.push(`${entry.sku}: price ${variation.price} → ${price}`);
      }
    }
    if (details.length === 0) continue;
    drifts.push({ itemId: row.itemId, details });
    strapi.log.warn(`[channels] Mercado Libre drift on ${row.itemId}: ${details.join('; ')}: mended`);
    await enqueueSync(strapi.db.connection, row.productDocumentId);
  }
  if (drifts.length > 0) kickSyncWorker();
  return drifts;
}

let syncTimer: NodeJS.Timeout | null = null;
let reconcileTimer: NodeJS.Timeout | null = null;
let reconciling: Promise<unknown> | null = null;

const every = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 100 ? value : fallback;
};

/** The channel's workers while the process runs: the sync jobs every MERCADOLIBRE_SYNC_EVERY_MS, the reconciliation. */
export function startChannelWorkers(): void {
  if (syncTimer || !mercadoLibreConfig()) return;
  syncTimer = setInterval(
    () => void sweepSyncJobs().catch((err) => strapi.log.warn(`[channels] sync sweep failed: ${String(err)}`)),
    every('MERCADOLIBRE_SYNC_EVERY_MS', 1000),
  );
  syncTimer.unref();
  reconcileTimer = setInterval(
    () => {
      reconciling ??= reconcileListings()
        .catch((err) => strapi.log.warn(`[channels] reconciliation failed: ${String(err)}`))
        .finally(() => {
          reconciling = null;
        });
    },
    every('MERCADOLIBRE_RECONCILE_EVERY_MS', 15 * 60_000),
  );
  reconcileTimer.unref();
}

export async function stopChannelWorkers(): Promise<void> {
  if (syncTimer) clearInterval(syncTimer);
  if (reconcileTimer) clearInterval(reconcileTimer);
  syncTimer = null;
  reconcileTimer = null;
  await stopSyncSweeps();
  await reconciling?.catch(() => undefined);
}
