/**
 * The returns domain (size exchanges and returns after delivery: the shopper's request, its hold of the exchange
 * units, the staff's steps, the exchange order and the money given back): what other parts of the backend may use.
 * Its other files are private to the domain and its Strapi shells (cms/src/domains/domains.json).
 */
export { ContactMismatch, deliveredAt, requestReturn } from './return-create';
export { changeReturnStatus } from './return-status';
export { ensureReturnLinesIndex, productFit, productFitCounts, reviewVotes } from './return-fit';
export {
  backfillRefundDates,
  findReturnRow,
  listReturns,
  refundedByDay,
  refundedByOrder,
  refundedByReturns,
  refundsByOrderLine,
  staffAnswers,
} from './return-store';
export { trackedReturnsOf } from './return-tracking';
