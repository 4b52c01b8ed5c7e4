import type { Context } from 'koa';
import { COUPON_REFUSALS, quoteAnswerSchema, quoteInputSchema } from '@shop/shared';
import { parseWith, reply, requestBody } from '../../../utils/http';
import { consume, refuseWhenBlocked } from '../../../domains/platform';

export default {
  /**
   * POST /checkout/quote (public, rate limited): what the cart costs with this delivery and payment, priced by the
   * same function as the order. Reads only (cached content and products), writes nothing.
   */
  async quote(ctx: Context) {
    await consume(ctx, 'quote');
    const input = parseWith(quoteInputSchema, requestBody(ctx));
    ctx.set('Cache-Control', 'no-store');
    // A client that tried too many codes no coupon has gets no more answers about coupons for a while.
    if (input.couponCode) await refuseWhenBlocked(ctx, 'coupon');
    const answer = await strapi.service('api::checkout.checkout').answer(input);
    if (answer.quote.coupon?.message === COUPON_REFUSALS.unknown) await consume(ctx, 'coupon');
    // Parsed by the answer's schema: only the documented fields go out (not the pricing's internal ones).
    reply(ctx, quoteAnswerSchema, quoteAnswerSchema.parse(answer));
  },
};
