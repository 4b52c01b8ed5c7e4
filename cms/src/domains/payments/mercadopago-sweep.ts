// The sweep for lost Mercado Pago webhooks (its schedule and one-run-per-slot claim) and the check before an unpaid order is released.
import { table, writeTransaction, isRecord } from '../../utils/db-write';
import { holdSweepNow } from '../orders';
import { ORDER_UID } from '../orders';
import { searchPayments } from './mercadopago-client';
import { applyPayment, insertOnce, PAYMENT_EVENTS_TABLE, PROVIDER } from './mercadopago-payments';
import { finishPendingRevivals } from './mercadopago-revival';
import { mercadoPagoConfig, mercadoPagoReady, type MercadoPagoConfig } from '../platform';

/** When the sweep for lost webhooks runs: MERCADOPAGO_SWEEP_CRON (cron syntax), else every five minutes. */
export function paymentSweepSchedule(value: string | undefined = process.env.MERCADOPAGO_SWEEP_CRON): string {
  const rule = (value ?? '').trim();
  return rule.split(/\s+/).length >= 5 ? rule : '0 */5 * * * *';
}

/** One sweep per this many seconds across all processes (MERCADOPAGO_SWEEP_SLOT_SECONDS, default 60). */
function sweepSlotMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.MERCADOPAGO_SWEEP_SLOT_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
}

/** Orders waiting for a Mercado Pago payment longer than this are looked up by the sweep (lost webhooks). */
export const SWEEP_MIN_AGE_MS = 15 * 60 * 1000;
const SWEEP_BATCH = 200;

/**
 * Claims one run of the sweep for its time slot: a row under the same unique index as the payment states, so that
 * with several app processes exactly one runs it. Old claims are removed as new ones are made.
 */
async function claimSweep(slot: number): Promise<boolean> {
  return writeTransaction(async (trx) => {
    const now = new Date();
    if (!(await insertOnce(trx, { provider: 'sweep', paymentId: String(slot), status: 'sweep' }))) return false;
    await table(trx, PAYMENT_EVENTS_TABLE)
      .where('provider', 'sweep')
      .andWhere('at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
      .delete();
    return true;
  });
}

/**
 * The sweep for lost webhooks: every order still waiting for its Mercado Pago payment after SWEEP_MIN_AGE_MS is
 * looked up at Mercado Pago by its number, and what is found is applied exactly as a webhook would. `slotMs` is the
 * schedule's period: one process per slot runs it.
 */
export async function sweepPendingPayments(
  now: Date = holdSweepNow(),
  slotMs = sweepSlotMs(),
  config: MercadoPagoConfig = mercadoPagoConfig(),
): Promise<number> {
  if (!mercadoPagoReady(config)) return 0;
  if (!(await claimSweep(Math.floor(now.getTime() / slotMs)))) return 0;
  // Late approvals recorded by a process that died before making their order paid again.
  const revived = await finishPendingRevivals();
  const rows: unknown[] = await strapi.db.query(ORDER_UID).findMany({
    where: { paymentMethod: PROVIDER, orderStatus: 'pending_payment', createdAt: { $lte: new Date(now.getTime() - SWEEP_MIN_AGE_MS) } },
    select: ['orderNumber'],
    orderBy: { id: 'asc' },
    limit: SWEEP_BATCH,
  });
  let applied = 0;
  for (const row of rows) {
    if (!isRecord(row) || typeof row.orderNumber !== 'string') continue;
    try {
      const payments = await searchPayments(config, row.orderNumber);
      // Oldest first, so that a refund found with its payment lands after it.
      for (const payment of [...payments].reverse()) {
        if ((await applyPayment(payment)).outcome === 'applied') applied += 1;
      }
    } catch (err) {
      strapi.log.warn(
        `[payments] could not look up order ${row.orderNumber} at Mercado Pago: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  if (applied > 0) strapi.log.info(`[payments] the sweep applied ${applied} Mercado Pago payment(s) whose webhook never arrived`);
  return applied + revived;
}

/**
 * Before the hold sweep cancels an unpaid Mercado Pago order: what Mercado Pago has for it is applied first (a
 * payment whose notice was lost makes it paid, and the sweep then finds nothing to cancel). false when Mercado Pago
 * could not be asked: the order is kept until the next run rather than cancelled while it may be paid.
 */
export async function settleBeforeRelease(orderNumber: string): Promise<boolean> {
  const config = mercadoPagoConfig();
  if (!mercadoPagoReady(config)) return true;
  try {
    for (const payment of [...(await searchPayments(config, orderNumber))].reverse()) await applyPayment(payment);
    return true;
  } catch (err) {
    strapi.log.warn(
      `[payments] could not ask Mercado Pago about ${orderNumber} before releasing it: ${err instanceof Error ? err.message : String(err)}`,
    );
    return false;
  }
}
