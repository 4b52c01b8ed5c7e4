import { factories } from '@strapi/strapi';
import type { OrderEvent, OrderInput, OrderSummary } from '@shop/shared';
import { notFound } from '../../../utils/http';
import {
  confirmOrder,
  deleteOrder,
  listOrders,
  orderSummary,
  updateOrderStatus,
  type OrderList,
  type OrderListQuery,
  type StatusUpdate,
} from './order-admin';
import { createOrder, type CreatedOrder } from './order-checkout';
import { orderHistory, staffActor, type StaffMember } from './order-history';
import { releaseExpiredOrders } from './order-holds';
import { purgeExpiredIdempotencyKeys, type Idempotency } from './order-idempotency';
import { ORDER_NOT_FOUND, ORDER_UID, findOrderDocument, getOrder, trackOrder, type TrackingAnswer } from './order-read';
import type { OrderAnswer } from './order-view';

/**
 * Orders: checkout, tracking and the staff's work on them. The helper modules beside this file hold the parts
 * (pricing and numbering at checkout, stock, history, holds, idempotency); they are reached only through here.
 */
export default factories.createCoreService(ORDER_UID, () => ({
  /** Prices, totals and numbers a new order (once per Idempotency-Key). */
  place(input: OrderInput, idempotency: Idempotency | null): Promise<CreatedOrder> {
    return createOrder(input, idempotency);
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

  /** A staff change of status (and notes), recorded in the order's history under the staff account. */
  changeStatus(documentId: string, update: StatusUpdate, staff: StaffMember): Promise<OrderAnswer> {
    return updateOrderStatus(documentId, update, staffActor(staff));
  },

  confirm(documentId: string, staff: StaffMember): Promise<OrderAnswer> {
    return confirmOrder(documentId, staffActor(staff));
  },

  /** Every status change of an order, oldest first (404 when the order is unknown). */
  async history(documentId: string): Promise<OrderEvent[]> {
    if (!(await findOrderDocument(documentId))) throw notFound(ORDER_NOT_FOUND);
    return orderHistory(documentId);
  },

  remove(documentId: string): Promise<{ orderNumber: string; stockReturned: boolean }> {
    return deleteOrder(documentId);
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
