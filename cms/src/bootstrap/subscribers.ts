import { forgetQuoteProducts } from '../api/checkout/services/checkout';
import { forgetCachedContent } from '../api/site-content/services/site-content';
import { clearAnswerCaches, provideProductFit, provideProductRatings, sweepAfterChange } from '../domains/catalogue';
import { ratingsOf } from '../domains/reviews';
import { accountAcceptsMail } from '../domains/accounts';
import { provideMailConsent } from '../domains/notifications';
import { CREDIT_FOR_CANCELLATION, queueCreditNoteForOrder, queueInvoiceForPaidOrder } from '../domains/invoicing';
import { forgetPromotions } from '../domains/promotions';
import {
  applyNotifiedInPersonOrder,
  cancelPartsAtMercadoPago,
  cancelPartsOfOrder,
  recordCashRefund,
  recordCounterSale,
  startParts,
} from '../domains/counter';
import { cancelShipmentOfCancelledOrder, provideCounterParts } from '../domains/orders';
import { queueFiscalDocument } from '../domains/channels';
import { provideInPersonNotices } from '../domains/payments';
import { productFit } from '../domains/returns';
import { enqueueSync, kickSyncWorker } from '../domains/channels';
import { clearSubscribers, subscribe } from '../utils/events';
import { onCurrentConnection } from '../utils/db-write';

/**
 * Every subscriber of the shop's events (utils/events.ts), in one place, registered once at start-up (Strapi's
 * register phase, before anything is written). How a lower domain makes a higher one act: the emitter never
 * imports the subscriber (docs/architecture.md, "Floors and events").
 */
export function registerSubscribers(): void {
  clearSubscribers();

  // ---- what a lower domain asks a higher one (the same direction as the events: wired here, never imported) ----
  // The product answer's fit note is counted from the returns' requests.
  provideProductFit(productFit);
  // The products' ratings (cards, product page) come from the approved reviews.
  provideProductRatings(ratingsOf);
  // The optional mails (cart recovery, 'Avisame', invitations) ask her account's preferences, when she has one.
  provideMailConsent(accountAcceptsMail);
  // A counter sale's card and QR parts are sent to Mercado Pago by the counter once the sale committed.
  provideCounterParts(startParts);
  // Mercado Pago's notices of in-person orders (webhooks of type "order") are the counter's card and QR parts.
  provideInPersonNotices(applyNotifiedInPersonOrder);

  // ---- catalogue.changed (emitted by catalogue) -> caches and the 'Avisame' sweep: after commit ----
  subscribe('catalogue.changed', 'after-commit', 'catalogue: public answers', () => clearAnswerCaches());
  subscribe('catalogue.changed', 'after-commit', 'checkout: products of the quote', () => forgetQuoteProducts());
  subscribe('catalogue.changed', 'after-commit', 'catalogue: stock alert sweep', () => sweepAfterChange());
  // Settings only: a stock move (every order) keeps them.
  subscribe('catalogue.changed', 'after-commit', 'site-content: cached content', ({ scope }) => {
    if (scope === 'all') forgetCachedContent();
  });
  subscribe('catalogue.changed', 'after-commit', 'promotions: cached promotions', ({ scope }) => {
    if (scope === 'all') forgetPromotions();
  });

  // ---- order.paid, order.cancelled (emitted by orders) -> invoicing: in the transaction ----
  // A queued row only: the invoicing worker asks ARCA later (never from here).
  subscribe('order.paid', 'in-transaction', 'invoicing: invoice to issue', ({ trx, documentId, orderNumber, total }) =>
    queueInvoiceForPaidOrder(trx, documentId, orderNumber, total),
  );
  subscribe('order.cancelled', 'in-transaction', 'invoicing: credit note to issue', ({ trx, documentId, orderNumber }) =>
    queueCreditNoteForOrder(trx, documentId, orderNumber, CREDIT_FOR_CANCELLATION, null),
  );

  // ---- order.cancelled (emitted by orders) -> orders' shipments: after commit ----
  // A label not yet handed over is cancelled at the carrier at once (the tracking sweep retries a refusal).
  subscribe('order.cancelled', 'after-commit', 'orders: the carrier shipment cancelled', ({ documentId }) =>
    cancelShipmentOfCancelledOrder(documentId),
  );

  // ---- invoice.authorized (emitted by invoicing) -> channels: after commit ----
  // A Mercado Libre sale's invoice, uploaded there as its fiscal document (a durable job; never from here).
  subscribe('invoice.authorized', 'after-commit', 'channels: Mercado Libre fiscal document', ({ orderDocumentId }) =>
    queueFiscalDocument(orderDocumentId),
  );

  // ---- order.counterSale (emitted by orders) -> counter: in the transaction ----
  // The sale's payments in the register's open session; no open session or payments not adding up refuse the sale.
  subscribe('order.counterSale', 'in-transaction', 'counter: the sale in the open cash session', (sale) => recordCounterSale(sale));

  // ---- return.cashRefund (emitted by returns) -> counter: in the transaction ----
  subscribe('return.cashRefund', 'in-transaction', 'counter: the cash refund in the open cash session', (refund) =>
    recordCashRefund(refund),
  );
  // A counter sale cancelled while card/QR parts waited: they are cancelled with it, then taken off Mercado Pago.
  subscribe('order.cancelled', 'in-transaction', 'counter: pending card/QR parts', ({ trx, documentId }) =>
    cancelPartsOfOrder(trx, documentId),
  );
  subscribe('order.cancelled', 'after-commit', 'counter: card/QR parts off Mercado Pago', ({ documentId }) =>
    cancelPartsAtMercadoPago(documentId),
  );

  // ---- stock.changed (emitted by catalogue's stock ledger), product.changed (catalogue) -> channels ----
  // The Mercado Libre listing's sync job, in the changing transaction (coalesced: one row per item); the worker is
  // woken once it committed. A product's edits (texts, photos, price, variants) enqueue after the write.
  subscribe('stock.changed', 'in-transaction', 'channels: Mercado Libre sync job', ({ trx, productDocumentId }) =>
    enqueueSync(trx, productDocumentId),
  );
  subscribe('stock.changed', 'after-commit', 'channels: wake the sync worker', () => kickSyncWorker());
  subscribe('product.changed', 'after-commit', 'channels: Mercado Libre sync job', async ({ documentId }) => {
    // Inside the writer's transaction when one is still open (a write outside the shop's commit scope).
    await onCurrentConnection((knex) => enqueueSync(knex, documentId));
    kickSyncWorker();
  });
}
