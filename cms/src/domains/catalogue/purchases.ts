// "Ingreso de mercadería": suppliers, purchases (draft → partial → received, or reversed), receptions through the stock
// ledger, and the variants' costs (a table of their own: no product answer can carry them by accident).
import {
  COST_METHODS,
  DEFAULT_COST_METHOD,
  MAX_STOCK,
  nextCost,
  PURCHASE_STATUSES,
  PURCHASES_MSG,
  PURCHASES_PAGE_SIZE,
  type CostMethod,
  type ProductVariant,
  type Purchase,
  type PurchaseInput,
  type PurchaseLine,
  type PurchasesAnswer,
  type PurchaseStatus,
  type ReceiveInput,
  type Supplier,
  type SupplierInput,
  type VariantCostsAnswer,
} from '@shop/shared';
import { isoDate, isRecord, jsonColumn, newDocumentId, table, writeTransaction, type Trx } from '../../utils/db-write';
import { badRequest, conflict, notFound } from '../../utils/http';
import { lockProductStock, PRODUCTS_TABLE, STOCK_COLUMNS, stockOfRow, writeProductStock, type LockedStock } from './product-stock';
import type { StockStaff } from './stock-ledger';

export const PURCHASES_TABLE = 'purchases';
export const SUPPLIERS_TABLE = 'suppliers';
export const VARIANT_COSTS_TABLE = 'variant_costs';

/** One supplier per name (case-insensitive: `name_key` is the lower-cased name) and one cost per variant. */
export const PURCHASE_INDEXES = [
  { name: 'idx_shop_suppliers_name_key', table: SUPPLIERS_TABLE, columns: ['name_key'], unique: true },
  { name: 'idx_shop_variant_costs_variant', table: VARIANT_COSTS_TABLE, columns: ['product_document_id', 'variant_id'], unique: true },
] as const;

// The owner's cost method lives in Strapi's key-value store (table strapi_core_store_settings), like the low-stock threshold.
const COST_METHOD_KEY = { type: 'core', name: 'shop-purchases', key: 'costMethod' } as const;

const knex = () => strapi.db.connection;

export async function costMethod(): Promise<CostMethod> {
  const value: unknown = await strapi.store.get(COST_METHOD_KEY);
  return typeof value === 'string' && (COST_METHODS as readonly string[]).includes(value) ? (value as CostMethod) : DEFAULT_COST_METHOD;
}

export async function setCostMethod(method: CostMethod): Promise<CostMethod> {
  await strapi.store.set({ ...COST_METHOD_KEY, value: method });
  return method;
}

// ---------------------------------------------------------------------------------------------------------------------
// Suppliers

const nameKey = (name: string) => name.trim().toLocaleLowerCase('es-AR');
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function toSupplier(row: Record<string, unknown>): Supplier {
  return { id: Number(row.id), name: String(row.name), cuit: text(row.cuit), contact: text(row.contact) };
}

/** A unique index refused the row (PostgreSQL 23505, SQLite's constraint error). */
function isUniqueViolation(err: unknown): boolean {
  if (!isRecord(err) && !(err instanceof Error)) return false;
  const code = String((err as { code?: unknown }).code ?? '');
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT') || /UNIQUE constraint failed/i.test(String((err as Error).message));
}

export async function listSuppliers(): Promise<Supplier[]> {
  const rows: unknown[] = await table(knex(), SUPPLIERS_TABLE).orderBy('name_key', 'asc').select('id', 'name', 'cuit', 'contact');
  return rows.filter(isRecord).map(toSupplier);
}

async function supplierRow(trx: Trx, id: number): Promise<Record<string, unknown> | null> {
  const row: unknown = await table(trx, SUPPLIERS_TABLE).where('id', id).first('id', 'name', 'cuit', 'contact');
  return isRecord(row) ? row : null;
}

/** Creates (id undefined) or replaces one supplier; a name another supplier has (any case) is a Spanish 409. */
export async function saveSupplier(input: SupplierInput, id?: number): Promise<Supplier> {
  const key = nameKey(input.name);
  const fields = { name: input.name, name_key: key, cuit: input.cuit ?? null, contact: input.contact ?? null };
  try {
    return await writeTransaction(async (trx) => {
      if (id !== undefined && !(await supplierRow(trx, id))) throw notFound(PURCHASES_MSG.supplierMissing);
      const taken: unknown = await table(trx, SUPPLIERS_TABLE)
        .where('name_key', key)
        .modify((query) => (id === undefined ? query : query.whereNot('id', id)))
        .first('id');
      if (isRecord(taken)) throw conflict(PURCHASES_MSG.supplierTaken(input.name));
      const now = new Date();
      if (id !== undefined) {
        await table(trx, SUPPLIERS_TABLE).where('id', id).update({ ...fields, updated_at: now });
        return toSupplier({ id, ...fields });
      }
      const inserted: unknown = await table(trx, SUPPLIERS_TABLE)
        .insert({ document_id: newDocumentId(), ...fields, created_at: now, updated_at: now, published_at: now })
        .returning('id');
      const first: unknown = Array.isArray(inserted) ? inserted[0] : inserted;
      return toSupplier({ id: isRecord(first) ? first.id : first, ...fields });
    });
  } catch (err) {
    // Two creations of one name at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw conflict(PURCHASES_MSG.supplierTaken(input.name));
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Lines: a SKU or a barcode resolved to its variant

interface StoredLine {
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

function storedLines(value: unknown): StoredLine[] {
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

const statusOf = (value: unknown): PurchaseStatus =>
  typeof value === 'string' && (PURCHASE_STATUSES as readonly string[]).includes(value) ? (value as PurchaseStatus) : 'draft';

export const purchaseLabel = (id: number) => `Compra N° ${id}`;

function toPurchase(row: Record<string, unknown>): Purchase {
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
async function lockPurchase(trx: Trx, id: number): Promise<Record<string, unknown>> {
  const query = table(trx, PURCHASES_TABLE).where('id', id);
  if (strapi.db.dialect.client === 'postgres') void query.forUpdate();
  const row: unknown = await query.first();
  if (!isRecord(row)) throw notFound(PURCHASES_MSG.missing);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------------
// Purchases

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

/** The lines of one purchase, grouped by product (sorted: every writer locks products in the same order). */
function byProduct(indexes: number[], lines: StoredLine[]): [string, number[]][] {
  const groups = new Map<string, number[]>();
  for (const index of indexes) {
    const productId = lines[index]!.productId;
    groups.set(productId, [...(groups.get(productId) ?? []), index]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

async function storedCost(trx: Trx, productId: string, variantId: string): Promise<number | null> {
  const row: unknown = await table(trx, VARIANT_COSTS_TABLE).where({ product_document_id: productId, variant_id: variantId }).first('cost');
  if (!isRecord(row) || row.cost === null || row.cost === undefined) return null;
  const cost = Number(row.cost);
  return Number.isFinite(cost) ? cost : null;
}

async function writeCost(trx: Trx, line: StoredLine, cost: number): Promise<void> {
  const now = new Date();
  await table(trx, VARIANT_COSTS_TABLE)
    .insert({
      document_id: newDocumentId(),
      product_document_id: line.productId,
      variant_id: line.variantId,
      sku: line.sku,
      cost,
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .onConflict(['product_document_id', 'variant_id'])
    .merge({ cost, sku: line.sku, updated_at: now });
}

/**
 * Receives all the units still to receive, or the ones named, in ONE transaction with the purchase row locked: two
 * receptions at once queue up and the second sees what the first received (never more than ordered). The units go
 * through the stock ledger (reason `purchase`, the purchase as reference) and each variant's cost is updated by the
 * owner's method (weighted with the units on hand before this reception, rounded to the peso).
 */
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

// ---------------------------------------------------------------------------------------------------------------------
// Costs

/** Every variant of one product with its cost (null when unknown); 404 for an unknown product. */
export async function variantCosts(productId: string): Promise<VariantCostsAnswer> {
  const row: unknown = await table(knex(), PRODUCTS_TABLE).where('document_id', productId).first(...STOCK_COLUMNS);
  if (!isRecord(row)) throw notFound('No existe ese producto');
  const product = stockOfRow(row);
  const rows: unknown[] = await table(knex(), VARIANT_COSTS_TABLE).where('product_document_id', productId).select('variant_id', 'cost');
  const costs = new Map<string, number | null>();
  for (const cost of rows) if (isRecord(cost)) costs.set(String(cost.variant_id), cost.cost === null ? null : Number(cost.cost));
  return {
    productId,
    costMethod: await costMethod(),
    costs: product.variants.map((v) => ({ variantId: v.id, sku: v.sku, color: v.color, size: v.size, cost: costs.get(v.id) ?? null })),
  };
}
