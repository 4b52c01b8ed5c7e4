import { HELD_STATUS, formatHoldDeadline, type PaymentMethod } from '@shop/shared';
import { affectedRows, table, writeTransaction, isRecord, isoDate } from '../../utils/db-write';
import { isProduction } from '../platform';
import { ORDER_UID, getOrder } from './order-read';
import { ORDERS_TABLE, giveStockBack, lockOrder } from './order-admin';
import { SYSTEM_ACTOR, recordStatusChange } from './order-history';
import { orderStockSource } from './order-stock';

/** Every minute (at second 0). */
const DEFAULT_SCHEDULE = '0 * * * * *';
const BATCH = 100;

/** When the sweep of unpaid orders runs: ORDER_HOLD_SWEEP_CRON (cron syntax, optional seconds field), else every minute. */
export function holdSweepSchedule(value: string | undefined = process.env.ORDER_HOLD_SWEEP_CRON): string {
  const rule = (value ?? '').trim();
  return rule.split(/\s+/).length >= 5 ? rule : DEFAULT_SCHEDULE;
}

/**
 * The sweep's "now": the real clock, moved forward by ORDER_HOLD_CLOCK_OFFSET_SECONDS outside production (tests use
 * it to see a one-minute hold expire without waiting a minute). Ignored in production.
 */
export function holdSweepNow(env: NodeJS.ProcessEnv = process.env, production: boolean = isProduction()): Date {
  const raw = (env.ORDER_HOLD_CLOCK_OFFSET_SECONDS ?? '').trim();
  const offset = !production && /^-?\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return new Date(Date.now() + offset * 1000);
}

interface DueOrder {
  id: number;
  documentId: string;
  orderNumber: string;
  status: string;
  paymentMethod: PaymentMethod;
  reservedUntil: unknown;
}

function dueOrderOf(row: unknown): DueOrder | null {
  if (!isRecord(row) || typeof row.id !== 'number' || typeof row.documentId !== 'string' || typeof row.orderStatus !== 'string')
    return null;
  const paymentMethod: PaymentMethod = row.paymentMethod === 'transfer' || row.paymentMethod === 'mercadopago' ? row.paymentMethod : 'cash';
  const orderNumber = typeof row.orderNumber === 'string' ? row.orderNumber : '';
  return { id: row.id, documentId: row.documentId, orderNumber, status: row.orderStatus, paymentMethod, reservedUntil: row.reservedUntil };
}

/** What an unpaid order of each method was missing when its hold ended: for the history, and for the shopper. */
const MISSING: Record<PaymentMethod, { staff: string; shopper: string }> = {
  transfer: { staff: 'sin comprobante de transferencia', shopper: 'sin recibir el comprobante de transferencia' },
  mercadopago: { staff: 'sin pago aprobado en Mercado Pago', shopper: 'sin que Mercado Pago aprobara el pago' },
  cash: { staff: 'sin pago confirmado', shopper: 'sin recibir el pago' },
};

function releaseNote(order: DueOrder): string {
  const deadline = formatHoldDeadline(isoDate(order.reservedUntil));
  return `Cancelada automáticamente: la reserva venció${deadline ? ` el ${deadline},` : ''} ${MISSING[order.paymentMethod].staff}; el stock fue devuelto`;
}

/** What the shopper's cancellation notice gives as the reason. */
function shopperReason(order: DueOrder): string {
  const deadline = formatHoldDeadline(isoDate(order.reservedUntil));
  return `La reserva de tus productos venció${deadline ? ` el ${deadline}` : ''} ${MISSING[order.paymentMethod].shopper}.`;
}

/**
 * Cancels one due order. The claim is a conditional UPDATE (still in the status it was found in): on several
 * processes only one claims it, the others change nothing; the stock goes back through the flag that returns it once.
 */
async function releaseOrder(order: DueOrder): Promise<boolean> {
  return writeTransaction(async (trx) => {
    const now = new Date();
    const claimed = affectedRows(
      await table(trx, ORDERS_TABLE)
        .where('id', order.id)
        .andWhere('order_status', order.status)
        .andWhere('payment_method', order.paymentMethod)
        .update({ order_status: 'cancelled', updated_at: now }),
    );
    if (claimed === 0) return false;
    const locked = await lockOrder(trx, order.documentId);
    if (!locked.stockReturned) await giveStockBack(trx, locked, orderStockSource('hold_expiry', locked));
    await recordStatusChange({
      orderDocumentId: order.documentId,
      from: order.status,
      to: 'cancelled',
      by: SYSTEM_ACTOR,
      note: releaseNote(order),
      at: now,
    });
    return true;
  });
}

/** The cron task: cancels unpaid orders whose hold has passed and returns their stock. Safe on several processes. */
export async function releaseExpiredOrders(now: Date = holdSweepNow()): Promise<number> {
  const rows: unknown[] = await strapi.db.query(ORDER_UID).findMany({
    where: {
      reservedUntil: { $notNull: true, $lte: now },
      $or: [
        { paymentMethod: 'transfer', orderStatus: HELD_STATUS.transfer },
        { paymentMethod: 'cash', orderStatus: HELD_STATUS.cash },
        { paymentMethod: 'mercadopago', orderStatus: HELD_STATUS.mercadopago },
      ],
    },
    select: ['id', 'documentId', 'orderNumber', 'orderStatus', 'paymentMethod', 'reservedUntil'],
    orderBy: { id: 'asc' },
    limit: BATCH,
  });
  let released = 0;
  for (const row of rows) {
    const order = dueOrderOf(row);
    if (!order) continue;
    try {
      // A Mercado Pago order may be paid with its notice lost: Mercado Pago is asked first (and, unreachable, the
      // order waits for the next run).
      if (
        order.paymentMethod === 'mercadopago' &&
        !(await strapi.service('api::payment.mercadopago').settleBeforeRelease(order.orderNumber))
      )
        continue;
      if (await releaseOrder(order)) {
        released += 1;
        await strapi
          .service('api::email-outbox.email-outbox')
          .statusChanged(await getOrder(order.documentId), order.status, shopperReason(order));
      }
    } catch (err) {
      strapi.log.error(
        `[orders] could not cancel the unpaid order ${order.documentId}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (released > 0) strapi.log.info(`[orders] cancelled ${released} unpaid order(s) whose reservation expired; stock returned`);
  return released;
}
