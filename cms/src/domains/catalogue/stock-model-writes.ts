// The ledger's movements of product writes through the model (the shop's editor, Strapi's panel, scripts, the seed).
import type { ProductVariant } from '@shop/shared';
import { isRecord, jsonColumn, onCurrentConnection, type Trx } from '../../utils/db-write';
import { lockProductStock } from './product-stock';
import { modelWriteSource, recordStockChange } from './stock-ledger';

/** The document ids of the rows a lifecycle's `where` names. */
async function documentIdsOf(where: Record<string, unknown> | undefined): Promise<string[]> {
  if (!where) return [];
  const rows: unknown[] = await strapi.db.query('api::product.product').findMany({ where, select: ['documentId'] });
  return rows.filter(isRecord).map((row) => String(row.documentId));
}

function variantsOf(value: unknown): ProductVariant[] {
  const list = jsonColumn(value);
  return Array.isArray(list) ? (list.filter(isRecord) as unknown as ProductVariant[]) : [];
}

/**
 * beforeUpdate, once the model computed the variants to store: the movement of each variant whose units change,
 * from the product's row locked in the writer's transaction (Strapi's Document Service and the shop's editor write
 * in one; a bare query outside any transaction writes its movements on the connection, just before the update).
 */
export async function ledgerOfUpdate(where: Record<string, unknown> | undefined, variants: unknown): Promise<void> {
  const after = variantsOf(variants);
  const source = modelWriteSource();
  for (const documentId of await documentIdsOf(where)) {
    await onCurrentConnection(async (trx) => {
      const locked = await lockProductStock(trx as Trx, documentId);
      if (locked) await recordStockChange(trx as Trx, locked, locked.variants, after, source);
    });
  }
}

/** afterCreate: a new product's units, from nothing. */
export async function ledgerOfCreate(result: unknown): Promise<void> {
  if (!isRecord(result) || typeof result.documentId !== 'string') return;
  const product = { documentId: result.documentId, title: typeof result.title === 'string' ? result.title : result.documentId };
  const after = variantsOf(result.variants);
  if (!after.some((variant) => variant.stock !== 0)) return;
  const source = modelWriteSource();
  await onCurrentConnection((trx) => recordStockChange(trx as Trx, product, [], after, source));
}

/** beforeDelete: a deleted product's units leave the shop (its variants' movements come back to 0). */
export async function ledgerOfDelete(where: Record<string, unknown> | undefined): Promise<void> {
  const source = modelWriteSource();
  for (const documentId of await documentIdsOf(where)) {
    await onCurrentConnection(async (trx) => {
      const locked = await lockProductStock(trx as Trx, documentId);
      if (locked) await recordStockChange(trx as Trx, locked, locked.variants, [], source);
    });
  }
}
