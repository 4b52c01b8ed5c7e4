// Staff editing of coupons and automatic promotions (the registered service api::promotion.promotion answers with these).
import {
  PROMOTION_MSG,
  promotionLive,
  type CouponAnswerCoupon,
  type CouponInput,
  type Promotion,
  type PromotionAnswerPromotion,
  type PromotionInput,
} from '@shop/shared';
import { catalogueChanged } from '../catalogue';
import { affectedRows, isUniqueViolation, newDocumentId, table, writeTransaction } from '../../utils/db-write';
import { conflict, notFound } from '../../utils/http';
import {
  COUPON_USES_TABLE,
  couponColumns,
  couponOfRow,
  COUPONS_TABLE,
  findCoupon,
  int,
  iso,
  PROMOTIONS_TABLE,
  promotionColumns,
  promotionOfRow,
  read,
  type Row,
} from './promotion-store';

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

export function listCoupons(): Promise<CouponAnswerCoupon[]> {
  return couponAnswers();
}

export async function createCoupon(input: CouponInput): Promise<CouponAnswerCoupon> {
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
}

/** A coupon's code is its identity in orders: changing it is refused once an order used it. */
export async function updateCoupon(documentId: string, input: CouponInput): Promise<CouponAnswerCoupon> {
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
}

/** One coupon as staff see it (404 when unknown). */
export async function coupon(documentId: string): Promise<CouponAnswerCoupon> {
  const [found] = await couponAnswers({ document_id: documentId });
  if (!found) throw notFound(PROMOTION_MSG.couponNotFound);
  return found;
}

/** Removes a coupon; orders that used it keep their discount as applied. */
export async function deleteCoupon(documentId: string): Promise<string> {
  return writeTransaction(async (trx) => {
    const current: Row | undefined = await table(trx, COUPONS_TABLE).where('document_id', documentId).first('code');
    if (!current) throw notFound(PROMOTION_MSG.couponNotFound);
    await table(trx, COUPONS_TABLE).where('document_id', documentId).delete();
    await table(trx, COUPON_USES_TABLE).where('coupon_code', String(current.code)).delete();
    return String(current.code);
  });
}

export async function listPromotions(): Promise<PromotionAnswerPromotion[]> {
  const rows: Row[] = await read(PROMOTIONS_TABLE).select('*').orderBy('id', 'desc');
  return rows.map((row) => promotionAnswer(promotionOfRow(row)));
}

export async function createPromotion(input: PromotionInput): Promise<PromotionAnswerPromotion> {
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
  return promotion(documentId);
}

export async function updatePromotion(documentId: string, input: PromotionInput): Promise<PromotionAnswerPromotion> {
  await writeTransaction(async (trx) => {
    const changed = affectedRows(
      await table(trx, PROMOTIONS_TABLE)
        .where('document_id', documentId)
        .update({ ...promotionColumns(input), updated_at: new Date() }),
    );
    if (changed === 0) throw notFound(PROMOTION_MSG.promotionNotFound);
    await catalogueChanged();
  });
  return promotion(documentId);
}

export async function deletePromotion(documentId: string): Promise<string> {
  return writeTransaction(async (trx) => {
    const current: Row | undefined = await table(trx, PROMOTIONS_TABLE).where('document_id', documentId).first('name');
    if (!current) throw notFound(PROMOTION_MSG.promotionNotFound);
    await table(trx, PROMOTIONS_TABLE).where('document_id', documentId).delete();
    await catalogueChanged();
    return String(current.name);
  });
}

export async function promotion(documentId: string): Promise<PromotionAnswerPromotion> {
  const row: Row | undefined = await read(PROMOTIONS_TABLE).where('document_id', documentId).first();
  if (!row) throw notFound(PROMOTION_MSG.promotionNotFound);
  return promotionAnswer(promotionOfRow(row));
}
