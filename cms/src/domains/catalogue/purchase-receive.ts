// Receiving a purchase (all or part) through the stock ledger, with the cost by the owner's method; and its reversal.
import { MAX_STOCK, nextCost, PURCHASES_MSG, type Purchase, type ReceiveInput } from '@shop/shared';
import { table, writeTransaction } from '../../utils/db-write';
import { badRequest, conflict } from '../../utils/http';
import { lockProductStock, writeProductStock } from './product-stock';
import { lockPurchase, PURCHASES_TABLE, purchaseLabel, statusOf, storedLines, toPurchase, type StoredLine } from './purchases';
import type { StockStaff } from './stock-ledger';
import { costMethod, storedCost, writeCost } from './variant-costs';

function byProduct(indexes: number[], lines: StoredLine[]): [string, number[]][] {
  const groups = new Map<string, number[]>();
  for (const index of indexes) {
    const productId = lines[index]!.productId;
    groups.set(productId, [...(groups.get(productId) ?? []), index]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export async function receivePurchase(id: number, input: ReceiveInput, staff: StockStaff): Promise<Purchase> {
  const method = await costMethod();
  return writeTransaction(async (trx) => {
    const row = await lockPurchase(trx, id);
    const status = statusOf(row.status);
    if (status === 'reversed') throw conflict(PURCHASES_MSG.alreadyReversed);
    if (status === 'received') throw conflict(PURCHASES_MSG.nothingLeft);
    const lines = storedLines(row.lines);
    const wanted = new Map<number, number>();
    if (input.lines === undefined) {
      lines.forEach((line, index) => {
        if (line.quantity > line.received) wanted.set(index, line.quantity - line.received);
      });
    } else {
      for (const asked of input.lines) {
        const index = lines.findIndex((line) => line.sku === asked.sku || line.barcode === asked.sku);
        if (index < 0) throw badRequest(PURCHASES_MSG.notInPurchase(asked.sku));
        const line = lines[index]!;
        const total = (wanted.get(index) ?? 0) + asked.quantity;
        if (line.received + total > line.quantity) throw conflict(PURCHASES_MSG.overReceived(line.sku, line.quantity - line.received));
        wanted.set(index, total);
      }
    }
    if (wanted.size === 0) throw conflict(PURCHASES_MSG.nothingLeft);
    const reference = { kind: 'purchase' as const, id: String(id), label: purchaseLabel(id) };
    for (const [productId, indexes] of byProduct([...wanted.keys()], lines)) {
      const product = await lockProductStock(trx, productId);
      const variants = product ? [...product.variants] : [];
      for (const index of indexes) {
        const line = lines[index]!;
        const units = wanted.get(index)!;
        const at = variants.findIndex((v) => v.id === line.variantId);
        if (!product || at < 0) throw conflict(PURCHASES_MSG.variantGone(line.sku));
        const variant = variants[at]!;
        if (variant.stock + units > MAX_STOCK) throw conflict(PURCHASES_MSG.tooMuchStock(line.sku));
        const cost = nextCost(method, await storedCost(trx, productId, line.variantId), variant.stock, units, line.unitCost);
        await writeCost(trx, line, cost);
        variants[at] = { ...variant, stock: variant.stock + units };
        line.received += units;
      }
      await writeProductStock(trx, product!, variants, { reason: 'purchase', reference, staff });
    }
    const complete = lines.every((line) => line.received >= line.quantity);
    const now = new Date();
    await table(trx, PURCHASES_TABLE)
      .where('id', id)
      .update({ lines: JSON.stringify(lines), status: complete ? 'received' : 'partial', received_at: now, updated_at: now });
    return toPurchase({ ...row, lines, status: complete ? 'received' : 'partial', received_at: now });
  });
}

/**
 * Takes back every unit received, with opposite movements (reason `purchase_reversal`, note "reversión", the purchase
 * as reference), refused (409) when a variant would go below 0; once only. The variants' costs stay as they are.
 */
export async function reversePurchase(id: number, staff: StockStaff): Promise<Purchase> {
  return writeTransaction(async (trx) => {
    const row = await lockPurchase(trx, id);
    const status = statusOf(row.status);
    if (status === 'reversed') throw conflict(PURCHASES_MSG.alreadyReversed);
    if (status === 'draft') throw conflict(PURCHASES_MSG.reverseDraft);
    const lines = storedLines(row.lines);
    const received = lines.flatMap((line, index) => (line.received > 0 ? [index] : []));
    const reference = { kind: 'purchase' as const, id: String(id), label: purchaseLabel(id) };
    for (const [productId, indexes] of byProduct(received, lines)) {
      const product = await lockProductStock(trx, productId);
      const variants = product ? [...product.variants] : [];
      for (const index of indexes) {
        const line = lines[index]!;
        const at = variants.findIndex((v) => v.id === line.variantId);
        if (!product || at < 0) throw conflict(PURCHASES_MSG.variantGone(line.sku));
        const variant = variants[at]!;
        if (variant.stock < line.received) throw conflict(PURCHASES_MSG.belowZero(line.sku, variant.stock));
        variants[at] = { ...variant, stock: variant.stock - line.received };
      }
      await writeProductStock(trx, product!, variants, { reason: 'purchase_reversal', reference, staff, note: PURCHASES_MSG.reversalNote });
    }
    const now = new Date();
    await table(trx, PURCHASES_TABLE).where('id', id).update({ status: 'reversed', reversed_at: now, updated_at: now });
    return toPurchase({ ...row, status: 'reversed', reversed_at: now });
  });
}
