import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::insight.insight', {
  staff: {
    dailySales: ['GET', '/insight/daily-sales'],
    discounts: ['GET', '/insight/discounts'],
    lowStock: ['GET', '/insight/low-stock'],
    setLowStockThreshold: ['PUT', '/insight/low-stock-threshold'],
    fitReport: ['GET', '/reports/fit'],
    // One product's approved reviews for the owner (the reviews' path; the figures are the reports').
    reviewStats: ['GET', '/reviews/products/:id/stats'],
    sizeCurve: ['GET', '/reports/size-curve'],
    sizeCurveCsv: ['GET', '/reports/size-curve.csv'],
    stockReport: ['GET', '/reports/stock'],
    stockReportCsv: ['GET', '/reports/stock.csv'],
    salesReport: ['GET', '/reports/sales'],
    salesReportCsv: ['GET', '/reports/sales.csv'],
  },
});
