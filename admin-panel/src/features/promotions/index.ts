// Coupons and automatic promotions (owner), and what discounts gave away (dashboard).
export { promotionQueries } from './api/promotions-api';
export { DiscountsGivenCard } from './discounts-given-card';
