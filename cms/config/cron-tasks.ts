import type { Core } from '@strapi/strapi';
import { holdSweepSchedule } from '../src/domains/orders';
import { unusedProofCleanupSchedule } from '../src/api/upload-proof/services/transfer-proof';
import { paymentSweepSchedule } from '../src/domains/payments';
import { counterSweepSchedule, sweepCounterParts } from '../src/domains/counter';

/** Strapi cron tasks (enabled in server.ts). Schedules use cron syntax, with an optional leading seconds field. */
export default {
  // Transfer proofs no order used are deleted once older than UNUSED_PROOF_MAX_AGE_SECONDS (default one day).
  removeUnusedProofs: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      await strapi.service('api::upload-proof.transfer-proof').removeUnused();
    },
    options: { rule: unusedProofCleanupSchedule() },
  },
  // Idempotency-Keys of POST /orders are kept 24 hours; every hour the older ones are deleted.
  purgeIdempotencyKeys: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      await strapi.service('api::order.order').purgeIdempotencyKeys();
    },
    options: { rule: '0 17 * * * *' },
  },
  // Unpaid orders past their reservation (site content, per payment method) are cancelled and their stock returned.
  releaseExpiredOrders: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      await strapi.service('api::order.order').releaseExpiredHolds();
    },
    options: { rule: holdSweepSchedule() },
  },
  // Mercado Pago orders still unpaid after 15 minutes are looked up at Mercado Pago (a webhook may have been lost).
  sweepMercadoPagoPayments: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      await strapi.service('api::payment.mercadopago').sweep();
    },
    options: { rule: paymentSweepSchedule() },
  }, // Card and QR parts of counter sales still pending are asked of Mercado Pago (a notice lost, or a restart).
  sweepCounterPayments: {
    task: async () => {
      await sweepCounterParts();
    },
    options: { rule: counterSweepSchedule() },
  },
};
