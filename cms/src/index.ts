import type { Core } from '@strapi/strapi';
import { registerFoundation, setupFoundation } from './bootstrap/foundation';
import { answerMalformedRequestsInSpanish, keepConnectionsOpen } from './domains/platform';
import { keepSqliteStatistics, releaseStartupLock, stopSqliteStatistics, takeStartupLock } from './domains/platform';
import { installGracefulShutdown } from './domains/platform';
import { convertProductPicturesInBackground } from './domains/storefront-pages';
import { createShopIndexes } from '../database/migrations/2026.11.22T00.00.01.shop-indexes';
import { INSIGHT_INDEXES } from '../database/migrations/2026.11.22T00.00.02.insight-indexes';
import {
  ensureCatalogueVersionTable,
  prepareStockAlertColors,
  PRODUCT_LIST_INDEXES,
  PURCHASE_INDEXES,
  SOLD_UNITS_INDEXES,
  STOCK_MOVEMENT_INDEXES,
} from './domains/catalogue';
import { configurePanelViews, registerPanelRules } from './bootstrap/panel-rules';
import { ensureOrderCounts, migrateLegacyFulfillment, ORDER_LIST_INDEXES, SHIPMENT_INDEXES } from './domains/orders';
import { WITHDRAWAL_INDEXES } from './domains/withdrawals';
import { startWhatsappWorker, stopWhatsappWorker, WHATSAPP_INDEXES } from './domains/notifications';
import { REVIEW_INDEXES, startReviewSweeps, stopReviewSweeps } from './domains/reviews';
import { ACCOUNT_INDEXES } from './domains/accounts';
import { backfillCustomerKeys, CUSTOMER_INDEXES, ensureContactSearch, ensureCustomerRollup } from './domains/customers';
import { prepareInvoicing, startInvoiceWorker, stopInvoiceWorker } from './domains/invoicing';
import { backfillRefundDates, ensureReturnLinesIndex } from './domains/returns';
import { isDatabaseUnavailable } from './middlewares/api-errors';
import { failOnLostCommits } from './utils/db-write';
import { registerSubscribers } from './bootstrap/subscribers';
import { COUNTER_INDEXES, ensureDefaultRegister } from './domains/counter';
import {
  CHANNEL_INDEXES,
  CHANNEL_SALES_INDEXES,
  startChannelWorkers,
  startMercadoLibreSales,
  stopChannelWorkers,
  stopMercadoLibreSales,
} from './domains/channels';

/**
 * A promise rejected by the database going away (a PostgreSQL restart) that nothing awaited, e.g. a read Strapi makes
 * in the background after a write, used to end the process (Node's default for an unhandled rejection): it is logged
 * and the process keeps serving, as the requests themselves get their 503. Any other unhandled rejection still ends
 * the process, as before.
 */
function surviveDatabaseDrops(strapi: Core.Strapi): void {
  process.on('unhandledRejection', (reason: unknown) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    strapi.log.warn(
      `[db] background work lost its database connection: ${reason instanceof Error ? reason.message.slice(-200) : String(reason)}`,
    );
  });
}

export default {
  async register({ strapi }: { strapi: Core.Strapi }) {
    // A transaction whose COMMIT failed throws (503) instead of passing for committed (db-write.ts).
    failOnLostCommits(strapi.db);
    // Every subscriber of the shop's events, before anything is written (bootstrap/subscribers.ts).
    registerSubscribers();
    // Several app processes on one PostgreSQL database start one at a time (schema sync, seeding, migrations).
    await takeStartupLock(strapi);
    registerFoundation(strapi);
    // Strapi's panel (/cms) writes through the Document Service: the shop's rules wrap it (see panel-rules.ts).
    registerPanelRules(strapi);
    answerMalformedRequestsInSpanish(strapi.server.httpServer);
    keepConnectionsOpen(strapi.server.httpServer);
    installGracefulShutdown(strapi);
    surviveDatabaseDrops(strapi);
    // Strapi runs database/migrations before it creates the content types' tables, and marks them done: on a fresh
    // database the index migration finds no table. Once the schema is synced, the same idempotent step runs again.
    strapi.hook('strapi::content-types.afterSync').register(async () => {
      await prepareStockAlertColors(strapi.db.connection, strapi.db.getSchemaName());
      await createShopIndexes(strapi.db.connection, strapi.db);
      await createShopIndexes(strapi.db.connection, strapi.db, INSIGHT_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, CUSTOMER_INDEXES);
      await ensureCustomerRollup(strapi.db.connection, strapi.db.getSchemaName());
      await createShopIndexes(strapi.db.connection, strapi.db, ORDER_LIST_INDEXES);
      await ensureContactSearch(strapi.db.connection, strapi.db.getSchemaName());
      await ensureOrderCounts(strapi.db.connection, strapi.db.getSchemaName());
      await createShopIndexes(strapi.db.connection, strapi.db, PRODUCT_LIST_INDEXES);
      await ensureCatalogueVersionTable(strapi.db.connection, strapi.db.getSchemaName());
      await createShopIndexes(strapi.db.connection, strapi.db, STOCK_MOVEMENT_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, SOLD_UNITS_INDEXES);
      await ensureReturnLinesIndex(strapi.db.connection, strapi.db.getSchemaName());
      await createShopIndexes(strapi.db.connection, strapi.db, COUNTER_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, PURCHASE_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, SHIPMENT_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, CHANNEL_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, CHANNEL_SALES_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, WITHDRAWAL_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, WHATSAPP_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, REVIEW_INDEXES);
      await createShopIndexes(strapi.db.connection, strapi.db, ACCOUNT_INDEXES);
    });
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await setupFoundation(strapi);
    await configurePanelViews(strapi);
    await strapi.service('api::product.product').migrateStockBySize();
    await strapi.service('api::product.product').migrateVariants();
    await strapi.service('api::product.product').prepareSearch();
    // The stock ledger: the opening balance of variants it has not met (a shop from before it), then its check (logged).
    await strapi.service('api::stock-movement.stock-movement').prepare();
    // Orders placed before fulfilment existed get their step (delivered when handed over under the old rules); idempotent.
    await migrateLegacyFulfillment();
    // Orders placed before customers existed get theirs (by e-mail, else phone); only empty rows, idempotent.
    await backfillCustomerKeys();
    // Returns received before the refund's day was stored: net sales count them on their last change; idempotent.
    await backfillRefundDates();
    // Electronic invoices: the unique (order, kind) index and the settings row.
    await prepareInvoicing();
    // The counter's cash register: "Caja 1" when the shop has none (idempotent).
    await ensureDefaultRegister();
    // SQLite's planner statistics, missing or stale after the rows above (a no-op on PostgreSQL).
    await keepSqliteStatistics(strapi);
    await releaseStartupLock();
    // Sends the outbox's due messages while this process runs (a no-op without SMTP_HOST).
    strapi.service('api::email-outbox.email-outbox').startWorker();
    // Sends the WhatsApp messages queued for orders and the staff's answers (Cloud API), with retries.
    startWhatsappWorker();
    // Delivered orders' invitations to review (and their one reminder), every REVIEW_INVITATIONS_EVERY_MS.
    startReviewSweeps();
    // "Volvió tu talle": waiting stock alerts are notified after every catalogue change and every minute.
    strapi.service('api::stock-alert.stock-alert').startSweeps();
    // Invoices waiting for ARCA (paid orders, retries after an outage) are asked every ARCA_SWEEP_MS.
    startInvoiceWorker();
    // Mercado Libre's notified sales and the invoices to upload there, from their durable rows.
    startMercadoLibreSales();
    // Abandoned checkouts: the owner's automatic e-mail and the deletion of drafts after 30 days.
    strapi.service('api::checkout-draft.checkout-draft').startSweeps();
    // Carrier shipments: their tracking asked every CARRIER_TRACKING_EVERY_MS (30 minutes by default).
    strapi.service('api::shipment.shipment').startSweeps();
    // Mercado Libre: the listings' sync jobs (stock and edits, within seconds) and the periodic reconciliation.
    startChannelWorkers();
    // Product pictures without their responsive copies get them, in the background (start-up does not wait).
    convertProductPicturesInBackground(strapi);
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    stopSqliteStatistics();
    await strapi.service('api::stock-alert.stock-alert').stopSweeps();
    await stopInvoiceWorker();
    await stopChannelWorkers();
    await stopMercadoLibreSales();
    await strapi.service('api::checkout-draft.checkout-draft').stopSweeps();
    await strapi.service('api::shipment.shipment').stopSweeps();
    await strapi.service('api::email-outbox.email-outbox').stopWorker();
    await stopWhatsappWorker();
    await stopReviewSweeps();
  },
};
