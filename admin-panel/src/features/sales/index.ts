// Public face of "Nueva venta" (sales taken by staff). Its screen is loaded by path from app/app-routes.tsx.
export { PaymentLinkActions } from './payment-link-actions';
// The counter screen (features/counter-screen) looks variants up and prices the sale the same way.
export { createSale, quoteSale, searchSaleProducts } from './api/sales-api';
export { addLine, lineOf, variantByCode, type SaleLine } from './sale-model';
export { DiscountRows, QuoteError } from './sale-summary';
