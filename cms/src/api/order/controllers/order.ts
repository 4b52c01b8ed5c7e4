import type { Context } from 'koa';
import { orderInputSchema, orderStatusUpdateSchema } from '@shop/shared';
import { isAdminRequest } from '../../../utils/auth';
import { parseWith, queryInt, queryString, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { consume } from '../../../utils/rate-limit';
import { createOrder, getOrder, trackOrder } from '../services/order';
import { confirmOrder, deleteOrder, listOrders, orderSummary, updateOrderStatus } from '../services/order-admin';

export default {
  /** POST /orders (public, rate limited): the server prices, totals and numbers the order. */
  async create(ctx: Context) {
    await consume(ctx, 'orders');
    const input = parseWith(orderInputSchema, requestBody(ctx));
    ctx.status = 201;
    ctx.body = await createOrder(input);
  },

  /**
   * GET /orders/:id (public: the documentId is unguessable and only the shopper who ordered has it). Staff notes
   * are internal: only staff (the back office's order detail reads this route too) receive `adminNotes`.
   */
  async findOne(ctx: Context) {
    const order = await getOrder(routeParam(ctx, 'id'));
    if (await isAdminRequest(ctx)) {
      ctx.body = { order };
      return;
    }
    const { adminNotes: _internal, ...shopperView } = order;
    ctx.body = { order: shopperView };
  },

  /** GET /orders/by-number/:orderNumber (public tracking, without contact data). */
  async findByNumber(ctx: Context) {
    await consume(ctx, 'tracking');
    ctx.body = { order: await trackOrder(routeParam(ctx, 'orderNumber')) };
  },

  /** GET /orders (admin). */
  async find(ctx: Context) {
    ctx.body = await listOrders({
      page: queryInt(ctx.query.page, 1),
      limit: queryInt(ctx.query.limit, 10, { max: 100 }),
      status: queryString(ctx.query.status),
      date: queryString(ctx.query.date),
    });
  },

  /** PUT /orders/:id/status (admin). */
  async updateStatus(ctx: Context) {
    const update = parseWith(orderStatusUpdateSchema, requestBody(ctx));
    ctx.body = { order: await updateOrderStatus(routeParam(ctx, 'id'), update) };
  },

  /** PATCH /orders/:id/confirm (admin). */
  async confirm(ctx: Context) {
    ctx.body = { success: true, order: await confirmOrder(routeParam(ctx, 'id')) };
  },

  /** DELETE /orders/:id (admin). */
  async delete(ctx: Context) {
    const { orderNumber, stockReturned } = await deleteOrder(routeParam(ctx, 'id'));
    ctx.body = {
      message: stockReturned ? `Orden ${orderNumber} eliminada; su stock fue devuelto` : `Orden ${orderNumber} eliminada`,
    };
  },

  /** GET /orders/summary (admin). */
  async summary(ctx: Context) {
    ctx.body = { summary: await orderSummary() };
  },
};
