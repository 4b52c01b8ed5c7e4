import type { Context } from 'koa';
import { orderInputSchema, orderStatusUpdateSchema } from '@shop/shared';
import { isAdminRequest, requireAdmin } from '../../../utils/auth';
import { notFound, parseWith, queryInt, queryString, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { consume } from '../../../utils/rate-limit';
import { ORDER_NOT_FOUND, createOrder, findOrderDocument, getOrder, trackOrder } from '../services/order';
import { confirmOrder, deleteOrder, listOrders, orderSummary, updateOrderStatus } from '../services/order-admin';
import { orderHistory, staffActor } from '../services/order-history';

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

  /** PUT /orders/:id/status (admin); the change is recorded in the order's history under the staff account. */
  async updateStatus(ctx: Context) {
    const staff = await requireAdmin(ctx);
    const update = parseWith(orderStatusUpdateSchema, requestBody(ctx));
    ctx.body = { order: await updateOrderStatus(routeParam(ctx, 'id'), update, staffActor(staff)) };
  },

  /** PATCH /orders/:id/confirm (admin). */
  async confirm(ctx: Context) {
    const staff = await requireAdmin(ctx);
    ctx.body = { success: true, order: await confirmOrder(routeParam(ctx, 'id'), staffActor(staff)) };
  },

  /** GET /orders/:id/history (admin): every status change, oldest first. */
  async history(ctx: Context) {
    const documentId = routeParam(ctx, 'id');
    if (!(await findOrderDocument(documentId))) throw notFound(ORDER_NOT_FOUND);
    ctx.body = { history: await orderHistory(documentId) };
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
