import { factories } from '@strapi/strapi';
import {
  CONFIRMABLE_STATUS,
  offeredInstallments,
  type DispatchAnswer,
  type FulfillmentStep,
  type OrderEvent,
  type ManualOrderAnswer,
  type ManualOrderInput,
  type OrderInput,
  type OrderSummary,
} from '@shop/shared';
import { notFound } from '../../../utils/http';
import { confirmOrder, deleteOrder, updateOrderStatus, type StatusUpdate } from '../../../domains/orders/order-admin';
import { listOrders, type OrderList, type OrderListQuery } from '../../../domains/orders/order-list';
import { createOrder, type CreatedOrder, type WithNewOrder } from '../../../domains/orders/order-checkout';
import { createManualOrder, type SalesClerk } from '../../../domains/orders/order-manual';
import { firstPaymentLink, freshPaymentLink, STAFF_LINK_DOWN, type PaymentLink } from '../../../domains/payments';
import { markFulfillment, markFulfillmentMany, type FulfillmentRefusal } from '../../../domains/orders/order-fulfillment';
import { orderSummary } from '../../../domains/reports';
import { dispatchSheet, type DispatchQuery } from '../../../domains/orders/order-dispatch';
import { orderHistory, staffActor, type Actor, type StaffMember } from '../../../domains/orders/order-history';
import { releaseExpiredOrders } from '../../../domains/orders/order-holds';
import { purgeExpiredIdempotencyKeys, type Idempotency } from '../../../domains/orders/order-idempotency';
import {
  ORDER_NOT_FOUND,
  ORDER_UID,
  findOrderDocument,
  getOrder,
  trackOrder,
  type TrackingAnswer,
} from '../../../domains/orders/order-read';
import type { OrderAnswer } from '../../../domains/orders/order-view';
import { MercadoPagoError } from '../../../domains/payments';
import { badGateway, checkoutUrlFor, discardOrder, MERCADOPAGO_DOWN_MESSAGE } from '../../../domains/payments';

const mail = () => strapi.service('api::email-outbox.email-outbox');

/**
 * The Mercado Pago checkout link of a new order. When Mercado Pago fails, a new order is removed again (its units
 * back, its Idempotency-Key free for a retry) and the shopper gets a 502 that offers the other methods; a replay
 * keeps its order (it may be another request's, still at work) and its hold ends it if it is never paid.
 */
async function startMercadoPagoPayment(created: CreatedOrder, idempotency: Idempotency | null, origin: string | null): Promise<string> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  try {
    return await checkoutUrlFor(created.order, idempotency?.key ?? null, origin, {
      maxInstallments: offeredInstallments(content.checkout.paymentInfo.mercadoPago),
    });
  } catch (err) {
    if (!(err instanceof MercadoPagoError)) throw err;
    strapi.log.warn(`[payments] Mercado Pago refused the preference of order ${created.orderNumber}: ${err.message}`);
    if (!created.replayed) {
      const kept = await discardOrder(created.order._id);
      if (kept) return kept;
    }
    throw badGateway(MERCADOPAGO_DOWN_MESSAGE);
  }
}

/** Moves stock and records the change (see updateOrderStatus); once committed, the shopper hears about it. */
async function changeStatusBy(documentId: string, update: StatusUpdate, by: Actor, origin: string | null = null): Promise<OrderAnswer> {
  const { order, from } = await updateOrderStatus(documentId, update, by);
  // Paid, confirmed, cancelled, refunded, or a rejected proof (back to waiting for one): the shopper is told.
  await mail().statusChanged(order, from, update.reason ?? null, origin);
  return order;
}

/**
 * Orders: checkout, tracking and the staff's work on them. The helper modules beside this file hold the parts
 * (pricing and numbering at checkout, stock, history, holds, idempotency); they are reached only through here.
 */
export default factories.createCoreService(ORDER_UID, () => ({
  /**
   * Prices, totals and numbers a new order (once per Idempotency-Key). Once it is committed, its mail is queued
   * (never sent here: placing an order does not wait for the mail server). `origin` builds the links in the mail
   * when PUBLIC_URL is not set.
   */
  async place(input: OrderInput, idempotency: Idempotency | null, origin: string | null = null): Promise<CreatedOrder> {
    // The mails of an order paid by other means than Mercado Pago are written in the order's own transaction (one
    // commit); a Mercado Pago order's wait for its payment link, which may still remove the order. Mails that could
    // not be prepared are queued after the commit, as before.
    let mailsWritten = false;
    const withMails = async (): Promise<WithNewOrder | null> => {
      const write = await mail().prepareOrderPlaced(origin);
      if (!write) return null;
      return async (trx, order) => {
        await write(trx, order);
        mailsWritten = true;
      };
    };
    const created = await createOrder(input, idempotency, null, input.paymentMethod === 'mercadopago' ? null : withMails);
    if (created.order.paymentMethod === 'mercadopago') {
      const checkoutUrl = await startMercadoPagoPayment(created, idempotency, origin);
      created.payment = { provider: 'mercadopago', checkoutUrl };
      created.order = { ...created.order, payment: created.order.payment ? { ...created.order.payment, checkoutUrl } : null };
    }
    if (!created.replayed)
      await (mailsWritten ? mail().orderPlacedWhatsapp(created.order, origin) : mail().orderPlaced(created.order, origin));
    return created;
  },

  /**
   * A sale taken by staff (order-manual.ts). A Mercado Pago sale answers its payment link and the wa.me link that
   * sends it; when Mercado Pago fails the order is removed again (units back) and staff get a 502. The shopper's
   * receipt goes out only when she gave an e-mail.
   */
  async placeManual(input: ManualOrderInput, clerk: SalesClerk, origin: string | null = null): Promise<ManualOrderAnswer> {
    const created = await createManualOrder(input, clerk);
    let link: PaymentLink | null = null;
    if (created.order.paymentMethod === 'mercadopago') {
      try {
        link = await firstPaymentLink(created.order, origin);
      } catch (err) {
        if (!(err instanceof MercadoPagoError)) throw err;
        strapi.log.warn(`[payments] Mercado Pago refused the preference of manual order ${created.orderNumber}: ${err.message}`);
        await discardOrder(created.order._id);
        throw badGateway(STAFF_LINK_DOWN);
      }
    }
    const order = link?.order ?? created.order;
    await mail().orderPlaced(order, origin);
    const answer = {
      order,
      orderNumber: created.orderNumber,
      paymentUrl: link?.paymentUrl ?? null,
      whatsappUrl: link?.whatsappUrl ?? null,
    };
    // A counter sale's card and QR parts, sent to Mercado Pago (the counter follows them).
    return created.counterPayments ? { ...answer, counterPayments: created.counterPayments } : answer;
  },

  /** A fresh Mercado Pago link for an unpaid order (400 in Spanish for paid, cancelled or other methods). */
  async paymentLink(documentId: string, origin: string | null = null): Promise<ManualOrderAnswer> {
    const link = await freshPaymentLink(documentId, origin);
    return { order: link.order, orderNumber: link.order.orderNumber, paymentUrl: link.paymentUrl, whatsappUrl: link.whatsappUrl };
  },

  /** The full order by its documentId (404 when unknown). */
  get(documentId: string): Promise<OrderAnswer> {
    return getOrder(documentId);
  },

  /** Public tracking by order number; the full card only when `contact` is the order's e-mail or phone. */
  track(orderNumber: string, contact: string | null): Promise<TrackingAnswer> {
    return trackOrder(orderNumber, contact);
  },

  list(query: OrderListQuery): Promise<OrderList> {
    return listOrders(query);
  },

  summarize(): Promise<OrderSummary> {
    return orderSummary();
  },

  /** A page of a day's delivery sheet per zone or pickup list per meeting point (orders still to hand over). */
  dispatch(query: DispatchQuery): Promise<DispatchAnswer> {
    return dispatchSheet(query);
  },

  /** A staff change of status (and notes), recorded in the order's history under the staff account. */
  changeStatus(documentId: string, update: StatusUpdate, staff: StaffMember, origin: string | null = null): Promise<OrderAnswer> {
    return changeStatusBy(documentId, update, staffActor(staff), origin);
  },

  /** The same change made by someone else than a shop account (a developer in Strapi's panel at /cms). */
  changeStatusBy,

  async confirm(documentId: string, staff: StaffMember, origin: string | null = null): Promise<OrderAnswer> {
    const order = await confirmOrder(documentId, staffActor(staff));
    await mail().statusChanged(order, CONFIRMABLE_STATUS, null, origin);
    return order;
  },

  /**
   * A fulfilment step marked by staff (see markFulfillment); once committed the shopper hears about it when it is
   * ready for pickup, shipped or delivered. Repeating the current step changes nothing and tells nobody.
   */
  async fulfill(documentId: string, step: FulfillmentStep, staff: StaffMember, origin: string | null = null): Promise<OrderAnswer> {
    const { order, changed, cashCollected } = await markFulfillment(documentId, step, staffActor(staff));
    if (changed) await mail().fulfillmentChanged(order, cashCollected, origin);
    return order;
  },

  /** The same step for several orders, each on its own (see markFulfillmentMany); each one marked is told. */
  async fulfillMany(
    ids: readonly string[],
    step: FulfillmentStep,
    staff: StaffMember,
    origin: string | null = null,
  ): Promise<{ orders: OrderAnswer[]; refused: FulfillmentRefusal[] }> {
    const { marked, refused } = await markFulfillmentMany(ids, step, staffActor(staff));
    for (const { order, changed, cashCollected } of marked) if (changed) await mail().fulfillmentChanged(order, cashCollected, origin);
    return { orders: marked.map((m) => m.order), refused };
  },

  /** Every status change of an order, oldest first (404 when the order is unknown). */
  async history(documentId: string): Promise<OrderEvent[]> {
    if (!(await findOrderDocument(documentId))) throw notFound(ORDER_NOT_FOUND);
    return orderHistory(documentId);
  },

  /** `by`: who deleted it (the stock ledger names her when its units come back). */
  remove(documentId: string, by?: Actor): Promise<{ orderNumber: string; stockReturned: boolean }> {
    return deleteOrder(documentId, by);
  },

  /** Cron task: cancels unpaid orders whose hold has passed and returns their stock. */
  releaseExpiredHolds(): Promise<number> {
    return releaseExpiredOrders();
  },

  /** Cron task: forgets Idempotency-Keys older than the kept period. */
  purgeIdempotencyKeys(): Promise<number> {
    return purgeExpiredIdempotencyKeys();
  },
}));
