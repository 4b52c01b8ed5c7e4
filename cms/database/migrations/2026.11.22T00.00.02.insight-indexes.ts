import type { Knex } from 'knex';
import { createShopIndexes, type IndexDefinition, type MigrationDatabase } from './2026.11.22T00.00.01.shop-indexes';

/**
 * Indexes of the dashboard's daily chart and the orders export: orders placed in a period read created_at in
 * order (and the export's date range uses it too); paid revenue per day reads (status, paid_at) with the total in
 * the index, so the sum never visits the table rows; the orders summary's GROUP BY (status, payment method) with
 * its sum of totals reads only its own index too.
 */
export const INSIGHT_INDEXES: readonly IndexDefinition[] = [
  { name: 'idx_shop_orders_created_at', table: 'orders', columns: ['created_at'] },
  // The status column is `order_status` since the 2026.11.23 rename: these two named `status` were skipped on every
  // shop created after it (createShopIndexes skips a missing column); a shop renamed in place keeps its index, whose
  // column the rename carried along, under the same name (IF NOT EXISTS).
  { name: 'idx_shop_orders_paid_revenue', table: 'orders', columns: ['order_status', 'paid_at', 'total'] },
  { name: 'idx_shop_orders_summary', table: 'orders', columns: ['order_status', 'payment_method', 'total'] },
];

export async function up(knex: Knex, db?: MigrationDatabase): Promise<void> {
  await createShopIndexes(knex, db, INSIGHT_INDEXES);
}
