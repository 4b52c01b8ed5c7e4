import type { Knex } from 'knex';

/**
 * `idx_shop_interactions_type_product` was replaced by the covering index `idx_shop_interactions_product_views`
 * (next migration): databases created before that still carry the old one. Harmless when it never existed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS ??', ['idx_shop_interactions_type_product']);
}
