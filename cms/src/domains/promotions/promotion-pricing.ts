// What pricing and the storefront read: the cached promotions, a typed coupon's check, an order's pricing context and the live promotions.
import {
  customerKeyOf,
  normalizeCouponCode,
  promotionBadge,
  promotionLive,
  type CouponCheck,
  type LivePromotion,
  type PricingContext,
  type Promotion,
  type Quote,
} from '@shop/shared';
import { table, type Trx } from '../../utils/db-write';
import { COUPON_USES_TABLE, couponOfRow, findCoupon, int, PROMOTIONS_TABLE, promotionOfRow, read, type Row } from './promotion-store';

/** Every promotion, kept in memory until a promotion or the catalogue changes (here or on another process). */
let promotionCache: Promise<Promotion[]> | null = null;

/**
 * Forgets the promotions kept in memory. Promotions are settings: a change of scope 'all' of the catalogue (their
 * own saves, another process's) drops them, a stock move (every order) keeps them (bootstrap/subscribers.ts).
 */
export function forgetPromotions(): void {
  promotionCache = null;
}

async function allPromotions(): Promise<Promotion[]> {
  if (!promotionCache) {
    const loading = read(PROMOTIONS_TABLE)
      .select('*')
      .orderBy('id', 'asc')
      .then((rows: Row[]) => rows.map(promotionOfRow));
    promotionCache = loading;
    loading.catch(() => {
      if (promotionCache === loading) promotionCache = null;
    });
  }
  return promotionCache;
}

/** What the pricing needs to know of a typed coupon: the coupon, whether it has uses left, whether this e-mail used it. */
export async function couponCheck(code: string, email: string | null | undefined, trx?: Trx): Promise<CouponCheck> {
  const normalized = normalizeCouponCode(code);
  const row = await findCoupon(normalized, trx);
  if (!row) return { code: normalized, coupon: null };
  const coupon = couponOfRow(row);
  const usedUp = coupon.maxUses !== null && int(row.uses) >= coupon.maxUses;
  let usedByCustomer = false;
  if (coupon.onePerCustomer && email) {
    const builder = trx ? table(trx, COUPON_USES_TABLE) : read(COUPON_USES_TABLE);
    usedByCustomer = Boolean(await builder.where({ coupon_code: coupon.code, customer_key: customerKeyOf(email) }).first());
  }
  return { code: normalized, coupon, usedUp, usedByCustomer };
}

/**
 * The promotions and the coupon as one order or quote is priced with them. In a transaction, `promotions` must be
 * read before it starts (allPromotions reads outside it, and SQLite's single connection is held by the transaction).
 */
export async function pricingContext(
  couponCode: string | null | undefined,
  email: string | null | undefined,
  inTransaction?: { trx: Trx; promotions: readonly Promotion[] },
): Promise<PricingContext> {
  const promotions = inTransaction ? inTransaction.promotions : await allPromotions();
  const code = couponCode?.trim();
  return { promotions, ...(code ? { coupon: await couponCheck(code, email, inTransaction?.trx) } : {}), now: new Date() };
}

/** Every promotion (cached), for an order to read before its transaction. */
export function currentPromotions(): Promise<Promotion[]> {
  return allPromotions();
}

/** A typed code no coupon has (what the failed-lookup rate limit counts). */
export function unknownCoupon(context: PricingContext): boolean {
  return Boolean(context.coupon && !context.coupon.coupon);
}

/** The coupon's discount in a quote (its lines' amounts). */
export function couponDiscountOf(quote: Quote): number {
  return quote.discounts.filter((d) => d.kind === 'coupon').reduce((sum, d) => sum + d.amount, 0);
}

/** The promotions in force now, for the storefront's badges and cart. */
export async function livePromotions(now = new Date()): Promise<LivePromotion[]> {
  return (await allPromotions())
    .filter((p) => promotionLive(p, now))
    .map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      category: p.category,
      buy: p.buy,
      pay: p.pay,
      percent: p.percent,
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      active: true as const,
      badge: promotionBadge(p),
    }));
}
