/**
 * The checkouts domain (abandoned checkouts: the drafts a checkout keeps, their recovery link, the staff's list, the
 * automatic e-mail): what other parts of the backend may use (cms/src/domains/domains.json).
 */
export { checkoutStats, listAbandoned } from './abandoned-list';
export { priceDraft } from './draft-pricing';
export { draftByToken } from './draft-store';
export { startDraftSweeps, stopDraftSweeps, sweepDrafts } from './draft-sweep';
export { markConverted, saveDraft, unsubscribe } from './draft-writes';
