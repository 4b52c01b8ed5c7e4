import type { Context } from 'koa';
import {
  abandonedCheckoutListAnswerSchema,
  CHECKOUT_MSG,
  checkoutDraftAnswerSchema,
  checkoutDraftInputSchema,
  checkoutSavedAnswerSchema,
  checkoutStatsAnswerSchema,
  CHECKOUT_TOKEN_RE,
  checkoutUnsubscribeInputSchema,
} from '@shop/shared';
import { badRequest, notFound, parseWith, queryInt, reply, requestBody, unsubscribeBody } from '../../../utils/http';
import { consume } from '../../../domains/platform';
import { routeParam } from '../../../utils/route-param';

const drafts = () => strapi.service('api::checkout-draft.checkout-draft');

function tokenOf(ctx: Context): string {
  const token = routeParam(ctx, 'token');
  if (!CHECKOUT_TOKEN_RE.test(token)) throw badRequest(CHECKOUT_MSG.badToken);
  return token;
}

/** Abandoned checkouts: the shopper's draft (public, by its random token), its unsubscribe link, the staff's list. */
export default {
  async save(ctx: Context) {
    await consume(ctx, 'checkoutDrafts');
    const token = tokenOf(ctx);
    const input = parseWith(checkoutDraftInputSchema, requestBody(ctx));
    await drafts().save(token, input, ctx.request.origin);
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, checkoutSavedAnswerSchema, { message: CHECKOUT_MSG.saved });
  },

  /** The draft's lines priced today and its delivery choice: never its contact. */
  async findOne(ctx: Context) {
    await consume(ctx, 'checkoutDrafts');
    const token = tokenOf(ctx);
    const draft = await drafts().get(token);
    if (!draft || draft.convertedAt) throw notFound(CHECKOUT_MSG.notFound);
    const priced = await drafts().price(draft.lines);
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, checkoutDraftAnswerSchema, {
      draft: {
        lines: priced.lines,
        total: priced.total,
        deliveryType: draft.delivery.deliveryType,
        zoneId: draft.delivery.zoneId,
        meetingPointId: draft.delivery.meetingPointId,
        updatedAt: draft.updatedAt.toISOString(),
      },
    });
  },

  async unsubscribe(ctx: Context) {
    await consume(ctx, 'checkoutDrafts');
    const { token } = parseWith(checkoutUnsubscribeInputSchema, unsubscribeBody(ctx));
    await drafts().unsubscribe(token);
    reply(ctx, checkoutSavedAnswerSchema, { message: CHECKOUT_MSG.unsubscribed });
  },

  async abandoned(ctx: Context) {
    const page = queryInt(ctx.query.page, 1, { max: 10_000 });
    const pageSize = queryInt(ctx.query.pageSize, 20, { max: 50 });
    reply(ctx, abandonedCheckoutListAnswerSchema, await drafts().listAbandoned(page, pageSize));
  },

  async stats(ctx: Context) {
    const days = queryInt(ctx.query.days, 30, { max: 30 });
    reply(ctx, checkoutStatsAnswerSchema, await drafts().stats(days));
  },
};
