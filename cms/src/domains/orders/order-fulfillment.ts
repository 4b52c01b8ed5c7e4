import {
  amountToCollect,
  formatPrice,
  fulfillmentPlan,
  legacyFulfillment,
  normalizeFulfillment,
  type FulfillmentEvent,
  type FulfillmentStep,
  SYSTEM_ACTOR_NAME,
} from '@shop/shared';
import { table, writeTransaction, type Trx, isRecord } from '../../utils/db-write';
import { ApiError, badRequest, notFound } from '../../utils/http';
import { ORDERS_TABLE, applyStatusChange, lockOrder } from './order-admin';
import { recordStatusChange, type Actor } from './order-history';
import { ORDER_NOT_FOUND, getOrder } from './order-read';
import { fulfillmentStepsOf, type OrderAnswer } from './order-view';

/** One order after a step: `changed` false when it was already there (nothing written, nobody told). */
export interface FulfillmentMarked {
  order: OrderAnswer;
  changed: boolean;
  /** The cash collected on hand-over when a cash order was delivered unpaid (it became paid), else null. */
  cashCollected: number | null;
}

/** The columns a step reads besides what lockOrder gives. */
async function fulfillmentColumns(trx: Trx, id: number) {
  const row: unknown = await table(trx, ORDERS_TABLE).where('id', id).first('fulfillment', 'fulfillment_steps', 'delivery_type', 'total');
  const stored = isRecord(row) ? row : {};
  return {
    fulfillment: normalizeFulfillment(stored.fulfillment),
    steps: fulfillmentStepsOf(stored.fulfillment_steps),
    deliveryType: stored.delivery_type === 'delivery' || stored.delivery_type === 'carrier' ? stored.delivery_type : 'pickup',
    total: Number(stored.total) || 0,
  };
}

/**
 * Marks one order's step in one transaction on the locked row (two staff at once: one after the other, the second
 * finds the step done and changes nothing). A cash order delivered unpaid becomes paid through the same change as
 * `PUT /orders/{id}/status` (paidAt, history); the step goes into the order and its history, named after the staff.
 */
export async function markFulfillment(documentId: string, step: FulfillmentStep, by: Actor): Promise<FulfillmentMarked> {
  // Repeating the current step writes nothing (not even the row's updatedAt).
  const current: unknown = await table(strapi.db.connection, ORDERS_TABLE).where('document_id', documentId).first('fulfillment');
  if (!isRecord(current)) throw notFound(ORDER_NOT_FOUND);
  if (normalizeFulfillment(current.fulfillment) === step) return { order: await getOrder(documentId), changed: false, cashCollected: null };
  const outcome = await writeTransaction(async (trx) => {
    const order = await lockOrder(trx, documentId);
    const stored = await fulfillmentColumns(trx, order.id);
    const plan = fulfillmentPlan({ ...order, deliveryType: stored.deliveryType, fulfillment: stored.fulfillment }, step);
    if (plan.kind === 'refused') throw badRequest(plan.message);
    if (plan.kind === 'noop') return { changed: false, cashCollected: null };
    let cashCollected: number | null = null;
    if (plan.collectCash) {
      cashCollected = amountToCollect({ paymentMethod: order.paymentMethod, status: order.status, total: stored.total });
      const reason = `Efectivo cobrado en la entrega: ${formatPrice(cashCollected)}`;
      await applyStatusChange(trx, documentId, order, { status: 'paid', reason }, by);
    }
    const now = new Date();
    const event: FulfillmentEvent = { step, at: now.toISOString(), by: { id: by.id, name: by.name.slice(0, 255) } };
    await table(trx, ORDERS_TABLE)
      .where('id', order.id)
      .update({ fulfillment: step, fulfillment_steps: JSON.stringify([...stored.steps, event]), updated_at: now });
    const status = plan.collectCash ? 'paid' : order.status;
    await recordStatusChange({ orderDocumentId: documentId, from: status, to: status, by, note: null, at: now, step });
    return { changed: true, cashCollected };
  });
  return { order: await getOrder(documentId), ...outcome };
}

/** One order of a bulk step that was not marked, and why (Spanish). */
export interface FulfillmentRefusal {
  id: string;
  orderNumber: string | null;
  message: string;
}

/** The same step for several orders, each in its own transaction: one refused does not stop the others. */
export async function markFulfillmentMany(
  ids: readonly string[],
  step: FulfillmentStep,
  by: Actor,
): Promise<{ marked: FulfillmentMarked[]; refused: FulfillmentRefusal[] }> {
  const marked: FulfillmentMarked[] = [];
  const refused: FulfillmentRefusal[] = [];
  for (const id of new Set(ids)) {
    try {
      marked.push(await markFulfillment(id, step, by));
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 404 && err.status !== 409)) throw err;
      const orderNumber = err.status === 404 ? null : await orderNumberOf(id);
      refused.push({ id, orderNumber, message: err.status === 404 ? ORDER_NOT_FOUND : err.message });
    }
  }
  return { marked, refused };
}

async function orderNumberOf(documentId: string): Promise<string | null> {
  const row: unknown = await table(strapi.db.connection, ORDERS_TABLE).where('document_id', documentId).first('order_number');
  return isRecord(row) && typeof row.order_number === 'string' ? row.order_number : null;
}

/**
 * Orders placed before fulfilment existed (their `fulfillment` is empty) get their step once, at start-up:
 * delivered at their last change when they were handed over under the old rules, else unfulfilled (see
 * legacyFulfillment). Only empty rows are written, so running it again changes nothing (SQLite and PostgreSQL).
 */
export async function migrateLegacyFulfillment(): Promise<number> {
  const knex = strapi.db.connection;
  const rows: unknown[] = await table(knex, ORDERS_TABLE)
    .whereNull('fulfillment')
    .select('id', 'order_status', 'payment_method', 'updated_at', 'created_at');
  let migrated = 0;
  for (const row of rows.filter(isRecord)) {
    const step = legacyFulfillment({ status: String(row.order_status ?? ''), paymentMethod: String(row.payment_method ?? '') });
    const lastChange = new Date((row.updated_at ?? row.created_at) as string | number | Date);
    const at = Number.isNaN(lastChange.getTime()) ? new Date() : lastChange;
    const steps: FulfillmentEvent[] =
      step === 'delivered' ? [{ step, at: at.toISOString(), by: { id: null, name: SYSTEM_ACTOR_NAME } }] : [];
    migrated += Number(
      await table(knex, ORDERS_TABLE)
        .where('id', Number(row.id))
        .whereNull('fulfillment')
        .update({ fulfillment: step, fulfillment_steps: JSON.stringify(steps) }),
    );
  }
  if (migrated > 0) strapi.log.info(`[orders] fulfilment of ${migrated} earlier order(s) set from their status`);
  return migrated;
}
