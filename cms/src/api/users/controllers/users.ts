import type { Context } from 'koa';
import { passwordChangedAnswerSchema, passwordInputSchema, profileInputSchema, userAnswerSchema } from '@shop/shared';
import { requireAdmin } from '../../../utils/auth';
import { parseWith, reply, requestBody } from '../../../utils/http';

const users = () => strapi.service('api::users.users');

export default {
  async updateProfile(ctx: Context) {
    const me = await requireAdmin(ctx);
    const input = parseWith(profileInputSchema, requestBody(ctx));
    reply(ctx, userAnswerSchema, { user: await users().updateProfile(me, input) });
  },

  async updatePassword(ctx: Context) {
    const me = await requireAdmin(ctx);
    const input = parseWith(passwordInputSchema, requestBody(ctx));
    reply(ctx, passwordChangedAnswerSchema, {
      message: 'Contraseña actualizada exitosamente',
      token: await users().updatePassword(me, input),
    });
  },
};
