// The stock alerts' table and the product stock the alerts read (units per size, active flag).
import { normalizeSizes, resolveStockBySize } from '@shop/shared';
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
  /** Units of a size ('' for a product without sizes). */
  unitsOf(size: string): number;
}

function productStockOf(row: Row): ProductStock {
  const sizes = [...new Set(normalizeSizes(jsonColumn(row.size)))];
  const bySize = resolveStockBySize(sizes, jsonColumn(row.stock_by_size ?? null), row.stock);
  const single = Math.max(0, Number(row.stock ?? 0) || 0);
  return {
    documentId: text(row.document_id),
    title: text(row.title),
    active: storedFlag(row.is_active),
    sizes,
    unitsOf: (size) => (sizes.length === 0 ? single : (bySize[size] ?? 0)),
  };
}

export async function productsByDocumentId(ids: string[]): Promise<Map<string, ProductStock>> {
  if (ids.length === 0) return new Map();
  const rows: Row[] = await productsTable()
    .whereIn('document_id', ids)
    .select('document_id', 'title', 'is_active', 'size', 'stock', 'stock_by_size');
  return new Map(rows.map((row) => [text(row.document_id), productStockOf(row)]));
}
