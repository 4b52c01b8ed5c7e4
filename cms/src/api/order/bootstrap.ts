import type { Core } from '@strapi/strapi';

/** Unique indexes Strapi does not create by itself (its `unique` attribute is only checked by the application). */
const UNIQUE_INDEXES = [
  // ON CONFLICT (day) in the order-number upsert needs it, and it keeps one counter per day.
  { name: 'shop_order_sequences_day_uq', table: 'order_sequences', column: 'day' },
  // The last line of defence against a duplicated order number.
  { name: 'shop_orders_order_number_uq', table: 'orders', column: 'order_number' },
  // One record per stored proof; also the index the order's claim (WHERE url = ?) looks it up with.
  { name: 'shop_transfer_proofs_url_uq', table: 'transfer_proofs', column: 'url' },
  // ON CONFLICT (idempotency_key) when an order claims its Idempotency-Key: one order per key.
  { name: 'shop_order_idempotency_keys_key_uq', table: 'order_idempotency_keys', column: 'idempotency_key' },
] as const;

async function ensureUniqueIndex(strapi: Core.Strapi, index: (typeof UNIQUE_INDEXES)[number]): Promise<void> {
  const schema = strapi.db.getSchemaName();
  const target = schema ? `${schema}.${index.table}` : index.table;
  const create = () => strapi.db.connection.raw('CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)', [index.name, target, index.column]);
  try {
    await create();
  } catch (first) {
    // Two processes starting together on PostgreSQL can race on the same CREATE INDEX; the second try sees it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      await create();
    } catch {
      // Not fatal: the rest of the shop keeps working, and the log says what to repair (duplicated rows).
      const reason = first instanceof Error ? first.message : String(first);
      strapi.log.error(
        `[orders] could not create unique index ${index.name} on ${index.table}(${index.column}): ${reason}. ` +
          'Remove the duplicated rows and restart; until then new orders may fail.',
      );
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Proofs and the hero image get no responsive copies (only Strapi's small thumbnail), and no calls to an AI
 * service for metadata. Camera metadata is already gone: POST /upload/proof stores a re-encoded copy.
 */
async function configureUploads(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'upload', key: 'settings' });
  const current: unknown = await store.get({});
  const settings = isRecord(current) ? current : {};
  if (settings.responsiveDimensions === false && settings.aiMetadata === false) return;
  await store.set({ value: { ...settings, responsiveDimensions: false, aiMetadata: false } });
}

/** Bootstrap-phase setup of orders: unique indexes backing order numbers, upload settings. Idempotent. */
export async function setupOrders(strapi: Core.Strapi): Promise<void> {
  for (const index of UNIQUE_INDEXES) await ensureUniqueIndex(strapi, index);
  await configureUploads(strapi);
}
