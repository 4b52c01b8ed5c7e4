// Coupon uses inside an order's transaction: claiming one, giving it back, and claiming it again for a reactivated order.
import { customerKeyOf } from '@shop/shared';
import { affectedRows, newDocumentId, storedFlag, table, type Trx } from '../../utils/db-write';
import { COUPON_USES_TABLE, COUPONS_TABLE, findCoupon, int, knex, type Row } from './promotion-store';

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
