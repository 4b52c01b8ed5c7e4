/** The one pricing function of the shop (priceQuote) and what it takes, answers and refuses. */
export * from './types.js';
export * from './refusals.js';
export { applyPromotions, discountableLines } from './discounts.js';
export { deliveryTeaser } from './delivery.js';
export * from './price-quote.js';
