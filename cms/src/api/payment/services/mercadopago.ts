import { settleBeforeRelease, sweepPendingPayments } from '../../../domains/payments/mercadopago-sweep';

/** Reached by the cron task (config/cron-tasks.ts) and the hold sweep as `api::payment.mercadopago`. */
export default () => ({
  sweep: (): Promise<number> => sweepPendingPayments(),
  settleBeforeRelease,
});
