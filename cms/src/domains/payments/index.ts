/**
 * The payments domain (Mercado Pago (preferences, webhooks, sweeps, refunds), transfer proofs): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { badGateway, checkoutUrlFor, discardOrder, MERCADOPAGO_DOWN_MESSAGE } from './mercadopago-checkout';
export { MercadoPagoError } from './mercadopago-client';
export { recordReturnRefund, refundOrder, refundReturnOnMercadoPago, returnRefundPaymentOf } from './mercadopago-refund';
export { paymentSweepSchedule } from './mercadopago-sweep';
export { firstPaymentLink, freshPaymentLink, STAFF_LINK_DOWN, type PaymentLink } from './mercadopago-link';
export {
  applyInPersonNotice,
  cancelInPersonOrder,
  createInPersonOrder,
  getInPersonOrder,
  inPersonReady,
  pointTerminalIds,
  provideInPersonNotices,
  type InPersonOrder,
} from './mercadopago-in-person';
