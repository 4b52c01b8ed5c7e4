import { startSweeps, stopSweeps, sweepStockAlerts } from '../../../domains/catalogue/stock-alert-sweep';
import { listWaiting, removeAlert, subscribe, unsubscribe, waitedSizes } from '../../../domains/catalogue/stock-alert-subscriptions';

// What other domains may import through the registered service (docs/architecture.md).
export { STOCK_ALERTS_TABLE } from '../../../domains/catalogue/stock-alert-store';
export { unsubscribeToken, verifiedDocumentId } from '../../../domains/catalogue/stock-alert-links';
export { scheduleSweep, sweepStockAlerts } from '../../../domains/catalogue/stock-alert-sweep';

/**
 * "Avisame cuando vuelva" (docs/api.md "Stock alerts"). A shopper asks to hear when a sold-out size has units again;
 * one row per (product, size, e-mail) under a unique index, so asking twice is one alert. Whenever the catalogue
 * changes (any stock write: the editor, Strapi's panel, a cancelled order, a script) and every minute, a sweep looks
 * for waiting alerts whose size has units and, for each, in one transaction, marks it notified with a conditional
 * UPDATE and queues its e-mail in the outbox: among several processes and repeated saves exactly one sweep wins.
 * The pieces live in src/domains/catalogue (stock-alert-*.ts).
 */
export default () => ({
  /** Starts the sweeps of this process: after every catalogue change, and every minute. */
  startSweeps,
  stopSweeps,
  sweep: sweepStockAlerts,
  /** A shopper's alert (public): the same e-mail for the same size again is the same alert, waiting again. */
  subscribe,
  /** The unsubscribe link's action: the alert stops (also when it was already notified). */
  unsubscribe,
  /** Staff: waiting alerts (of one product, or all), newest first, with the count per size. */
  list: listWaiting,
  remove: removeAlert,
  /** The dashboard: the sizes most waited for (no shopper data), with their current units. */
  waitedSizes,
});
