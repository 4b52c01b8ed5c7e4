// "Ingreso de mercadería": purchases from suppliers (draft → partial → received, or reversed), their lines by SKU or
// barcode. Receiving and reversing: purchase-receive.ts; suppliers: suppliers.ts; the variants' costs: variant-costs.ts.
import {
  PURCHASE_STATUSES,
  PURCHASES_MSG,
  PURCHASES_PAGE_SIZE,
  type ProductVariant,
  type Purchase,
  type PurchaseInput,
  type PurchaseLine,
  type PurchasesAnswer,
  type PurchaseStatus,
} from '@shop/shared';
import { isoDate, isRecord, jsonColumn, newDocumentId, table, writeTransaction, type Trx } from '../../utils/db-write';
import { badRequest, conflict, notFound } from '../../utils/http';
import { PRODUCTS_TABLE, STOCK_COLUMNS, stockOfRow, type LockedStock } from './product-stock';
import type { StockStaff } from './stock-ledger';
import { SUPPLIERS_TABLE, supplierRow } from './suppliers';
import { VARIANT_COSTS_TABLE } from './variant-costs';

export const PURCHASES_TABLE = 'purchases';

/** One supplier per name (case-insensitive: `name_key` is the lower-cased name) and one cost per variant. */
export const PURCHASE_INDEXES = [
  { name: 'idx_shop_suppliers_name_key', table: SUPPLIERS_TABLE, columns: ['name_key'], unique: true },
  { name: 'idx_shop_variant_costs_variant', table: VARIANT_COSTS_TABLE, columns: ['product_document_id', 'variant_id'], unique: true },
] as const;

const knex = () => strapi.db.connection;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export interface StoredLine {
  productId: string;
  productTitle: string;
  variantId: string;
  sku: string;
  barcode: string | null;
  color: string | null;
  size: string | null;
  quantity: number;
  received: number;
  unitCost: number;
}

const likeCode = (code: string) => code.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The product and variant of a SKU or barcode (the private skuIndex column "|s:SKU|b:CODE|"), or null. */
async function variantOfCode(trx: Trx, code: string): Promise<{ product: LockedStock; variant: ProductVariant } | null> {
  const row: unknown = await table(trx, PRODUCTS_TABLE)
    .whereRaw(`sku_index LIKE ? ESCAPE '\\'`, [`%|s:${likeCode(code)}|%`])
    .orWhereRaw(`sku_index LIKE ? ESCAPE '\\'`, [`%|b:${likeCode(code)}|%`])
    .first(...STOCK_COLUMNS);
  if (!isRecord(row)) return null;
  const product = stockOfRow(row);
  const variant = product.variants.find((v) => v.sku === code || v.barcode === code);
  return variant ? { product, variant } : null;
}

async function resolveLines(trx: Trx, lines: PurchaseInput['lines']): Promise<StoredLine[]> {
  const resolved: StoredLine[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const found = await variantOfCode(trx, line.sku);
    if (!found) throw badRequest(PURCHASES_MSG.unknownCode(line.sku));
    const { product, variant } = found;
    const key = `${product.documentId}|${variant.id}`;
    if (seen.has(key)) throw badRequest(PURCHASES_MSG.twice(variant.sku));
    seen.add(key);
    resolved.push({
      productId: product.documentId,
      productTitle: product.title,
      variantId: variant.id,
      sku: variant.sku,
      barcode: variant.barcode ?? null,
      color: variant.color,
      size: variant.size,
      quantity: line.quantity,
      received: 0,
      unitCost: line.unitCost,
    });
  }
  return resolved;
}

export function storedLines(value: unknown): StoredLine[] {
  const list = jsonColumn(value);
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((line) => ({
    productId: String(line.productId),
    productTitle: String(line.productTitle ?? ''),
    variantId: String(line.variantId),
    sku: String(line.sku),
    barcode: text(line.barcode),
    color: text(line.color),
    size: text(line.size),
    quantity: Number(line.quantity) || 0,
    received: Number(line.received) || 0,
    unitCost: Number(line.unitCost) || 0,
  }));
}

export const statusOf = (value: unknown): PurchaseStatus =>
  typeof value === 'string' && (PURCHASE_STATUSES as readonly string[]).includes(value) ? (value as PurchaseStatus) : 'draft';

export const purchaseLabel = (id: number) => `Compra N° ${id}`;

export function toPurchase(row: Record<string, unknown>): Purchase {
  const lines: PurchaseLine[] = storedLines(row.lines);
  const id = Number(row.id);
  return {
    id,
    label: purchaseLabel(id),
    supplier: { id: Number(row.supplier_id), name: String(row.supplier_name ?? '') },
    status: statusOf(row.status),
    lines,
    totalCost: lines.reduce((sum, line) => sum + line.quantity * line.unitCost, 0),
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    receivedUnits: lines.reduce((sum, line) => sum + line.received, 0),
    staffEmail: text(row.staff_email),
    createdAt: isoDate(row.created_at) ?? new Date(0).toISOString(),
    receivedAt: isoDate(row.received_at),
    reversedAt: isoDate(row.reversed_at),
  };
}

/** Locks one purchase row for the rest of the transaction (PostgreSQL FOR UPDATE; SQLite's transactions are serial). */
export async function lockPurchase(trx: Trx, id: number): Promise<Record<string, unknown>> {
  const query = table(trx, PURCHASES_TABLE).where('id', id);
  if (strapi.db.dialect.client === 'postgres') void query.forUpdate();
  const row: unknown = await query.first();
  if (!isRecord(row)) throw notFound(PURCHASES_MSG.missing);
  return row;
}

export async function getPurchase(id: number): Promise<Purchase> {
  const row: unknown = await table(knex(), PURCHASES_TABLE).where('id', id).first();
  if (!isRecord(row)) throw notFound(PURCHASES_MSG.missing);
  return toPurchase(row);
}

export async function listPurchases(page: number): Promise<PurchasesAnswer> {
  const counted: unknown = await table(knex(), PURCHASES_TABLE).count({ n: '*' }).first();
  const total = isRecord(counted) ? Number(counted.n) : 0;
  const rows: unknown[] = await table(knex(), PURCHASES_TABLE)
    .orderBy('id', 'desc')
    .limit(PURCHASES_PAGE_SIZE)
    .offset((page - 1) * PURCHASES_PAGE_SIZE);
  return {
    purchases: rows.filter(isRecord).map(toPurchase),
    page,
    pageSize: PURCHASES_PAGE_SIZE,
    total,
    pageCount: Math.max(1, Math.ceil(total / PURCHASES_PAGE_SIZE)),
  };
}

/** A new draft, or the replacement of a draft's supplier and lines (refused once any unit was received). */
export async function savePurchase(input: PurchaseInput, staff: StockStaff, id?: number): Promise<Purchase> {
  return writeTransaction(async (trx) => {
    const existing = id === undefined ? null : await lockPurchase(trx, id);
    if (existing && statusOf(existing.status) !== 'draft') throw conflict(PURCHASES_MSG.notDraft);
    const supplier = await supplierRow(trx, input.supplierId);
    if (!supplier) throw badRequest(PURCHASES_MSG.supplierMissing);
    const lines = await resolveLines(trx, input.lines);
    const now = new Date();
    const fields = { supplier_id: input.supplierId, supplier_name: String(supplier.name), lines: JSON.stringify(lines), updated_at: now };
    let purchaseId = id;
    if (purchaseId === undefined) {
      const inserted: unknown = await table(trx, PURCHASES_TABLE)
        .insert({
          document_id: newDocumentId(),
          ...fields,
          status: 'draft',
          staff_id: staff.id,
          staff_email: staff.email,
          created_at: now,
          published_at: now,
        })
        .returning('id');
      const first: unknown = Array.isArray(inserted) ? inserted[0] : inserted;
      purchaseId = Number(isRecord(first) ? first.id : first);
    } else {
      await table(trx, PURCHASES_TABLE).where('id', purchaseId).update(fields);
    }
    const row: unknown = await table(trx, PURCHASES_TABLE).where('id', purchaseId).first();
    if (!isRecord(row)) throw new Error('the purchase was not saved');
    return toPurchase(row);
  });
}
