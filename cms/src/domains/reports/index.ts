/**
 * The reports domain (what the owner reads of her sales: the dashboard's summary, the orders' export, the sales
 * insight): what other parts of the backend may use (cms/src/domains/domains.json). The top floor: it reads the
 * orders and the returns, nothing reads it.
 */
export { orderExportBatches } from './order-export';
export { orderSummary } from './order-summary';
export { productFitReport } from './product-fit-report';
export { productReviewStats } from './review-stats-report';
export { sizeCurveReport } from './size-curve-report';
export { stockReport, stockReportRows } from './stock-report';
export { salesReport } from './sales-report';
