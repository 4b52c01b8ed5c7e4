// The variants' costs (whole pesos, null = unknown): a table of their own, keyed by product and variant, so that no
// product answer can carry them by accident; read only by staff with purchases.manage. The owner's cost method.
import {
  COST_METHODS,
  DEFAULT_COST_METHOD,
  PURCHASES_MSG,
  type CostMethod,
  type VariantCostsAnswer,
  type VariantCostsInput,
} from '@shop/shared';
import { isRecord, newDocumentId, table, writeTransaction, type Trx } from '../../utils/db-write';
import { badRequest, notFound } from '../../utils/http';
import { catalogueChanged } from './catalogue-version';
import { PRODUCTS_TABLE, STOCK_COLUMNS, stockOfRow } from './product-stock';

export const VARIANT_COSTS_TABLE = 'variant_costs';

const knex = () => strapi.db.connection;

// The owner's cost method lives in Strapi's key-value store (table strapi_core_store_settings), like the low-stock threshold.
const COST_METHOD_KEY = { type: 'core', name: 'shop-purchases', key: 'costMethod' } as const;

export async function costMethod(): Promise<CostMethod> {
  const value: unknown = await strapi.store.get(COST_METHOD_KEY);
  return typeof value === 'string' && (COST_METHODS as readonly string[]).includes(value) ? (value as CostMethod) : DEFAULT_COST_METHOD;
}

export async function setCostMethod(method: CostMethod): Promise<CostMethod> {
  await strapi.store.set({ ...COST_METHOD_KEY, value: method });
  return method;
}

// Mercado Pago's fee rates, in hundredths of a percent (629 = 6,29 %), in the same store; 0 until the owner sets them:
// online (the web's checkout and payment links), and in person at the counter by Point (card) and by QR.
const FEE_KEYS = {
  online: { type: 'core', name: 'shop-purchases', key: 'paymentFeeHundredths' },
  point: { type: 'core', name: 'shop-purchases', key: 'pointFeeHundredths' },
  qr: { type: 'core', name: 'shop-purchases', key: 'qrFeeHundredths' },
} as const;
export type FeeKind = keyof typeof FEE_KEYS;
export type FeeRates = Record<FeeKind, number>;

async function feePercentOf(kind: FeeKind): Promise<number> {
  const value: unknown = await strapi.store.get(FEE_KEYS[kind]);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value / 100 : 0;
}

/** Mercado Pago's online fee rate the sales report takes off the margin, in percent (0 when not set). */
export function paymentFeePercent(): Promise<number> {
  return feePercentOf('online');
}

/** Every fee rate, in percent: online, Point and QR. */
export async function feeRates(): Promise<FeeRates> {
  const [online, point, qr] = await Promise.all([feePercentOf('online'), feePercentOf('point'), feePercentOf('qr')]);
  return { online, point, qr };
}

export async function setFeePercent(kind: FeeKind, percent: number): Promise<number> {
  await strapi.store.set({ ...FEE_KEYS[kind], value: Math.round(percent * 100) });
  return feePercentOf(kind);
}

export function setPaymentFeePercent(percent: number): Promise<number> {
  return setFeePercent('online', percent);
}

export async function storedCost(trx: Trx, productId: string, variantId: string): Promise<number | null> {
  const row: unknown = await table(trx, VARIANT_COSTS_TABLE).where({ product_document_id: productId, variant_id: variantId }).first('cost');
  if (!isRecord(row) || row.cost === null || row.cost === undefined) return null;
  const cost = Number(row.cost);
  return Number.isFinite(cost) ? cost : null;
}

export async function writeCost(trx: Trx, line: { productId: string; variantId: string; sku: string }, cost: number): Promise<void> {
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

/** Every variant of one product with its cost (null when unknown); 404 for an unknown product. */
export async function variantCosts(productId: string): Promise<VariantCostsAnswer> {
  const row: unknown = await table(knex(), PRODUCTS_TABLE)
    .where('document_id', productId)
    .first(...STOCK_COLUMNS);
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

/**
 * Costs typed by hand for some variants of one product (null forgets one), in one transaction; the kept reports count
 * again (valuation, margins). 404 for an unknown product, 400 naming a variant the product does not have.
 */
export async function setVariantCosts(input: VariantCostsInput): Promise<VariantCostsAnswer> {
  await writeTransaction(async (trx) => {
    const row: unknown = await table(trx, PRODUCTS_TABLE)
      .where('document_id', input.productId)
      .first(...STOCK_COLUMNS);
    if (!isRecord(row)) throw notFound('No existe ese producto');
    const variants = new Map(stockOfRow(row).variants.map((v) => [v.id, v]));
    for (const { variantId, cost } of input.costs) {
      const variant = variants.get(variantId);
      if (!variant) throw badRequest(PURCHASES_MSG.unknownVariant(variantId));
      if (cost === null)
        await table(trx, VARIANT_COSTS_TABLE).where({ product_document_id: input.productId, variant_id: variantId }).delete();
      else await writeCost(trx, { productId: input.productId, variantId, sku: variant.sku }, cost);
    }
    await catalogueChanged('stock');
  });
  return variantCosts(input.productId);
}
