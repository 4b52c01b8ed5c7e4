/** What Strapi's panel (/cms) may not write: the rules that use these lists are in panel-rules.ts. */

/** Order attributes only the shop writes. The panel shows them read-only; a write that changes one is refused. */
export const ORDER_READ_ONLY = [
  'orderNumber',
  'items',
  'subtotal',
  'shippingCost',
  'cashFee',
  'discounts',
  'discountTotal',
  'couponCode',
  'total',
  'netTotal',
  'paymentMethod',
  'deliveryType',
  'zoneId',
  'zone',
  'meetingPointId',
  'meetingPoint',
  'transferProofUrl',
  'paidAt',
  'reservedUntil',
  'stockReturned',
  'mercadoPago',
  // Fulfilment is marked through the back office (its rules, history and mails), never edited by hand.
  'fulfillment',
  'fulfillmentSteps',
  // The customer an order belongs to follows its contact (recomputed after each save).
  'customerKey',
  'customerPhone',
  // The carrier's option the order was priced with (shipments are made from it); another channel's sale (its ids, fee
  // and the units it lacked, which a cancellation does not give back).
  'nationalShipping',
  'external',
  'oversold',
] as const;

/** Product attributes the model computes (shown read-only; lifecycles recompute them on every write). */
export const PRODUCT_READ_ONLY = ['finalPrice', 'sizeIndex', 'searchText', 'searchTitle'] as const;

/** Content types that are the shop's bookkeeping: not listed in the panel, and the panel cannot write them. */
export const BOOKKEEPING_TYPES = [
  'api::email-outbox.email-outbox',
  'api::order-idempotency-key.order-idempotency-key',
  'api::order-sequence.order-sequence',
  'api::order.order-event',
  'api::upload-proof.transfer-proof',
  'api::staff-activity.staff-activity',
  'api::payment-event.payment-event',
  // Edited in the back office only, which validates them and counts the uses (the panel could not keep maxUses).
  'api::promotion.coupon',
  'api::promotion.coupon-use',
  'api::promotion.promotion',
  // Shoppers' "Avisame" requests (their e-mails are staff-only data; the back office lists and deletes them) and the
  // searches that found nothing: written by the shop only.
  'api::stock-alert.stock-alert',
  'api::stock-alert.search-miss',
  // Cambios y devoluciones: their steps give units back, make the exchange order and record the money given back
  // (a Mercado Pago refund among them); only PUT /returns/{id}/status may move them.
  'api::return-request.return-request',
  // The stock ledger is append-only: its movements are written by the stock changes themselves, never by hand.
  'api::stock-movement.stock-movement',
  // Purchases move units and costs through the back office's rules (receptions, reversals); suppliers and costs with them.
  'api::purchase.purchase',
  'api::purchase.supplier',
  'api::purchase.variant-cost',
  // Carrier shipments (they follow the carrier); Mercado Libre's account, states, listings, sync jobs and sales.
  'api::shipment.shipment',
  'api::channel.channel-account',
  'api::channel.channel-oauth-state',
  'api::channel.channel-listing',
  'api::channel.channel-sync-job',
  'api::channel.channel-job',
  'api::channel.channel-order',
] as const;
