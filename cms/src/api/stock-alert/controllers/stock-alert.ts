import type { Context } from 'koa';
import {
  searchMissesAnswerSchema,
  STOCK_ALERT_MSG,
  stockAlertCreatedAnswerSchema,
  stockAlertDeletedAnswerSchema,
  stockAlertInputSchema,
  stockAlertListAnswerSchema,
  stockAlertUnsubscribeAnswerSchema,
  stockAlertUnsubscribeInputSchema,
  waitedSizesAnswerSchema,
} from '@shop/shared';
import { badRequest, parseWith, queryInt, queryString, reply, requestBody, unsubscribeBody } from '../../../utils/http';
import { consume } from '../../../domains/platform';
import { routeParam } from '../../../utils/route-param';
import { noteActivity } from '../../../domains/staff';
import { searchMisses } from '../../../domains/catalogue/search-misses';

const alerts = () => strapi.service('api::stock-alert.stock-alert');

function productIdOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[A-Za-z0-9]{1,64}$/.test(value)) throw badRequest('Identificador de producto inválido');
  return value;
}

/** "Avisame cuando vuelva" (public: create, unsubscribe), the staff's list and delete, and two dashboard figures. */
export default {
  async create(ctx: Context) {
    await consume(ctx, 'stockAlerts');
    const productId = productIdOf(routeParam(ctx, 'id')) ?? '';
    const input = parseWith(stockAlertInputSchema, requestBody(ctx));
    const { size } = await alerts().subscribe(productId, input, ctx.origin);
    ctx.status = 201;
    const message = size === '' ? STOCK_ALERT_MSG.createdNoSize : STOCK_ALERT_MSG.created(size);
    reply(ctx, stockAlertCreatedAnswerSchema, { message, size });
  },

  async unsubscribe(ctx: Context) {
    await consume(ctx, 'stockAlerts');
    const { token } = parseWith(stockAlertUnsubscribeInputSchema, unsubscribeBody(ctx));
    const { productTitle, size } = await alerts().unsubscribe(token);
    reply(ctx, stockAlertUnsubscribeAnswerSchema, { message: STOCK_ALERT_MSG.unsubscribed, productTitle, size });
  },

  async list(ctx: Context) {
    const productId = productIdOf(queryString(ctx.query.productId));
    reply(ctx, stockAlertListAnswerSchema, await alerts().list(productId));
  },

  async remove(ctx: Context) {
    const raw = routeParam(ctx, 'id');
    if (!/^\d{1,12}$/.test(raw)) throw badRequest('Identificador de aviso inválido');
    await alerts().remove(Number(raw));
    noteActivity(ctx, { target: raw, summary: 'Aviso de stock eliminado' });
    reply(ctx, stockAlertDeletedAnswerSchema, { message: STOCK_ALERT_MSG.deleted });
  },

  async waitedSizes(ctx: Context) {
    const limit = queryInt(ctx.query.limit, 10, { max: 50 });
    reply(ctx, waitedSizesAnswerSchema, { sizes: await alerts().waitedSizes(limit) });
  },

  async searchMisses(ctx: Context) {
    const days = queryInt(ctx.query.days, 7, { max: 90 });
    reply(ctx, searchMissesAnswerSchema, { days, terms: await searchMisses(days, 50) });
  },
};
