// Automatic promotions in force (badges, the cart's saving) and the payment-method price ("con transferencia").
export { asPromotions, promotionQueries, useLivePromotions } from './api/get-live-promotions';
export { PromotionBadges } from './components/promotion-badges';
export { useTransferPercent } from './use-transfer-percent';
