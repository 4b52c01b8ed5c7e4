import type { Context } from 'koa';
import {
  interactionInputSchema,
  interactionRecordedAnswerSchema,
  interactionsResetAnswerSchema,
  interactionSummaryAnswerSchema,
  LIMITS,
  mostViewedCategoriesAnswerSchema,
  mostViewedProductsAnswerSchema,
} from '@shop/shared';
import { parseWith, queryInt, reply, requestBody } from '../../../utils/http';
import { consume } from '../../../domains/platform';
import { recordSearchMiss } from '../../../domains/catalogue/search-misses';
import { factories } from '@strapi/strapi';

const interactions = () => strapi.service('api::interaction.interaction');

export default factories.createCoreController('api::interaction.interaction', () => ({
  async create(ctx: Context) {
    await consume(ctx, 'interactions');
    const input = parseWith(interactionInputSchema, requestBody(ctx));
    const term = input.type === 'search' ? input.data.searchTerm?.trim() : undefined;
    // A submitted search is run again here: one that finds nothing goes to "Búsquedas sin resultados".
    if (term && (await strapi.service('api::product.product').countMatches(term, false)) === 0) await recordSearchMiss(term);
    ctx.status = 201;
    reply(ctx, interactionRecordedAnswerSchema, { interaction: await interactions().record(input) });
  },

  async summarize(ctx: Context) {
    reply(ctx, interactionSummaryAnswerSchema, { summary: await interactions().summary() });
  },

  async findMostViewedProducts(ctx: Context) {
    const limit = queryInt(ctx.query.limit, LIMITS.dashboardMostViewed, { max: 100 });
    reply(ctx, mostViewedProductsAnswerSchema, { products: await interactions().mostViewedProducts(limit) });
  },

  async findMostViewedCategories(ctx: Context) {
    const limit = queryInt(ctx.query.limit, LIMITS.dashboardCategories, { max: 100 });
    reply(ctx, mostViewedCategoriesAnswerSchema, { categories: await interactions().mostViewedCategories(limit) });
  },

  async reset(ctx: Context) {
    const deleted = await interactions().reset();
    reply(ctx, interactionsResetAnswerSchema, { success: true, deleted, message: 'Interacciones reseteadas correctamente' });
  },
}));
