import type { Knex } from 'knex';

export interface IndexDefinition {
  name: string;
  table: string;
  columns: readonly string[];
  unique?: boolean;
  /** A partial index's predicate (SQL written here, never from input): only the rows it holds are in the index. */
  where?: string;
}

/**
 * Indexes Strapi does not create by itself. Its `unique` attribute is only checked by the application, so the
 * unique ones back the ON CONFLICT clauses of the order-number and Idempotency-Key upserts and are the last line of
 * defence against duplicated orders; the others serve the dashboard aggregates, the catalogue filters, the
 * every-minute sweep of expired holds and the order timeline.
 */
export const SHOP_INDEXES: readonly IndexDefinition[] = [
  // Covering index: the most-viewed GROUP BY reads only the index, never the table rows.
  {
    name: 'idx_shop_interactions_product_views',
    table: 'interactions',
    columns: ['type', 'product_id', 'product_title', 'product_category'],
  },
  { name: 'idx_shop_interactions_type_category', table: 'interactions', columns: ['type', 'product_category'] },
  { name: 'idx_shop_interactions_created_at', table: 'interactions', columns: ['created_at'] },
  // Named before the column was renamed (status -> is_active, see the 2026.11.23 migration); kept so existing shops keep it.
  { name: 'idx_shop_products_status_category', table: 'products', columns: ['is_active', 'category'] },
  { name: 'idx_shop_products_final_price', table: 'products', columns: ['final_price'] },
  { name: 'idx_shop_orders_reserved_until', table: 'orders', columns: ['reserved_until'] },
  { name: 'idx_shop_order_events_order', table: 'order_events', columns: ['order_document_id', 'at'] },
  // The outbox worker's look-up of due messages, and an order's messages on its detail page.
  { name: 'idx_shop_email_outboxes_due', table: 'email_outboxes', columns: ['status', 'next_attempt_at'] },
  { name: 'idx_shop_email_outboxes_order', table: 'email_outboxes', columns: ['order_document_id', 'created_at'] },
  // Staff's list of messages, newest first, whole or by status: a page's ids and the count read from the index alone.
  { name: 'idx_shop_email_outboxes_list', table: 'email_outboxes', columns: ['created_at', 'id'] },
  { name: 'idx_shop_email_outboxes_list_status', table: 'email_outboxes', columns: ['status', 'created_at', 'id'] },
  // ON CONFLICT (day) in the order-number upsert needs it, and it keeps one counter per day.
  { name: 'shop_order_sequences_day_uq', table: 'order_sequences', columns: ['day'], unique: true },
  // The last line of defence against a duplicated order number.
  { name: 'shop_orders_order_number_uq', table: 'orders', columns: ['order_number'], unique: true },
  // One record per stored proof; also the index the order's claim (WHERE url = ?) looks it up with.
  { name: 'shop_transfer_proofs_url_uq', table: 'transfer_proofs', columns: ['url'], unique: true },
  // ON CONFLICT (idempotency_key) when an order claims its Idempotency-Key: one order per key.
  { name: 'shop_order_idempotency_keys_key_uq', table: 'order_idempotency_keys', columns: ['idempotency_key'], unique: true },
  // ON CONFLICT in the payment webhook: each state of each payment changes its order once, whatever the deliveries.
  {
    name: 'shop_payment_events_state_uq',
    table: 'payment_events',
    columns: ['provider', 'payment_id', 'payment_status'],
    unique: true,
  },
  // Coupon codes are unique (case-insensitive: stored upper case); the order's claim of a use relies on the second.
  { name: 'shop_coupons_code_uq', table: 'coupons', columns: ['code'], unique: true },
  // ON CONFLICT when an order takes a coupon use: one per order, or one per customer for "one per customer" coupons.
  { name: 'shop_coupon_uses_customer_uq', table: 'coupon_uses', columns: ['coupon_code', 'customer_key'], unique: true },
  { name: 'idx_shop_coupon_uses_order', table: 'coupon_uses', columns: ['order_document_id'] },
  // One account per e-mail (staff sign in with it; their username is the e-mail too). Strapi checks it in the
  // application only: two invitations of one e-mail at the same moment both passed that check on PostgreSQL.
  { name: 'shop_up_users_email_uq', table: 'up_users', columns: ['email'], unique: true },
  { name: 'shop_up_users_username_uq', table: 'up_users', columns: ['username'], unique: true },
  // "Avisame": one alert per product, size and e-mail (ON CONFLICT when she asks again); the sweep reads the waiting ones.
  // One alert per e-mail and variant waited for (colour '' = any colour of the size); replaces shop_stock_alerts_uq
  // (product, size, e-mail), dropped by prepareStockAlertColors before this index is made.
  {
    name: 'shop_stock_alerts_variant_uq',
    table: 'stock_alerts',
    columns: ['product_document_id', 'size', 'color', 'email'],
    unique: true,
  },
  { name: 'idx_shop_stock_alerts_status', table: 'stock_alerts', columns: ['alert_status', 'product_document_id'] },
  // ON CONFLICT in the search-miss counter: one row per term and day.
  { name: 'shop_search_misses_term_day_uq', table: 'search_misses', columns: ['term_key', 'day'], unique: true },
  // Abandoned checkouts: one draft per token (ON CONFLICT), one opt-out per hashed address, the list and the sweep.
  { name: 'shop_checkout_drafts_token_uq', table: 'checkout_drafts', columns: ['token'], unique: true },
  { name: 'shop_checkout_optouts_hash_uq', table: 'checkout_optouts', columns: ['email_hash'], unique: true },
  { name: 'idx_shop_checkout_drafts_open', table: 'checkout_drafts', columns: ['converted_at', 'updated_at'] },
];

/** What this migration needs of Strapi's database object (Strapi passes it after the transaction). */
export interface MigrationDatabase {
  getSchemaName(): string | undefined;
  logger: { error(message: string): void };
}

/**
 * Creates every index whose table and columns exist (idempotent: IF NOT EXISTS, SQLite and PostgreSQL). A table Strapi has
 * not created yet is skipped: on a fresh database Strapi runs migrations before it syncs the schema, so the
 * `strapi::content-types.afterSync` hook in src/index.ts runs this again once the tables exist.
 * A unique index that cannot be built (duplicated rows) is reported, not fatal: the shop keeps selling and the log
 * says what to repair. Each index is built in a savepoint so that one failure does not abort the rest on PostgreSQL.
 */
export async function createShopIndexes(
  knex: Knex,
  db?: MigrationDatabase,
  indexes: readonly IndexDefinition[] = SHOP_INDEXES,
): Promise<void> {
  const schema = db?.getSchemaName();
  for (const index of indexes) {
    const builder = () => (schema ? knex.schema.withSchema(schema) : knex.schema);
    if (!(await builder().hasTable(index.table))) continue;
    // A column a later migration renames into place (an older shop's `status`) is indexed by the after-sync run.
    const columns = await Promise.all(index.columns.map((column) => builder().hasColumn(index.table, column)));
    if (columns.includes(false)) continue;
    const target = schema ? `${schema}.${index.table}` : index.table;
    const columnList = index.columns.map(() => '??').join(', ');
    const sql = `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ?? ON ?? (${columnList})${index.where ? ` WHERE ${index.where}` : ''}`;
    try {
      await knex.transaction((savepoint) => savepoint.raw(sql, [index.name, target, ...index.columns]));
    } catch (err) {
      if (!index.unique) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      db?.logger.error(
        `[orders] could not create unique index ${index.name} on ${index.table}(${index.columns.join(', ')}): ${reason}. ` +
          'Remove the duplicated rows and restart; until then new orders may fail.',
      );
    }
  }
}

export async function up(knex: Knex, db?: MigrationDatabase): Promise<void> {
  await createShopIndexes(knex, db);
}
