/**
 * The counter's cash register ("Caja", docs/api.md "Counter"): registers, cash sessions (open, movements, close),
 * the counter sales' payments recorded in the open session (event `order.counterSale`), their card and QR parts
 * through Mercado Pago Point and QR, the Z report and the CSV.
 */
export { clerkOf, counterId, COUNTER_INDEXES, listRegisters, readSession, type Clerk } from './counter-store';
export {
  addMovement,
  closeSession,
  createRegister,
  DEFAULT_REGISTER_NAME,
  ensureDefaultRegister,
  openSession,
  recordCashRefund,
  recordCounterSale,
  reopenSession,
  type CashRefund,
  type CounterSale,
} from './counter-sessions';
export { sessionCsvBatches, sessionReportPdf } from './counter-report';
export { readPart, startParts } from './counter-parts';
export {
  addPart,
  applyNotifiedInPersonOrder,
  cancelPart,
  cancelPartsAtMercadoPago,
  cancelPartsOfOrder,
  counterSweepSchedule,
  pollPart,
  sweepCounterParts,
  updateRegisterDevices,
} from './counter-part-actions';
export { counterTicket } from './counter-ticket';
