import type { Core } from '@strapi/strapi';
import { registerFoundation, setupFoundation } from './bootstrap/foundation';
import { setupOrders } from './api/order/bootstrap';
import { answerMalformedRequestsInSpanish } from './utils/client-error';
import { migrateStockBySize } from './api/product/services/product-stock';
import { installGracefulShutdown } from './utils/graceful-shutdown';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerFoundation(strapi);
    answerMalformedRequestsInSpanish(strapi.server.httpServer);
    installGracefulShutdown(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await setupFoundation(strapi);
    await setupOrders(strapi);
    await migrateStockBySize();
  },
};
