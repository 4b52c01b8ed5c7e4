// The stock alerts' table and the product stock the alerts read (units per size, active flag).
import { colorKey, currentVariants, normalizeSizes, resolveStockBySize, storedStockOf, type ProductVariant } from '@shop/shared';
import { colorList } from './product-row';
import type { Knex } from 'knex';
import { jsonColumn, storedFlag, table, type Trx } from '../../utils/db-write';
import { PRODUCTS_TABLE } from './product-stock';

export const STOCK_ALERTS_TABLE = 'stock_alerts';
export const WAITING = 'waiting';

export type Row = Record<string, unknown>;
const knex = () => strapi.db.connection;
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function alertsTable(): ReturnType<typeof table> {
  return table(knex() as Trx, STOCK_ALERTS_TABLE);
}

function productsTable(): ReturnType<typeof table> {
  return table(knex() as Trx, PRODUCTS_TABLE);
}

export interface ProductStock {
  documentId: string;
  title: string;
  active: boolean;
  sizes: string[];
  /** Units of a size ('' for a product without sizes); with a colour, of that colour's variant (active ones only). */
  unitsOf(size: string, color?: string): number;
  variants: ProductVariant[];
}

function productStockOf(row: Row): ProductStock {
  const sizes = [...new Set(normalizeSizes(jsonColumn(row.size)))];
  const bySize = resolveStockBySize(sizes, jsonColumn(row.stock_by_size ?? null), row.stock);
  const single = Math.max(0, Number(row.stock ?? 0) || 0);
  const title = text(row.title);
  const variants = currentVariants(
    storedStockOf({
      title,
      colors: colorList(jsonColumn(row.colors ?? null)),
      sizes,
      variants: jsonColumn(row.variants ?? null),
      stockBySize: bySize,
      stock: single,
    }),
  );
  return {
    documentId: text(row.document_id),
    title,
    active: storedFlag(row.is_active),
    sizes,
    variants,
    unitsOf: (size, color) => {
      if (color) {
        const cell = variants.find((v) => colorKey(v.color) === colorKey(color) && (v.size ?? '') === size);
        return cell?.active ? cell.stock : 0;
      }
      return sizes.length === 0 ? single : (bySize[size] ?? 0);
    },
  };
}

export async function productsByDocumentId(ids: string[]): Promise<Map<string, ProductStock>> {
  if (ids.length === 0) return new Map();
  const rows: Row[] = await productsTable()
    .whereIn('document_id', ids)
    .select('document_id', 'title', 'is_active', 'size', 'stock', 'stock_by_size', 'variants', 'colors');
  return new Map(rows.map((row) => [text(row.document_id), productStockOf(row)]));
}

/**
 * Start-up (after the schema sync added `color`): alerts from before variants wait for any colour (''), and the
 * unique index of one alert per product, size and e-mail gives way to one per variant (made by createShopIndexes).
 * Idempotent, on SQLite and PostgreSQL.
 */
export async function prepareStockAlertColors(knex: Knex, schema: string | undefined): Promise<void> {
  const builder = () => (schema ? knex.schema.withSchema(schema) : knex.schema);
  if (!(await builder().hasColumn(STOCK_ALERTS_TABLE, 'color'))) return;
  const alerts = schema ? knex.withSchema(schema).table(STOCK_ALERTS_TABLE) : knex.table(STOCK_ALERTS_TABLE);
  await alerts.whereNull('color').update({ color: '' });
  await knex.raw('DROP INDEX IF EXISTS ??', [schema ? `${schema}.shop_stock_alerts_uq` : 'shop_stock_alerts_uq']);
}
