import type { Context } from 'koa';
import { quoteAnswerSchema, quoteInputSchema } from '@shop/shared';
import { parseWith, reply, requestBody } from '../../../utils/http';
import { consume } from '../../../utils/rate-limit';

export default {
  /**
   * POST /checkout/quote (public, rate limited): what the cart costs with this delivery and payment, priced by the
   * same function as the order. Reads only (cached content and products), writes nothing.
   */
  async quote(ctx: Context) {
    await consume(ctx, 'quote');
    const input = parseWith(quoteInputSchema, requestBody(ctx));
    ctx.set('Cache-Control', 'no-store');
    // Parsed by the answer's schema: only the documented fields go out (not the pricing's internal ones).
    reply(ctx, quoteAnswerSchema, quoteAnswerSchema.parse({ quote: await strapi.service('api::checkout.checkout').quote(input) }));
  },
};
