import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import {
  orderAnswerSchema,
  orderConfirmedAnswerSchema,
  orderCreatedAnswerSchema,
  orderDeletedAnswerSchema,
  orderHistoryAnswerSchema,
  orderInputSchema,
  orderListAnswerSchema,
  orderStatusUpdateSchema,
  orderExportFiltersSchema,
  orderSummaryAnswerSchema,
  ORDER_EXPORT_HEADER,
  DISPATCH_TYPES,
  DISPATCH_PAGE_SIZE,
  MAX_DISPATCH_PAGE_SIZE,
  dispatchAnswerSchema,
  repeatedFilter,
  COUPON_REFUSALS,
  trackedOrderAnswerSchema,
  trackingContactProblem,
  statusLabel,
  bulkFulfillmentAnswerSchema,
  bulkFulfillmentSchema,
  fulfillmentLabel,
  fulfillmentUpdateSchema,
  manualOrderAnswerSchema,
  manualOrderInputSchema,
  ORDER_CHANNEL_LABELS,
  changeOf,
} from '@shop/shared';
import { isAdminRequest, requireAdmin, requireStaff } from '../../../domains/staff';
import { noteActivity } from '../../../domains/staff';
import { ApiError, badRequest, parseWith, queryInt, queryString, reply, requestBody } from '../../../utils/http';
import { idempotencyKeyOf, requestHash } from '../../../domains/orders/idempotency-key';
import { routeParam } from '../../../utils/route-param';
import { consume, refuseWhenBlocked } from '../../../domains/platform';
import { exportBatchSize, sendCsv } from '../../../utils/csv-stream';
import { orderExportBatches } from '../../../domains/reports';
import { staffActor } from '../../../domains/orders/order-history';
import { refundOrder as refundMercadoPagoOrder } from '../../../domains/payments';
import { trackedReturnsOf } from '../../../domains/returns';
import { trackedWithdrawalsOf } from '../../../domains/withdrawals';

/** A wrong e-mail or phone costs this many tracking points in all (a plain lookup costs one). */
export const FAILED_CONTACT_COST = 5;

/** The `contact` query parameter: null when absent or blank; a 400 when repeated, too long or with control characters. */
function trackingContact(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw badRequest('Indicá un solo e-mail o teléfono de la compra');
  const problem = trackingContactProblem(value);
  if (problem) throw badRequest(problem);
  return value.trim() === '' ? null : value.trim();
}

const orders = () => strapi.service('api::order.order');

export default factories.createCoreController('api::order.order', () => ({
  /**
   * POST /orders (public, rate limited): the server prices, totals and numbers the order. With an Idempotency-Key
   * header, a retry with the same key and body answers the order already made (header Idempotent-Replayed).
   */
  async create(ctx: Context) {
    await consume(ctx, 'orders');
    const key = idempotencyKeyOf(ctx.get('Idempotency-Key'));
    const input = parseWith(orderInputSchema, requestBody(ctx));
    // The coupon look-ups share the quote's budget: a client that tried too many codes no coupon has is refused here
    // too, and a code no coupon has costs a point here as it does at the quote.
    if (input.couponCode) await refuseWhenBlocked(ctx, 'coupon');
    const { replayed, ...answer } = await orders()
      .place(input, key ? { key, hash: requestHash(input) } : null, ctx.request.origin)
      .catch(async (err: unknown) => {
        if (err instanceof ApiError && err.message === COUPON_REFUSALS.unknown) await consume(ctx, 'coupon');
        throw err;
      });
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    // The checkout's draft (abandoned checkouts) is "convertida" now; a failure there never fails the order.
    if (input.checkoutToken && !replayed) {
      const order = { documentId: answer.order._id, total: answer.order.total, recovered: input.fromRecovery === true };
      await strapi
        .service('api::checkout-draft.checkout-draft')
        .markConverted(input.checkoutToken, order)
        .catch((err: unknown) =>
          strapi.log.warn(`[checkouts] draft not marked converted: ${err instanceof Error ? err.message : String(err)}`),
        );
    }
    ctx.status = 201;
    reply(ctx, orderCreatedAnswerSchema, answer);
  },

  /**
   * GET /orders/:id (public: the documentId is unguessable and only the shopper who ordered has it). Staff notes
   * are internal: only staff (the back office's order detail reads this route too) receive `adminNotes`.
   */
  async findOne(ctx: Context) {
    const order = await orders().get(routeParam(ctx, 'id'));
    if (await isAdminRequest(ctx)) {
      reply(ctx, orderAnswerSchema, { order });
      return;
    }
    const { adminNotes: _internal, createdBy: _staff, payment, ...shopperView } = order;
    // The link to the payment in Mercado Pago's activity is for staff.
    const shopperPayment = payment ? { ...payment, paymentUrl: undefined } : payment;
    reply(ctx, orderAnswerSchema, { order: { ...shopperView, payment: shopperPayment } });
  },

  /**
   * GET /orders/by-number/:orderNumber[?contact=] (public tracking): the summary, or the full card when `contact` is
   * the order's e-mail or phone. A wrong contact spends FAILED_CONTACT_COST tracking points in all.
   */
  async track(ctx: Context) {
    await consume(ctx, 'tracking');
    const contact = trackingContact(ctx.query.contact);
    let answer = await orders().track(routeParam(ctx, 'orderNumber'), contact);
    if (answer.contactMatched === false) await consume(ctx, 'tracking', undefined, FAILED_CONTACT_COST - 1);
    // An order sent with a carrier: its shipment, polled first at most once a minute (delivered moves the order too).
    if (answer.order.detail === 'full' && answer.order.deliveryType === 'carrier') {
      const { shipment, moved } = await strapi.service('api::shipment.shipment').tracked(answer.order.orderNumber);
      if (moved) answer = await orders().track(answer.order.orderNumber, contact);
      if (shipment) answer.order.shipment = shipment;
    }
    // With the contact, her exchange and return requests of the order and what she may still ask.
    if (answer.order.detail === 'full') {
      answer.order.returns = await trackedReturnsOf(answer.order.orderNumber);
      // Her botón de arrepentimiento requests (code and status), shown on the tracking page; absent when none.
      const withdrawals = await trackedWithdrawalsOf(answer.order.orderNumber);
      if (withdrawals.length > 0) answer.order.withdrawals = withdrawals;
    }
    reply(ctx, trackedOrderAnswerSchema, answer);
  },

  /**
   * POST /orders/manual (orders.create): a sale taken by staff, priced like a web order; the history and the
   * activity name the staff member. A Mercado Pago sale answers its payment link and the WhatsApp link sending it.
   */
  async createManual(ctx: Context) {
    const staff = await requireStaff(ctx, 'orders.create');
    const input = parseWith(manualOrderInputSchema, requestBody(ctx));
    const answer = await orders().placeManual(input, staff, ctx.request.origin);
    noteActivity(ctx, {
      target: answer.orderNumber,
      summary: `${answer.orderNumber}: venta por ${ORDER_CHANNEL_LABELS[input.channel]} de ${answer.order.total} pesos`,
    });
    ctx.status = 201;
    // A counter sale (registerId) answers the change of its cash parts.
    reply(
      ctx,
      manualOrderAnswerSchema,
      input.registerId !== undefined && input.payments ? { ...answer, change: changeOf(input.payments) } : answer,
    );
  },

  /** POST /orders/:id/payment-link (orders.create): a fresh Mercado Pago link for an unpaid order. */
  async paymentLink(ctx: Context) {
    await requireStaff(ctx, 'orders.create');
    const answer = await orders().paymentLink(routeParam(ctx, 'id'), ctx.request.origin);
    noteActivity(ctx, { target: answer.orderNumber, summary: `${answer.orderNumber}: nuevo link de pago` });
    reply(ctx, manualOrderAnswerSchema, answer);
  },

  /** GET /orders (admin): newest first, or oldest first with `sort=createdAt:asc`. */
  async find(ctx: Context) {
    reply(
      ctx,
      orderListAnswerSchema,
      await orders().list({
        page: queryInt(ctx.query.page, 1),
        limit: queryInt(ctx.query.limit, 10, { max: 100 }),
        status: queryString(ctx.query.status),
        date: queryString(ctx.query.date),
        sort: queryString(ctx.query.sort),
        zone: queryString(ctx.query.zone),
        meetingPoint: queryString(ctx.query.meetingPoint),
        fulfillment: queryString(ctx.query.fulfillment),
        channel: queryString(ctx.query.channel),
        search: queryString(ctx.query.search),
      }),
    );
  },

  /** PUT /orders/:id/status (admin); the change is recorded in the order's history under the staff account. */
  async updateStatus(ctx: Context) {
    const update = parseWith(orderStatusUpdateSchema, requestBody(ctx));
    // Marking an order refunded (money goes back) needs more than the route's permission to manage orders.
    const staff = await requireStaff(ctx, update.status === 'refunded' ? 'orders.refund' : 'orders.manage');
    const order = await orders().changeStatus(routeParam(ctx, 'id'), update, staff, ctx.request.origin);
    noteActivity(ctx, { target: order.orderNumber, summary: `${order.orderNumber} → ${statusLabel(update.status)}` });
    reply(ctx, orderAnswerSchema, { order });
  },

  /** PUT /orders/:id/fulfillment (orders.manage): the next step of one order, recorded under the staff account. */
  async fulfill(ctx: Context) {
    const { step } = parseWith(fulfillmentUpdateSchema, requestBody(ctx));
    const staff = await requireStaff(ctx, 'orders.manage');
    const order = await orders().fulfill(routeParam(ctx, 'id'), step, staff, ctx.request.origin);
    noteActivity(ctx, { target: order.orderNumber, summary: `${order.orderNumber} → ${fulfillmentLabel(step)}` });
    reply(ctx, orderAnswerSchema, { order });
  },

  /** POST /orders/fulfillment (orders.manage): one step for several orders (e.g. a whole delivery sheet delivered). */
  async fulfillMany(ctx: Context) {
    const { ids, step } = parseWith(bulkFulfillmentSchema, requestBody(ctx));
    const staff = await requireStaff(ctx, 'orders.manage');
    const answer = await orders().fulfillMany(ids, step, staff, ctx.request.origin);
    noteActivity(ctx, {
      target: `${answer.orders.length} órdenes`,
      summary: `${answer.orders.length} órdenes → ${fulfillmentLabel(step)}`,
    });
    reply(ctx, bulkFulfillmentAnswerSchema, answer);
  },

  /** PATCH /orders/:id/confirm (admin). */
  async confirm(ctx: Context) {
    const staff = await requireAdmin(ctx);
    reply(ctx, orderConfirmedAnswerSchema, {
      success: true,
      order: await orders().confirm(routeParam(ctx, 'id'), staff, ctx.request.origin),
    });
  },

  /**
   * POST /orders/:id/refund (owner: orders.refund): refunds a paid Mercado Pago order in full through Mercado Pago,
   * marks it refunded and returns its units once. 400 for other orders, 502 (nothing changed) when Mercado Pago refuses.
   */
  async refund(ctx: Context) {
    const staff = await requireStaff(ctx, 'orders.refund');
    const order = await refundMercadoPagoOrder(routeParam(ctx, 'id'), staffActor(staff));
    noteActivity(ctx, { target: order.orderNumber, summary: `${order.orderNumber} reembolsada por Mercado Pago` });
    reply(ctx, orderAnswerSchema, { order });
  },

  /** GET /orders/:id/history (admin): every status change, oldest first. */
  async history(ctx: Context) {
    reply(ctx, orderHistoryAnswerSchema, { history: await orders().history(routeParam(ctx, 'id')) });
  },

  /** DELETE /orders/:id (admin). */
  async delete(ctx: Context) {
    const staff = await requireStaff(ctx, 'orders.delete');
    const { orderNumber, stockReturned } = await orders().remove(routeParam(ctx, 'id'), staffActor(staff));
    reply(ctx, orderDeletedAnswerSchema, {
      message: stockReturned ? `Orden ${orderNumber} eliminada; su stock fue devuelto` : `Orden ${orderNumber} eliminada`,
    });
  },

  /**
   * GET /orders/export.csv (admin): the orders matching the list's filters plus payment method, search and an
   * Argentine date range, newest first, streamed as CSV for Excel es-AR (see sendCsv).
   */
  async exportCsv(ctx: Context) {
    const query: Record<string, unknown> = ctx.query;
    const repeated = repeatedFilter(query);
    if (repeated) throw badRequest(repeated);
    const filters = parseWith(orderExportFiltersSchema, query);
    sendCsv(ctx, 'ordenes', ORDER_EXPORT_HEADER, orderExportBatches(filters, exportBatchSize()));
  },

  /**
   * GET /orders/dispatch?type=delivery|pickup&date=YYYY-MM-DD&page=&limit= (admin): a page of the day's delivery sheet
   * per zone, or pickup list per meeting point (today in the shop's time zone by default).
   */
  async dispatch(ctx: Context) {
    const repeated = repeatedFilter(ctx.query);
    if (repeated) throw badRequest(repeated);
    const type = queryString(ctx.query.type) ?? 'delivery';
    if (!(DISPATCH_TYPES as readonly string[]).includes(type))
      throw badRequest('El tipo de hoja debe ser delivery (reparto) o pickup (retiros)');
    reply(
      ctx,
      dispatchAnswerSchema,
      await orders().dispatch({
        type: type === 'pickup' ? 'pickup' : 'delivery',
        date: queryString(ctx.query.date),
        page: queryInt(ctx.query.page, 1, { max: 100_000 }),
        limit: queryInt(ctx.query.limit, DISPATCH_PAGE_SIZE, { max: MAX_DISPATCH_PAGE_SIZE }),
      }),
    );
  },

  /** GET /orders/summary (admin). */
  async summarize(ctx: Context) {
    reply(ctx, orderSummaryAnswerSchema, { summary: await orders().summarize() });
  },
}));
