/** Promotions, coupons and payment-method discounts: what staff write, and what each takes off a cart. */
export * from './input.js';
export * from './promotions.js';
export * from './coupons.js';
export * from './payment-discounts.js';
