import type { Context } from 'koa';
import {
  dailySalesAnswerSchema,
  discountInsightAnswerSchema,
  fitReportAnswerSchema,
  fitReportQuerySchema,
  isSalesPeriod,
  lowStockAnswerSchema,
  lowStockThresholdAnswerSchema,
  lowStockThresholdInputSchema,
  reviewStatsAnswerSchema,
  SALES_REPORT_CSV_HEADER,
  SIZE_CURVE_CSV_HEADER,
  salesReportAnswerSchema,
  salesReportQuerySchema,
  STOCK_REPORT_CSV_HEADER,
  stockReportAnswerSchema,
  stockReportQuerySchema,
  sizeCurveAnswerSchema,
  sizeCurveQuerySchema,
  staffCan,
} from '@shop/shared';
import { badRequest, parseWith, reply, requestBody } from '../../../utils/http';
import { productFitReport, productReviewStats, salesReport, sizeCurveReport, stockReport, stockReportRows } from '../../../domains/reports';
import { sendCsv } from '../../../utils/csv-stream';
import { routeParam } from '../../../utils/route-param';
import { requireStaff } from '../../../domains/staff';

const insight = () => strapi.service('api::insight.insight');

/** The dashboard's figures (staff only). */
export default {
  /** GET /insight/daily-sales?days=30|90 (30 when absent). */
  async dailySales(ctx: Context) {
    const raw = ctx.query.days;
    const days = raw === undefined ? 30 : typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!isSalesPeriod(days)) throw badRequest('El período debe ser de 30 o 90 días');
    reply(ctx, dailySalesAnswerSchema, await insight().dailySales(days));
  },

  /** GET /insight/discounts?days=30|90 (30 when absent): what promotions, coupons and payment discounts gave away. */
  async discounts(ctx: Context) {
    const raw = ctx.query.days;
    const days = raw === undefined ? 30 : typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!isSalesPeriod(days)) throw badRequest('El período debe ser de 30 o 90 días');
    reply(ctx, discountInsightAnswerSchema, await insight().discounts(days));
  },

  /** GET /insight/low-stock. */
  async lowStock(ctx: Context) {
    reply(ctx, lowStockAnswerSchema, await insight().lowStock());
  },

  /** GET /reports/fit?productId= (owner): a product's fit from its exchanges and size returns. */
  async fitReport(ctx: Context) {
    const { productId } = parseWith(fitReportQuerySchema, ctx.query);
    reply(ctx, fitReportAnswerSchema, await productFitReport(productId));
  },

  /**
   * GET /reviews/products/{id}/stats (reviews.view): a product's approved reviews by month and by size; the exchanges
   * the fit report counts only for a role that reads reports (sales figures).
   */
  async reviewStats(ctx: Context) {
    const user = await requireStaff(ctx, 'reviews.view');
    ctx.set('Cache-Control', 'no-store');
    const withExchanges = staffCan(user.staffRole, 'reports.view');
    reply(ctx, reviewStatsAnswerSchema, await productReviewStats(routeParam(ctx, 'id'), withExchanges));
  },

  /** GET /reports/size-curve?category=&from=&to=&units= (owner): a category's size curve and a purchase split by it. */
  async sizeCurve(ctx: Context) {
    reply(ctx, sizeCurveAnswerSchema, await sizeCurveReport(parseWith(sizeCurveQuerySchema, ctx.query)));
  },

  /** GET /reports/size-curve.csv: the same rows as a spreadsheet. */
  async sizeCurveCsv(ctx: Context) {
    const curve = await sizeCurveReport(parseWith(sizeCurveQuerySchema, ctx.query));
    const rows = curve.sizes.map((s) => [s.size, s.units, Math.round(s.share * 1000) / 10, s.soldOut, s.daysToSellOut ?? '', s.suggested]);
    sendCsv(
      ctx,
      `curva-de-talles-${curve.from}-${curve.to}`,
      SIZE_CURVE_CSV_HEADER,
      (async function* () {
        yield rows;
      })(),
    );
  },

  /** GET /reports/stock?view=days|dead|reorder&days=&leadDays=&category=&page= (owner): one page of a stock view. */
  async stockReport(ctx: Context) {
    reply(ctx, stockReportAnswerSchema, await stockReport(parseWith(stockReportQuerySchema, ctx.query)));
  },

  /** GET /reports/stock.csv: every row of the view as a spreadsheet. */
  async stockReportCsv(ctx: Context) {
    const query = parseWith(stockReportQuerySchema, ctx.query);
    const { rows } = await stockReportRows(query);
    const table = rows.map((r) => [
      r.title,
      r.category,
      r.sku,
      r.color ?? '',
      r.size ?? '',
      r.stock,
      r.sold,
      r.perDay,
      r.daysOfStock ?? '',
      r.suggested ?? '',
      r.unitCost ?? '',
      r.value ?? '',
    ]);
    sendCsv(
      ctx,
      `stock-${query.view}`,
      STOCK_REPORT_CSV_HEADER,
      (async function* () {
        yield table;
      })(),
    );
  },

  /** GET /reports/sales?groupBy=&from=&to= (owner): the period's sales grouped, net of discounts and refunds, with costs. */
  async salesReport(ctx: Context) {
    reply(ctx, salesReportAnswerSchema, await salesReport(parseWith(salesReportQuerySchema, ctx.query)));
  },

  /** GET /reports/sales.csv: the same rows and the totals as a spreadsheet. */
  async salesReportCsv(ctx: Context) {
    const report = await salesReport(parseWith(salesReportQuerySchema, ctx.query));
    const rows = [...report.rows, report.totals].map((r) => [
      r.label,
      r.units,
      r.gross,
      r.discounts,
      r.refunds,
      r.net,
      r.fees,
      r.cost ?? '',
      r.unitsWithoutCost,
      r.margin ?? '',
    ]);
    sendCsv(
      ctx,
      `ventas-${report.groupBy}-${report.from}-${report.to}`,
      SALES_REPORT_CSV_HEADER,
      (async function* () {
        yield rows;
      })(),
    );
  },

  /** PUT /insight/low-stock-threshold {threshold}. */
  async setLowStockThreshold(ctx: Context) {
    const { threshold } = parseWith(lowStockThresholdInputSchema, requestBody(ctx));
    reply(ctx, lowStockThresholdAnswerSchema, { threshold: await insight().setLowStockThreshold(threshold) });
  },
};
