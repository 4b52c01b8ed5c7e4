import type { Context } from 'koa';
import type { z } from 'zod';
import {
  COUPON_INPUT_KEYS,
  PROMOTION_INPUT_KEYS,
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
import { noteActivity } from '../../../domains/staff';

const promotions = () => strapi.service('api::promotion.promotion');

function documentId(ctx: Context, what: string): string {
  const id = routeParam(ctx, 'id');
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) throw badRequest(`Identificador de ${what} inválido`);
  return id;
}

/** One kind staff edit (coupons or promotions): its input, the service's calls, its name in the log and its answers. */
interface EditedKind<S extends z.ZodType, Item> {
  what: string;
  input: S;
  /** The fields of the input: what a partial PUT keeps from the stored item when the body does not send them. */
  keys: readonly string[];
  current: (id: string) => Promise<Item>;
  create: (input: z.output<S>) => Promise<Item>;
  update: (id: string, input: z.output<S>) => Promise<Item>;
  remove: (id: string) => Promise<string>;
  nameOf: (item: Item) => string;
  answer: (ctx: Context, item: Item) => void;
  deleted: (name: string) => string;
}

/**
 * A PUT's body completed with the stored item's fields it does not send (a partial update, like PUT /products/{id}):
 * the whole is then checked by the kind's schema, so unknown keys and broken combinations are still refused.
 */
async function withStoredFields(body: unknown, current: () => Promise<unknown>, keys: readonly string[]): Promise<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  if (Object.keys(body).length === 0) throw badRequest('No hay datos para actualizar');
  const stored = (await current()) as Record<string, unknown>;
  const kept = Object.fromEntries(keys.filter((key) => key in stored).map((key) => [key, stored[key]]));
  return { ...kept, ...body };
}

/** The create, update and delete handlers of one kind: each notes the staff activity and answers the kind's schema. */
function editHandlers<S extends z.ZodType, Item>(kind: EditedKind<S, Item>) {
  return {
    async create(ctx: Context) {
      const input = parseWith(kind.input, requestBody(ctx));
      const item = await kind.create(input);
      noteActivity(ctx, { target: kind.nameOf(item), summary: JSON.stringify(input) });
      ctx.status = 201;
      kind.answer(ctx, item);
    },

    async update(ctx: Context) {
      const id = documentId(ctx, kind.what);
      const input = parseWith(kind.input, await withStoredFields(requestBody(ctx), () => kind.current(id), kind.keys));
      const item = await kind.update(id, input);
      noteActivity(ctx, { target: kind.nameOf(item), summary: JSON.stringify(input) });
      kind.answer(ctx, item);
    },

    async remove(ctx: Context) {
      const name = await kind.remove(documentId(ctx, kind.what));
      noteActivity(ctx, { target: name });
      reply(ctx, deletedAnswerSchema, { message: kind.deleted(name) });
    },
  };
}

const coupons = editHandlers({
  what: 'cupón',
  input: couponInputSchema,
  keys: COUPON_INPUT_KEYS,
  current: (id) => promotions().coupon(id),
  create: (input) => promotions().createCoupon(input),
  update: (id, input) => promotions().updateCoupon(id, input),
  remove: (id) => promotions().deleteCoupon(id),
  nameOf: (coupon) => coupon.code,
  answer: (ctx, coupon) => reply(ctx, couponAnswerSchema, { coupon }),
  deleted: (code) => `Cupón ${code} eliminado`,
});

const automatic = editHandlers({
  what: 'promoción',
  input: promotionInputSchema,
  keys: PROMOTION_INPUT_KEYS,
  current: (id) => promotions().promotion(id),
  create: (input) => promotions().createPromotion(input),
  update: (id, input) => promotions().updatePromotion(id, input),
  remove: (id) => promotions().deletePromotion(id),
  nameOf: (promotion) => promotion.name,
  answer: (ctx, promotion) => reply(ctx, promotionAnswerSchema, { promotion }),
  deleted: (name) => `Promoción "${name}" eliminada`,
});

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

  createCoupon: coupons.create,
  updateCoupon: coupons.update,
  deleteCoupon: coupons.remove,

  async listPromotions(ctx: Context) {
    reply(ctx, promotionListAnswerSchema, { promotions: await promotions().listPromotions() });
  },

  createPromotion: automatic.create,
  updatePromotion: automatic.update,
  deletePromotion: automatic.remove,
};
