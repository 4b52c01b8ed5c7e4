import {
  customerKeyOf,
  normalizeCouponCode,
  PROMOTION_MSG,
  promotionBadge,
  promotionLive,
  type Coupon,
  type CouponAnswerCoupon,
  type CouponCheck,
  type CouponInput,
  type LivePromotion,
  type PricingContext,
  type Promotion,
  type PromotionAnswerPromotion,
  type PromotionInput,
  type Quote,
} from '@shop/shared';
import { catalogueChanged, onCatalogueChange } from '../../../domains/catalogue/catalogue-version';
import { affectedRows, jsonColumn, newDocumentId, storedFlag, table, writeTransaction, type Trx } from '../../../utils/db-write';
import { conflict, notFound } from '../../../utils/http';

export const COUPONS_TABLE = 'coupons';
export const COUPON_USES_TABLE = 'coupon_uses';
export const PROMOTIONS_TABLE = 'promotions';

type Row = Record<string, unknown>;

const iso = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
};
const int = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n) : 0;
};
const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : int(value));
const strings = (value: unknown): string[] => {
  const parsed = jsonColumn(value);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
};

function couponOfRow(row: Row): Coupon {
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

function promotionOfRow(row: Row): Promotion & { createdAt: string } {
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

function couponColumns(input: CouponInput): Row {
  return {
    code: input.code,
    coupon_type: input.type,
    value: input.value,
    min_subtotal: input.minSubtotal,
    starts_at: input.startsAt ? new Date(input.startsAt) : null,
    ends_at: input.endsAt ? new Date(input.endsAt) : null,
    max_uses: input.maxUses,
    one_per_customer: input.onePerCustomer,
    categories: JSON.stringify(input.categories),
    is_active: input.active,
  };
}

function promotionColumns(input: PromotionInput): Row {
  return {
    name: input.name,
    promotion_type: input.type,
    category: input.category,
    buy: input.buy,
    pay: input.pay,
    percent: input.percent,
    starts_at: input.startsAt ? new Date(input.startsAt) : null,
    ends_at: input.endsAt ? new Date(input.endsAt) : null,
    is_active: input.active,
  };
}

const knex = () => strapi.db.connection;
function read(name: string) {
  const schema = strapi.db.getSchemaName();
  return schema ? knex().withSchema(schema).table(name) : knex().table(name);
}

/** Every promotion, kept in memory until a promotion or the catalogue changes (here or on another process). */
let promotionCache: Promise<Promotion[]> | null = null;
onCatalogueChange(() => (promotionCache = null));

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

/** The coupon with this code (any case), read in `trx` when given. */
async function findCoupon(code: string, trx?: Trx): Promise<Row | null> {
  const builder = trx ? table(trx, COUPONS_TABLE) : read(COUPONS_TABLE);
  const row: unknown = await builder.where('code', normalizeCouponCode(code)).first();
  return row && typeof row === 'object' ? (row as Row) : null;
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

/**
 * Takes one use of the order's coupon inside the order's transaction, or throws the 409 the order answers:
 * the counter goes up only while below maxUses (a conditional update: exact under any concurrency, on SQLite and
 * PostgreSQL, over any number of processes), and a "one per customer" coupon records the e-mail under a unique
 * index (a second order of the same customer finds it taken).
 */
export async function claimCouponUse(
  trx: Trx,
  use: {
    code: string;
    email: string;
    onePerCustomer: boolean;
    orderDocumentId: string;
    orderNumber: string;
    orderTotal: number;
    discount: number;
  },
): Promise<boolean> {
  const counted = affectedRows(
    await table(trx, COUPONS_TABLE)
      .where('code', use.code)
      .andWhere((q) => void q.whereNull('max_uses').orWhereRaw('?? < ??', ['uses', 'max_uses']))
      .update({ uses: knex().raw('?? + 1', ['uses']) }),
  );
  if (counted === 0) return false;
  const now = new Date();
  const inserted: unknown = await table(trx, COUPON_USES_TABLE)
    .insert({
      document_id: newDocumentId(),
      coupon_code: use.code,
      customer_key: use.onePerCustomer ? customerKeyOf(use.email) : `pedido:${use.orderNumber}`,
      order_document_id: use.orderDocumentId,
      order_number: use.orderNumber,
      order_total: use.orderTotal,
      discount: use.discount,
      at: now,
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .onConflict(['coupon_code', 'customer_key'])
    .ignore()
    .returning('id');
  return Array.isArray(inserted) && inserted.length === 1;
}

/** Gives an order's coupon use back (its order was cancelled, expired or deleted): exactly once, whoever calls. */
export async function releaseCouponUse(trx: Trx, orderDocumentId: string): Promise<void> {
  const uses: Row[] = await table(trx, COUPON_USES_TABLE).where('order_document_id', orderDocumentId).select('id', 'coupon_code');
  for (const use of uses) {
    const removed = affectedRows(await table(trx, COUPON_USES_TABLE).where('id', int(use.id)).delete());
    if (removed === 1)
      await table(trx, COUPONS_TABLE)
        .where('code', String(use.coupon_code))
        .andWhere('uses', '>', 0)
        .update({ uses: knex().raw('?? - 1', ['uses']) });
  }
}

/**
 * Takes the use again for an order brought back from cancelled: false when the coupon has no use left for it
 * (the reactivation is then refused, as when its units are gone).
 */
export async function reclaimCouponUse(trx: Trx, orderDocumentId: string): Promise<{ ok: true } | { ok: false; code: string }> {
  // Through the query engine (it joins the shipping details' component), inside the caller's transaction.
  const order: unknown = await strapi.db.query('api::order.order').findOne({
    where: { documentId: orderDocumentId },
    select: ['couponCode', 'orderNumber', 'total', 'discounts'],
    populate: ['shippingInfo'],
  });
  const found = order && typeof order === 'object' ? (order as Row) : null;
  const code = typeof found?.couponCode === 'string' ? found.couponCode : '';
  if (!found || !code) return { ok: true };
  if (await table(trx, COUPON_USES_TABLE).where('order_document_id', orderDocumentId).first('id')) return { ok: true };
  const row = await findCoupon(code, trx);
  const shipping = found.shippingInfo;
  const email = shipping && typeof shipping === 'object' && 'email' in shipping ? String(shipping.email) : '';
  const discount = Array.isArray(found.discounts)
    ? found.discounts.filter((d: Row) => d && d.kind === 'coupon').reduce((sum: number, d: Row) => sum + int(d.amount), 0)
    : 0;
  const ok =
    row !== null &&
    (await claimCouponUse(trx, {
      code,
      email,
      onePerCustomer: storedFlag(row.one_per_customer),
      orderDocumentId,
      orderNumber: String(found.orderNumber ?? ''),
      orderTotal: int(found.total),
      discount,
    }));
  return ok ? { ok: true } : { ok: false, code };
}

/** The coupon's discount in a quote (its lines' amounts). */
export function couponDiscountOf(quote: Quote): number {
  return quote.discounts.filter((d) => d.kind === 'coupon').reduce((sum, d) => sum + d.amount, 0);
}

function isUniqueViolation(err: unknown): boolean {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT');
}

async function couponAnswers(where?: { document_id: string }): Promise<CouponAnswerCoupon[]> {
  const rows: Row[] = await (where ? read(COUPONS_TABLE).where(where) : read(COUPONS_TABLE)).select('*').orderBy('id', 'desc');
  const totals: Row[] = await read(COUPON_USES_TABLE)
    .select('coupon_code')
    .sum({ revenue: 'order_total', given: 'discount' })
    .groupBy('coupon_code');
  const byCode = new Map(totals.map((t) => [String(t.coupon_code), t]));
  return rows.map((row) => {
    const coupon = couponOfRow(row);
    const sums = byCode.get(coupon.code);
    return {
      id: String(row.document_id),
      ...coupon,
      categories: [...coupon.categories],
      uses: int(row.uses),
      revenue: int(sums?.revenue),
      discountGiven: int(sums?.given),
      createdAt: iso(row.created_at) ?? '',
    };
  });
}

const promotionAnswer = (p: Promotion & { createdAt: string }, now = new Date()): PromotionAnswerPromotion => ({
  ...p,
  live: promotionLive(p, now),
});

/** Coupons and automatic promotions: staff edit them (owner), the pricing reads them. */
export default () => ({
  listCoupons(): Promise<CouponAnswerCoupon[]> {
    return couponAnswers();
  },

  async createCoupon(input: CouponInput): Promise<CouponAnswerCoupon> {
    const documentId = newDocumentId();
    const now = new Date();
    try {
      await writeTransaction(async (trx) => {
        if (await findCoupon(input.code, trx)) throw conflict(PROMOTION_MSG.codeTaken);
        await table(trx, COUPONS_TABLE).insert({
          ...couponColumns(input),
          uses: 0,
          document_id: documentId,
          created_at: now,
          updated_at: now,
          published_at: now,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(PROMOTION_MSG.codeTaken);
      throw err;
    }
    const [created] = await couponAnswers({ document_id: documentId });
    return created!;
  },

  /** A coupon's code is its identity in orders: changing it is refused once an order used it. */
  async updateCoupon(documentId: string, input: CouponInput): Promise<CouponAnswerCoupon> {
    try {
      await writeTransaction(async (trx) => {
        const current: Row | undefined = await table(trx, COUPONS_TABLE).where('document_id', documentId).first();
        if (!current) throw notFound(PROMOTION_MSG.couponNotFound);
        if (String(current.code) !== input.code) {
          if (await findCoupon(input.code, trx)) throw conflict(PROMOTION_MSG.codeTaken);
          if (await table(trx, COUPON_USES_TABLE).where('coupon_code', String(current.code)).first('id'))
            throw conflict('Este cupón ya se usó en pedidos: no se puede cambiar su código (creá otro cupón)');
        }
        await table(trx, COUPONS_TABLE)
          .where('document_id', documentId)
          .update({ ...couponColumns(input), updated_at: new Date() });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(PROMOTION_MSG.codeTaken);
      throw err;
    }
    const [updated] = await couponAnswers({ document_id: documentId });
    return updated!;
  },

  /** Removes a coupon; orders that used it keep their discount as applied. */
  async deleteCoupon(documentId: string): Promise<string> {
    return writeTransaction(async (trx) => {
      const current: Row | undefined = await table(trx, COUPONS_TABLE).where('document_id', documentId).first('code');
      if (!current) throw notFound(PROMOTION_MSG.couponNotFound);
      await table(trx, COUPONS_TABLE).where('document_id', documentId).delete();
      await table(trx, COUPON_USES_TABLE).where('coupon_code', String(current.code)).delete();
      return String(current.code);
    });
  },

  async listPromotions(): Promise<PromotionAnswerPromotion[]> {
    const rows: Row[] = await read(PROMOTIONS_TABLE).select('*').orderBy('id', 'desc');
    return rows.map((row) => promotionAnswer(promotionOfRow(row)));
  },

  async createPromotion(input: PromotionInput): Promise<PromotionAnswerPromotion> {
    const documentId = newDocumentId();
    const now = new Date();
    await writeTransaction(async (trx) => {
      await table(trx, PROMOTIONS_TABLE).insert({
        ...promotionColumns(input),
        document_id: documentId,
        created_at: now,
        updated_at: now,
        published_at: now,
      });
      await catalogueChanged();
    });
    return this.promotion(documentId);
  },

  async updatePromotion(documentId: string, input: PromotionInput): Promise<PromotionAnswerPromotion> {
    await writeTransaction(async (trx) => {
      const changed = affectedRows(
        await table(trx, PROMOTIONS_TABLE)
          .where('document_id', documentId)
          .update({ ...promotionColumns(input), updated_at: new Date() }),
      );
      if (changed === 0) throw notFound(PROMOTION_MSG.promotionNotFound);
      await catalogueChanged();
    });
    return this.promotion(documentId);
  },

  async deletePromotion(documentId: string): Promise<string> {
    return writeTransaction(async (trx) => {
      const current: Row | undefined = await table(trx, PROMOTIONS_TABLE).where('document_id', documentId).first('name');
      if (!current) throw notFound(PROMOTION_MSG.promotionNotFound);
      await table(trx, PROMOTIONS_TABLE).where('document_id', documentId).delete();
      await catalogueChanged();
      return String(current.name);
    });
  },

  async promotion(documentId: string): Promise<PromotionAnswerPromotion> {
    const row: Row | undefined = await read(PROMOTIONS_TABLE).where('document_id', documentId).first();
    if (!row) throw notFound(PROMOTION_MSG.promotionNotFound);
    return promotionAnswer(promotionOfRow(row));
  },

  /** The promotions in force now, for the storefront's badges and cart. */
  async live(now = new Date()): Promise<LivePromotion[]> {
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
  },
});
