// "Ajuste de stock": units added or taken from one variant by staff, with a mandatory reason (rotura, robo, conteo).
import { STOCK_LEDGER_MSG, type StockAdjustmentInput, type StockMovement } from '@shop/shared';
import { isRecord, table, writeTransaction } from '../../utils/db-write';
import { badRequest, notFound } from '../../utils/http';
import { lockProductStock, PRODUCTS_TABLE, writeProductStock } from './product-stock';
import { MOVEMENTS_TABLE, toMovement, type StockStaff } from './stock-ledger';

/** The product that holds a SKU (the private skuIndex column, see product-variants.ts). */
async function productOfSku(sku: string): Promise<string | null> {
  const row: unknown = await table(strapi.db.connection, PRODUCTS_TABLE)
    .whereRaw(`sku_index LIKE ? ESCAPE '\\'`, [`%|s:${sku.replace(/[\\%_]/g, (c) => `\\${c}`)}|%`])
    .first('document_id');
  return isRecord(row) ? String(row.document_id) : null;
}

/**
 * One adjustment, in one transaction with the product row locked (orders taking units meanwhile wait): refused (400)
 * when it would leave the variant below 0; its movement is the answer.
 */
export async function adjustStock(input: StockAdjustmentInput, staff: StockStaff): Promise<StockMovement> {
  const documentId = await productOfSku(input.sku);
  if (!documentId) throw notFound(STOCK_LEDGER_MSG.unknownSku(input.sku));
  return writeTransaction(async (trx) => {
    const product = await lockProductStock(trx, documentId);
    const variant = product?.variants.find((v) => v.sku === input.sku);
    if (!product || !variant) throw notFound(STOCK_LEDGER_MSG.unknownSku(input.sku));
    if (variant.stock + input.quantity < 0) throw badRequest(STOCK_LEDGER_MSG.belowZero(input.sku, variant.stock));
    const variants = product.variants.map((v) => (v.id === variant.id ? { ...v, stock: v.stock + input.quantity } : v));
    await writeProductStock(trx, product, variants, {
      reason: 'adjustment',
      adjustment: input.reason,
      note: input.note || null,
      staff,
    });
    const row: unknown = await table(trx, MOVEMENTS_TABLE)
      .where({ product_document_id: documentId, variant_id: variant.id })
      .orderBy('id', 'desc')
      .first();
    if (!isRecord(row)) throw new Error('the adjustment was not recorded');
    return toMovement(row);
  });
}
