import type { Context } from 'koa';
import { passwordChangedAnswerSchema, passwordInputSchema, profileInputSchema, userAnswerSchema } from '@shop/shared';
import { requireStaff } from '../../../domains/staff/auth';
import { parseWith, reply, requestBody } from '../../../utils/http';

const users = () => strapi.service('api::users.users');

export default {
  async updateProfile(ctx: Context) {
    const me = await requireStaff(ctx, 'account.self');
    const input = parseWith(profileInputSchema, requestBody(ctx));
    reply(ctx, userAnswerSchema, { user: await users().updateProfile(me, input) });
  },

  async updatePassword(ctx: Context) {
    const me = await requireStaff(ctx, 'account.self', { temporaryPasswordAllowed: true });
    const input = parseWith(passwordInputSchema, requestBody(ctx));
    reply(ctx, passwordChangedAnswerSchema, {
      message: 'Contraseña actualizada exitosamente',
      token: await users().updatePassword(me, input),
    });
  },
};
