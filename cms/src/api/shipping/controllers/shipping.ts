import type { Context } from 'koa';
import {
  shippingAvailabilityAnswerSchema,
  shippingBranchesAnswerSchema,
  shippingBranchesQuerySchema,
  shippingQuoteAnswerSchema,
  shippingQuoteInputSchema,
  shippingSettingsAnswerSchema,
} from '@shop/shared';
import { consume } from '../../../domains/platform';
import { noteActivity, requireStaff } from '../../../domains/staff';
import {
  parcelsOfItems,
  putShippingSettings,
  quoteShipping,
  shippingAvailability,
  shippingBranches,
  shippingSettingsAnswer,
} from '../../../domains/shipping';
import { parseWith, reply, requestBody } from '../../../utils/http';

/** docs/api.md "Envíos nacionales". */
export default {
  /** POST /shipping/quote {address: {postalCode, province, …}, parcels? | items?}: each enabled carrier's options. */
  async quote(ctx: Context) {
    await consume(ctx, 'quote');
    const input = parseWith(shippingQuoteInputSchema, requestBody(ctx));
    const parcels = input.parcels ?? (await parcelsOfItems(input.items ?? []));
    ctx.set('Cache-Control', 'no-store');
    reply(
      ctx,
      shippingQuoteAnswerSchema,
      await quoteShipping({ postalCode: input.address.postalCode, province: input.address.province, parcels }),
    );
  },
  /** GET /shipping/branches?carrier=&postalCode=&province=: the carrier's branches near the postal code. */
  async branches(ctx: Context) {
    await consume(ctx, 'quote');
    const query = parseWith(shippingBranchesQuerySchema, { ...ctx.query });
    reply(ctx, shippingBranchesAnswerSchema, await shippingBranches(query));
  },
  /** GET /shipping/availability: whether the checkout offers "Envío a todo el país" (no credential, no fee). */
  async availability(ctx: Context) {
    await consume(ctx, 'quote');
    reply(ctx, shippingAvailabilityAnswerSchema, await shippingAvailability());
  },
  async getSettings(ctx: Context) {
    await requireStaff(ctx, 'shipping.manage');
    ctx.set('Cache-Control', 'no-store');
    reply(ctx, shippingSettingsAnswerSchema, await shippingSettingsAnswer());
  },
  async putSettings(ctx: Context) {
    await requireStaff(ctx, 'shipping.manage');
    reply(ctx, shippingSettingsAnswerSchema, await putShippingSettings(requestBody(ctx)));
    noteActivity(ctx, { summary: 'Envíos nacionales' });
  },
};
