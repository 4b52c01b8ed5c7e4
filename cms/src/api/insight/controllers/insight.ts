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
} from '@shop/shared';
import { badRequest, parseWith, reply, requestBody } from '../../../utils/http';
import { productFitReport } from '../../../domains/reports';

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

  /** PUT /insight/low-stock-threshold {threshold}. */
  async setLowStockThreshold(ctx: Context) {
    const { threshold } = parseWith(lowStockThresholdInputSchema, requestBody(ctx));
    reply(ctx, lowStockThresholdAnswerSchema, { threshold: await insight().setLowStockThreshold(threshold) });
  },
};
