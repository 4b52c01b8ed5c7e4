import type { Knex } from 'knex';

/** A column renamed in the model, from the name Strapi 5 reserves to the one the content type now uses. */
export interface ColumnRename {
  table: string;
  from: string;
  to: string;
}

/**
 * Strapi 5 reserves `status` for draft & publish: its panel (/cms) refused every save of a product or an order with
 * 400 "Invalid status". The attributes are now `isActive` (products) and `orderStatus` (orders); the shop's API
 * still reads and writes `status`. This renames the columns in place, before Strapi syncs the schema (which would
 * otherwise add empty new columns and drop the old ones with every order's status in them).
 */
export const STATUS_RENAMES: readonly ColumnRename[] = [
  { table: 'products', from: 'status', to: 'is_active' },
  { table: 'orders', from: 'status', to: 'order_status' },
];

/**
 * Renames each column whose table has the old name and not yet the new one (idempotent; SQLite 3.25+ and
 * PostgreSQL both rename in place and carry the column's indexes along). A fresh database has no table yet:
 * Strapi then creates the columns under their new names.
 */
export async function renameColumns(
  knex: Knex,
  db?: { getSchemaName(): string | undefined },
  renames: readonly ColumnRename[] = STATUS_RENAMES,
): Promise<void> {
  const schema = db?.getSchemaName();
  const builder = () => (schema ? knex.schema.withSchema(schema) : knex.schema);
  for (const { table, from, to } of renames) {
    if (!(await builder().hasTable(table))) continue;
    if (!(await builder().hasColumn(table, from)) || (await builder().hasColumn(table, to))) continue;
    await knex.raw('ALTER TABLE ?? RENAME COLUMN ?? TO ??', [schema ? `${schema}.${table}` : table, from, to]);
  }
}

export async function up(knex: Knex, db?: { getSchemaName(): string | undefined }): Promise<void> {
  await renameColumns(knex, db);
}
