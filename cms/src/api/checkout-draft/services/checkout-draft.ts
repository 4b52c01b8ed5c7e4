import {
  checkoutStats,
  draftByToken,
  listAbandoned,
  markConverted,
  priceDraft,
  saveDraft,
  startDraftSweeps,
  stopDraftSweeps,
  sweepDrafts,
  unsubscribe,
} from '../../../domains/checkouts';

/**
 * Abandoned checkouts (docs/api.md "Abandoned checkouts"). The pieces live in src/domains/checkouts; this registered
 * service is how other domains (the order's creation marks its draft converted) and the start-up reach them.
 */
export default () => ({
  save: saveDraft,
  get: draftByToken,
  price: priceDraft,
  unsubscribe,
  /** POST /orders with `checkoutToken`: the draft becomes "convertida" ("recuperada" from a recovery link). */
  markConverted,
  listAbandoned,
  stats: checkoutStats,
  sweep: sweepDrafts,
  startSweeps: startDraftSweeps,
  stopSweeps: stopDraftSweeps,
});
