import type { Context } from 'koa';
import { contactInputSchema } from '@shop/shared';
import { parseWith, requestBody } from '../../../utils/http';
import { consume } from '../../../utils/rate-limit';

export default {
  /** Stores the message for the staff (visible in Strapi's panel under "Mensaje de contacto"). */
  async create(ctx: Context) {
    await consume(ctx, 'contact');
    const input = parseWith(contactInputSchema, requestBody(ctx));
    await strapi.db.query('api::contact-message.contact-message').create({
      data: { ...input, phone: input.phone ?? '', read: false, publishedAt: new Date() },
    });
    ctx.status = 201;
    ctx.body = { message: 'Mensaje enviado correctamente' };
  },
};
