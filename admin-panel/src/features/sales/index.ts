// Public face of "Nueva venta" (sales taken by staff). Its screen is loaded by path from app/app-routes.tsx.
export { PaymentLinkActions } from './payment-link-actions';
