// Public face of orders. The confirmation page is loaded by path from app/routes.tsx (its own chunk).
export { orderQueries } from './api/order-queries';
export { HoldNotice } from './components/hold-notice';
export { rememberOrder, rememberedOrder, type ConfirmationState } from './confirmation-state';
export { formatOrderDate } from './invoice';
export { paymentLink } from './payment-link';
