/**
 * The promotions domain (promotions and coupons): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { claimCouponUse, reclaimCouponUse, releaseCouponUse } from './coupon-uses';
export { couponDiscountOf, currentPromotions, forgetPromotions, pricingContext } from './promotion-pricing';
export { createStoreCredit } from './store-credit';
