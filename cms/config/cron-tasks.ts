import type { Core } from '@strapi/strapi';
import { removeUnusedProofs, unusedProofCleanupSchedule } from '../src/api/upload-proof/services/transfer-proofs';

/** Strapi cron tasks (enabled in server.ts). Schedules use cron syntax, with an optional leading seconds field. */
export default {
  // Transfer proofs no order used are deleted once older than UNUSED_PROOF_MAX_AGE_SECONDS (default one day).
  removeUnusedProofs: {
    task: async (_context: { strapi: Core.Strapi }) => {
      await removeUnusedProofs();
    },
    options: { rule: unusedProofCleanupSchedule() },
  },
};
