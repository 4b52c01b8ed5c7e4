import type { Core } from '@strapi/strapi';
import { registerFoundation, setupFoundation } from './bootstrap/foundation';
import { setupOrders } from './api/order/bootstrap';
import { answerMalformedRequestsInSpanish } from './utils/client-error';
import { migrateStockBySize } from './api/product/services/product-stock';
import { releaseStartupLock, takeStartupLock } from './utils/startup-lock';
import { installGracefulShutdown } from './utils/graceful-shutdown';

export default {
  async register({ strapi }: { strapi: Core.Strapi }) {
    // Several app processes on one PostgreSQL database start one at a time (schema sync, seeding, migrations).
    await takeStartupLock(strapi);
    registerFoundation(strapi);
    answerMalformedRequestsInSpanish(strapi.server.httpServer);
    installGracefulShutdown(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await setupFoundation(strapi);
    await setupOrders(strapi);
    await migrateStockBySize();
    await releaseStartupLock();
  },
};
