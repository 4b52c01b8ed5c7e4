/**
 * The shipping domain (national shipping through the carriers' APIs: Correo Argentino, Andreani): what other parts of
 * the backend may use. Its other files are private to the domain and its Strapi shell (cms/src/domains/domains.json;
 * the lint rule in eslint.config.mjs).
 */
export { CARRIER_TIMEOUT_MS } from './carrier';
export { DEFAULT_ANDREANI_API_URL } from './carrier-andreani';
export { DEFAULT_CORREO_ARGENTINO_API_URL } from './carrier-correo-argentino';
export { peekQuotedOption, QUOTE_VALID_MS, readQuotedOption } from './quote-ids';
export { parcelsOfItems, quoteShipping, shippingAvailability, shippingBranches } from './shipping-quote';
export { putShippingSettings, shippingReturnAddress, shippingSettingsAnswer } from './shipping-settings';
export {
  cancelCarrierShipment,
  carrierLabel,
  createCarrierShipment,
  trackCarrierShipment,
  type CarrierShipment,
  type CarrierTrackingEvent,
  type ShipmentRequest,
} from './shipping-shipments';
