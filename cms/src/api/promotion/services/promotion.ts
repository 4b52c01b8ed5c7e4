import {
  coupon,
  createCoupon,
  createPromotion,
  deleteCoupon,
  deletePromotion,
  listCoupons,
  listPromotions,
  promotion,
  updateCoupon,
  updatePromotion,
} from '../../../domains/promotions/promotion-admin';
import { livePromotions } from '../../../domains/promotions/promotion-pricing';

/** Coupons and automatic promotions: staff edit them (owner), the pricing reads them. */
export default () => ({
  listCoupons,
  coupon,
  createCoupon,
  updateCoupon,
  deleteCoupon,
  listPromotions,
  createPromotion,
  updatePromotion,
  deletePromotion,
  promotion,
  /** The promotions in force now, for the storefront's badges and cart. */
  live: livePromotions,
});
