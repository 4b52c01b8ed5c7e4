import type { Context } from 'koa';
import {
  couponAnswerSchema,
  couponInputSchema,
  couponListAnswerSchema,
  deletedAnswerSchema,
  livePromotionsAnswerSchema,
  promotionAnswerSchema,
  promotionInputSchema,
  promotionListAnswerSchema,
} from '@shop/shared';
import { badRequest, parseWith, reply, requestBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { noteActivity } from '../../../domains/staff/staff-activity';

const promotions = () => strapi.service('api::promotion.promotion');

function documentId(ctx: Context, what: string): string {
  const id = routeParam(ctx, 'id');
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) throw badRequest(`Identificador de ${what} inválido`);
  return id;
}

/** Coupons and automatic promotions (owner: the route policy checks `promotions.manage`); the live list is public. */
export default {
  async live(ctx: Context) {
    // Shared caches may keep it a minute: a promotion's start or end is at most that late in the badges.
    ctx.set('Cache-Control', 'public, max-age=60');
    reply(ctx, livePromotionsAnswerSchema, { promotions: await promotions().live() });
  },

  async listCoupons(ctx: Context) {
    reply(ctx, couponListAnswerSchema, { coupons: await promotions().listCoupons() });
  },

  async createCoupon(ctx: Context) {
    const input = parseWith(couponInputSchema, requestBody(ctx));
    const coupon = await promotions().createCoupon(input);
    noteActivity(ctx, { target: coupon.code, summary: JSON.stringify(input) });
    ctx.status = 201;
    reply(ctx, couponAnswerSchema, { coupon });
  },

  async updateCoupon(ctx: Context) {
    const id = documentId(ctx, 'cupón');
    const input = parseWith(couponInputSchema, requestBody(ctx));
    const coupon = await promotions().updateCoupon(id, input);
    noteActivity(ctx, { target: coupon.code, summary: JSON.stringify(input) });
    reply(ctx, couponAnswerSchema, { coupon });
  },

  async deleteCoupon(ctx: Context) {
    const code = await promotions().deleteCoupon(documentId(ctx, 'cupón'));
    noteActivity(ctx, { target: code });
    reply(ctx, deletedAnswerSchema, { message: `Cupón ${code} eliminado` });
  },

  async listPromotions(ctx: Context) {
    reply(ctx, promotionListAnswerSchema, { promotions: await promotions().listPromotions() });
  },

  async createPromotion(ctx: Context) {
    const input = parseWith(promotionInputSchema, requestBody(ctx));
    const promotion = await promotions().createPromotion(input);
    noteActivity(ctx, { target: promotion.name, summary: JSON.stringify(input) });
    ctx.status = 201;
    reply(ctx, promotionAnswerSchema, { promotion });
  },

  async updatePromotion(ctx: Context) {
    const id = documentId(ctx, 'promoción');
    const input = parseWith(promotionInputSchema, requestBody(ctx));
    const promotion = await promotions().updatePromotion(id, input);
    noteActivity(ctx, { target: promotion.name, summary: JSON.stringify(input) });
    reply(ctx, promotionAnswerSchema, { promotion });
  },

  async deletePromotion(ctx: Context) {
    const name = await promotions().deletePromotion(documentId(ctx, 'promoción'));
    noteActivity(ctx, { target: name });
    reply(ctx, deletedAnswerSchema, { message: `Promoción "${name}" eliminada` });
  },
};
