import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import { contactInputSchema, contactSentAnswerSchema } from '@shop/shared';
import { parseWith, reply, requestBody } from '../../../utils/http';
import { consume } from '../../../domains/platform';

export default factories.createCoreController('api::contact-message.contact-message', () => ({
  async create(ctx: Context) {
    await consume(ctx, 'contact');
    const input = parseWith(contactInputSchema, requestBody(ctx));
    await strapi.service('api::contact-message.contact-message').submit(input);
    ctx.status = 201;
    reply(ctx, contactSentAnswerSchema, { message: 'Mensaje enviado correctamente' });
  },
}));
