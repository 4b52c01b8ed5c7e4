/**
 * The withdrawals domain: the botón de arrepentimiento (Ley 24.240 art. 34, Res. SCI 424/2020, Disp. 954/2025). The
 * shopper's request without signing in (order number and contact), its code at once and by e-mail, the 10-day window,
 * the staff's steps (pickup, reception with the units back to stock, the refund of everything paid with its credit
 * note) in the order's history; what other parts of the backend may use. Its other files are private to the domain
 * and its Strapi shell (cms/src/domains/domains.json).
 */
export { WithdrawalContactMismatch, requestWithdrawal } from './withdrawal-create';
export { changeWithdrawalStatus } from './withdrawal-status';
export { createWithdrawalReturnShipment, withdrawalReturnLabel } from './withdrawal-return-shipment';
export {
  WITHDRAWAL_INDEXES,
  answerOf as withdrawalAnswerOf,
  findWithdrawal,
  findWithdrawalByCode,
  listWithdrawals,
  staffWithdrawalOf,
  trackedWithdrawalsOf,
} from './withdrawal-store';
