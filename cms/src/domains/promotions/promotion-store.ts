// Promotion storage: the coupons, coupon_uses and promotions tables, their rows as coupons and promotions, and the columns an input writes.
import { normalizeCouponCode, type Coupon, type CouponInput, type Promotion, type PromotionInput } from '@shop/shared';
import { jsonColumn, storedFlag, table, type Trx } from '../../utils/db-write';

export const COUPONS_TABLE = 'coupons';
export const COUPON_USES_TABLE = 'coupon_uses';
export const PROMOTIONS_TABLE = 'promotions';

export type Row = Record<string, unknown>;

export const iso = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
};
export const int = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n) : 0;
};
const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : int(value));
const strings = (value: unknown): string[] => {
  const parsed = jsonColumn(value);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
};

export function couponOfRow(row: Row): Coupon {
  const type = row.coupon_type === 'fixed' || row.coupon_type === 'free_shipping' ? row.coupon_type : 'percent';
  return {
    code: String(row.code ?? ''),
    type,
    value: int(row.value),
    minSubtotal: int(row.min_subtotal),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    maxUses: intOrNull(row.max_uses),
    onePerCustomer: storedFlag(row.one_per_customer),
    categories: strings(row.categories),
    active: storedFlag(row.is_active),
  };
}

export function promotionOfRow(row: Row): Promotion & { createdAt: string } {
  return {
    id: String(row.document_id ?? ''),
    name: String(row.name ?? ''),
    type: row.promotion_type === 'category_percent' ? 'category_percent' : 'buy_x_pay_y',
    category: String(row.category ?? ''),
    buy: intOrNull(row.buy),
    pay: intOrNull(row.pay),
    percent: intOrNull(row.percent),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    active: storedFlag(row.is_active),
    createdAt: iso(row.created_at) ?? '',
  };
}

/** The columns of a coupon's or a promotion's window (when it starts and ends). */
function windowColumns(input: { startsAt: string | null; endsAt: string | null }): Row {
  return {
    starts_at: input.startsAt ? new Date(input.startsAt) : null,
    ends_at: input.endsAt ? new Date(input.endsAt) : null,
  };
}

export function couponColumns(input: CouponInput): Row {
  return {
    code: input.code,
    coupon_type: input.type,
    value: input.value,
    min_subtotal: input.minSubtotal,
    ...windowColumns(input),
    max_uses: input.maxUses,
    one_per_customer: input.onePerCustomer,
    categories: JSON.stringify(input.categories),
    is_active: input.active,
  };
}

export function promotionColumns(input: PromotionInput): Row {
  return {
    name: input.name,
    promotion_type: input.type,
    category: input.category,
    buy: input.buy,
    pay: input.pay,
    percent: input.percent,
    ...windowColumns(input),
    is_active: input.active,
  };
}

export const knex = () => strapi.db.connection;
export function read(name: string) {
  const schema = strapi.db.getSchemaName();
  return schema ? knex().withSchema(schema).table(name) : knex().table(name);
}

/** The coupon with this code (any case), read in `trx` when given. */
export async function findCoupon(code: string, trx?: Trx): Promise<Row | null> {
  const builder = trx ? table(trx, COUPONS_TABLE) : read(COUPONS_TABLE);
  const row: unknown = await builder.where('code', normalizeCouponCode(code)).first();
  return row && typeof row === 'object' ? (row as Row) : null;
}
