import type { Context } from 'koa';
import { LIMITS, interactionInputSchema } from '@shop/shared';
import { parseWith, queryInt, requestBody } from '../../../utils/http';
import { consume } from '../../../utils/rate-limit';
import interactionService from '../services/interaction';

const service = () => interactionService({ strapi });

export default {
  async create(ctx: Context) {
    await consume(ctx, 'interactions');
    const input = parseWith(interactionInputSchema, requestBody(ctx));
    ctx.status = 201;
    ctx.body = { interaction: await service().record(input) };
  },

  async summary(ctx: Context) {
    ctx.body = { summary: await service().summary() };
  },

  async mostViewedProducts(ctx: Context) {
    const limit = queryInt(ctx.query.limit, LIMITS.dashboardMostViewed, { max: 100 });
    ctx.body = { products: await service().mostViewedProducts(limit) };
  },

  async mostViewedCategories(ctx: Context) {
    const limit = queryInt(ctx.query.limit, LIMITS.dashboardCategories, { max: 100 });
    ctx.body = { categories: await service().mostViewedCategories(limit) };
  },

  async reset(ctx: Context) {
    const deleted = await service().reset();
    ctx.body = { success: true, deleted, message: 'Interacciones reseteadas correctamente' };
  },
};
