import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::promotion.promotion', {
  public: { live: ['GET', '/promotions/live'] },
  staff: {
    listCoupons: ['GET', '/coupons'],
    createCoupon: ['POST', '/coupons'],
    updateCoupon: ['PUT', '/coupons/:id'],
    deleteCoupon: ['DELETE', '/coupons/:id'],
    listPromotions: ['GET', '/promotions'],
    createPromotion: ['POST', '/promotions'],
    updatePromotion: ['PUT', '/promotions/:id'],
    deletePromotion: ['DELETE', '/promotions/:id'],
  },
});
