// The stock ledger: one append-only movement per change of a variant's units, written in the changing transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ADJUSTMENT_REASONS,
  STOCK_REASONS,
  STOCK_REFERENCE_KINDS,
  type AdjustmentReason,
  type ProductVariant,
  type StockMovement,
  type StockReason,
  type StockReferenceKind,
} from '@shop/shared';
import { isoDate, isRecord, millisOf, newDocumentId, table, writeSoon, type Trx } from '../../utils/db-write';
import { emit } from '../../utils/events';

export const MOVEMENTS_TABLE = 'stock_movements';
export const MOVEMENT_UID = 'api::stock-movement.stock-movement';

/**
 * A movement that takes a variant from having units to none, or from none to having units: the only ones the size
 * curve's sell-outs depend on (stockCrossings). Written as the partial index's predicate, so both databases use it.
 */
const CROSSING_SQL = '(units_after > 0) <> (units_after - quantity > 0)';

/**
 * The ledger's indexes: a variant's movements (the opening check, the history), a SKU's, a reason's (the list by
 * reason: 400,000 web sales of a million movements were read for each page without it), and the newest first.
 */
export const STOCK_MOVEMENT_INDEXES = [
  { name: 'idx_shop_stock_movements_variant', table: MOVEMENTS_TABLE, columns: ['product_document_id', 'variant_id', 'id'] },
  { name: 'idx_shop_stock_movements_sku', table: MOVEMENTS_TABLE, columns: ['sku', 'id'] },
  { name: 'idx_shop_stock_movements_reason', table: MOVEMENTS_TABLE, columns: ['reason', 'id'] },
  { name: 'idx_shop_stock_movements_created', table: MOVEMENTS_TABLE, columns: ['created_at', 'id'] },
  // The movements that sold a variant out or brought it back (stockCrossings): a few in a shop, read from the index alone.
  {
    name: 'idx_shop_stock_movements_crossings',
    table: MOVEMENTS_TABLE,
    // With the id: every column read is in the index (PostgreSQL's index-only scan; SQLite's rowid is the id).
    columns: ['product_document_id', 'created_at', 'variant_id', 'size', 'quantity', 'units_after', 'reason', 'id'],
    where: CROSSING_SQL,
  },
] as const;

/** Who moved units: a staff account (id and e-mail), a user of Strapi's panel (e-mail only). Null: the shop itself. */
export interface StockStaff {
  id: number | null;
  email: string | null;
}

/** Why a change of units happens, and what it belongs to: every stock writer names one. */
export interface StockSource {
  reason: StockReason;
  /** The order, return request or import the movement belongs to (its document id; the label when known). */
  reference?: { kind: StockReferenceKind; id: string; label?: string | null } | null;
  staff?: StockStaff | null;
  /** An adjustment's mandatory reason. */
  adjustment?: AdjustmentReason | null;
  note?: string | null;
}

/**
 * The source of product writes that go through the model (src/api/product/content-types/product/lifecycles.ts): the
 * shop's product editor and the seed name theirs with withStockSource; any other write is Strapi's panel (or a script).
 */
const sources = new AsyncLocalStorage<StockSource>();

export function withStockSource<T>(source: StockSource, work: () => Promise<T>): Promise<T> {
  return sources.run(source, work);
}

/** The source of a write through the model: the one named by withStockSource, else Strapi's panel (its user) or a script. */
export function modelWriteSource(): StockSource {
  const named = sources.getStore();
  if (named) return named;
  const ctx = strapi.requestContext.get();
  const user: unknown = ctx?.path.startsWith('/content-manager/') ? ctx.state?.user : undefined;
  const email = isRecord(user) && typeof user.email === 'string' ? user.email : null;
  return { reason: 'panel', staff: email ? { id: null, email } : null };
}

/** The figures of one product the ledger needs (its locked row). */
interface LedgerProduct {
  documentId: string;
  title: string;
}

type MovementRow = Record<string, unknown>;

/**
 * Variants known to have a committed movement (`<product>\u0000<variant>`): the ledger is append-only, so once seen,
 * a variant never needs its opening balance again, and the checkout skips the look-up on every order. Learnt only
 * from what a look-up found that its own transaction had not written (other transactions' rows are seen only once
 * committed), so a rolled-back first movement is never taken for a committed one.
 */
const withMovements = new Set<string>();
const writtenIn = new WeakMap<Trx, Set<string>>();
const ledgerKey = (productDocumentId: string, variantId: string) => `${productDocumentId}\u0000${variantId}`;

/**
 * Writes the movements of one product's change of units, inside the caller's transaction (the product's row is
 * locked by it, so no other writer moves these variants meanwhile): one movement per variant whose units changed
 * (a variant absent from `after` went to 0). A variant met for the first time with units gets its opening balance
 * first, so that its units always equal the sum of its movements.
 */
export async function recordStockChange(
  trx: Trx,
  product: LedgerProduct,
  before: readonly ProductVariant[],
  after: readonly ProductVariant[],
  source: StockSource,
): Promise<void> {
  const was = new Map(before.map((variant) => [variant.id, variant]));
  const now = new Map(after.map((variant) => [variant.id, variant]));
  const changed = [...new Set([...was.keys(), ...now.keys()])].filter((id) => (was.get(id)?.stock ?? 0) !== (now.get(id)?.stock ?? 0));
  if (changed.length === 0) return;
  const mine = writtenIn.get(trx) ?? new Set<string>();
  writtenIn.set(trx, mine);
  const met = new Set<string>(changed.filter((id) => withMovements.has(ledgerKey(product.documentId, id))));
  const unmet = changed.filter((id) => (was.get(id)?.stock ?? 0) !== 0 && !met.has(id));
  if (unmet.length > 0) {
    const rows: unknown[] = await table(trx, MOVEMENTS_TABLE)
      .where('product_document_id', product.documentId)
      .whereIn('variant_id', unmet)
      .distinct('variant_id');
    for (const row of rows) {
      if (!isRecord(row)) continue;
      const key = ledgerKey(product.documentId, String(row.variant_id));
      met.add(String(row.variant_id));
      if (!mine.has(key)) withMovements.add(key);
    }
  }
  const at = new Date();
  const rows: MovementRow[] = [];
  for (const id of changed.sort()) {
    const from = was.get(id)?.stock ?? 0;
    const to = now.get(id)?.stock ?? 0;
    const variant = (now.get(id) ?? was.get(id))!;
    if (from !== 0 && !met.has(id)) rows.push(movementRow(product, variant, from, from, { reason: 'opening' }, at));
    rows.push(movementRow(product, variant, to - from, to, source, at));
  }
  // Held for the statement that ends a checkout's locked part on PostgreSQL (utils/db-write.ts), else sent now.
  await writeSoon(trx, table(trx, MOVEMENTS_TABLE).insert(rows));
  for (const id of changed) mine.add(ledgerKey(product.documentId, id));
  // Sales channels (Mercado Libre) learn of every change of units in the same transaction (a durable job per listing).
  await emit('stock.changed', { trx, productDocumentId: product.documentId, variantIds: changed });
}

function movementRow(
  product: LedgerProduct,
  variant: ProductVariant,
  quantity: number,
  unitsAfter: number,
  source: StockSource,
  at: Date,
): MovementRow {
  return {
    document_id: newDocumentId(),
    product_document_id: product.documentId,
    product_title: product.title.slice(0, 255),
    variant_id: variant.id,
    sku: variant.sku,
    color: variant.color,
    size: variant.size,
    quantity,
    units_after: unitsAfter,
    reason: source.reason,
    adjustment: source.adjustment ?? null,
    note: source.note?.slice(0, 200) ?? null,
    ref_kind: source.reference?.kind ?? null,
    ref_id: source.reference?.id ?? null,
    ref_label: source.reference?.label ?? null,
    staff_id: source.staff?.id ?? null,
    staff_email: source.staff?.email ?? null,
    created_at: at,
    updated_at: at,
    published_at: at,
  };
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : null;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A stored movement as the API answers it (`labels`: order and return numbers by document id, read afterwards). */
export function toMovement(row: Record<string, unknown>, labels: ReadonlyMap<string, string> = new Map()): StockMovement {
  const kind = oneOf(STOCK_REFERENCE_KINDS, row.ref_kind);
  const refId = text(row.ref_id);
  const staffId = row.staff_id === null || row.staff_id === undefined ? null : Number(row.staff_id);
  const staffEmail = text(row.staff_email);
  return {
    id: Number(row.id),
    productId: String(row.product_document_id),
    productTitle: text(row.product_title) ?? '',
    variantId: String(row.variant_id),
    sku: String(row.sku),
    color: text(row.color),
    size: text(row.size),
    quantity: Number(row.quantity),
    unitsAfter: Number(row.units_after),
    reason: oneOf(STOCK_REASONS, row.reason) ?? 'panel',
    adjustment: oneOf(ADJUSTMENT_REASONS, row.adjustment),
    note: text(row.note),
    reference: kind && refId ? { kind, id: refId, label: text(row.ref_label) ?? labels.get(refId) ?? null } : null,
    staff: staffId === null && staffEmail === null ? null : { id: staffId, email: staffEmail },
    at: isoDate(row.created_at) ?? new Date(0).toISOString(),
  };
}

/** The order and return numbers of movements written before their document had one (a checkout numbers it last). */
export async function referenceLabels(knex: Trx | typeof strapi.db.connection, rows: readonly Record<string, unknown>[]) {
  const labels = new Map<string, string>();
  const missing = (kind: string) => [
    ...new Set(rows.filter((row) => row.ref_kind === kind && !text(row.ref_label) && text(row.ref_id)).map((row) => String(row.ref_id))),
  ];
  const orders = missing('order');
  if (orders.length > 0) {
    const found: unknown[] = await table(knex, 'orders').whereIn('document_id', orders).select('document_id', 'order_number');
    for (const row of found) if (isRecord(row) && text(row.order_number)) labels.set(String(row.document_id), String(row.order_number));
  }
  const returns = missing('return');
  if (returns.length > 0) {
    const found: unknown[] = await table(knex, 'return_requests').whereIn('document_id', returns).select('document_id', 'return_number');
    for (const row of found) if (isRecord(row) && text(row.return_number)) labels.set(String(row.document_id), String(row.return_number));
  }
  return labels;
}

/** One variant's movements, oldest first, as the reports read them. */
export interface VariantMovements {
  productId: string;
  variantId: string;
  size: string | null;
  moves: { at: number; quantity: number; unitsAfter: number; reason: StockReason }[];
}

/**
 * The movements of some products' variants that sold a variant out or brought it back, grouped by variant, oldest
 * first: the size curve's sell-outs (@shop/shared `sellOutDays`, given a period's). In a ledger whose every movement
 * starts where the one before ended, the others never change whether a variant has units, so `sellOutDays` gives the
 * same days from these alone (a unit test proves it): a few rows of an index instead of every movement (issue 60 §4:
 * a size curve over a period never asked before read a year of a category's movements, 850 ms).
 */
export async function stockCrossings(productIds: readonly string[]): Promise<VariantMovements[]> {
  if (productIds.length === 0) return [];
  const rows: MovementRow[] = await table(strapi.db.connection, MOVEMENTS_TABLE)
    .whereIn('product_document_id', [...productIds])
    .andWhereRaw(CROSSING_SQL)
    .select('id', 'product_document_id', 'variant_id', 'size', 'quantity', 'units_after', 'reason', 'created_at');
  // Sorted here rather than by SQL: the index finds the rows, and a variant's few are put in order below.
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  const variants = new Map<string, VariantMovements>();
  for (const row of rows) {
    const productId = String(row.product_document_id);
    const variantId = String(row.variant_id);
    const key = `${productId}\u0000${variantId}`;
    const entry = variants.get(key) ?? { productId, variantId, size: typeof row.size === 'string' ? row.size : null, moves: [] };
    entry.moves.push({
      at: millisOf(row.created_at),
      quantity: Number(row.quantity) || 0,
      unitsAfter: Number(row.units_after) || 0,
      reason: String(row.reason) as StockReason,
    });
    variants.set(key, entry);
  }
  return [...variants.values()];
}
