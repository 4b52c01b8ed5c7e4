import type { Core } from '@strapi/strapi';
import { holdSweepSchedule, releaseExpiredOrders } from '../src/api/order/services/order-holds';
import { removeUnusedProofs, unusedProofCleanupSchedule } from '../src/api/upload-proof/services/transfer-proofs';
import { purgeExpiredIdempotencyKeys } from '../src/api/order/services/order-idempotency';

/** Strapi cron tasks (enabled in server.ts). Schedules use cron syntax, with an optional leading seconds field. */
export default {
  // Transfer proofs no order used are deleted once older than UNUSED_PROOF_MAX_AGE_SECONDS (default one day).
  removeUnusedProofs: {
    task: async (_context: { strapi: Core.Strapi }) => {
      await removeUnusedProofs();
    },
    options: { rule: unusedProofCleanupSchedule() },
  },
  // Idempotency-Keys of POST /orders are kept 24 hours; every hour the older ones are deleted.
  purgeIdempotencyKeys: {
    task: async (_context: { strapi: Core.Strapi }) => {
      await purgeExpiredIdempotencyKeys();
    },
    options: { rule: '0 17 * * * *' },
  },
  // Unpaid orders past their reservation (site content, per payment method) are cancelled and their stock returned.
  releaseExpiredOrders: {
    task: async (_context: { strapi: Core.Strapi }) => {
      await releaseExpiredOrders();
    },
    options: { rule: holdSweepSchedule() },
  },
};
