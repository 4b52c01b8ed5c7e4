import type { Context } from 'koa';
import { loginInputSchema, logoutAnswerSchema, sessionAnswerSchema, userAnswerSchema } from '@shop/shared';
import { currentUser, publicUser, type StaffUser } from '../../../utils/auth';
import { parseWith, reply, requestBody, unauthorized } from '../../../utils/http';
import { clientKey, consume, refund } from '../../../utils/rate-limit';

const SESSION_INVALID = 'Sesión inválida o expirada: inicia sesión nuevamente';

async function signedInUser(ctx: Context): Promise<StaffUser> {
  const user = await currentUser(ctx);
  if (!user) throw unauthorized(SESSION_INVALID);
  return user;
}

const auth = () => strapi.service('api::auth.auth');

export default {
  /**
   * Every attempt takes a point from the client's budget and from the account's before the password is checked
   * (concurrent attempts cannot all slip in before the first failure is counted); a right password gives both back.
   */
  async login(ctx: Context) {
    const { email, password } = parseWith(loginInputSchema, requestBody(ctx));
    const account = email.trim().toLowerCase();
    const client = clientKey(ctx);
    await consume(ctx, 'loginFailures', client);
    await consume(ctx, 'loginFailuresPerEmail', account);
    const session = await auth().login(account, password);
    await Promise.all([refund('loginFailures', client), refund('loginFailuresPerEmail', account)]);
    reply(ctx, sessionAnswerSchema, session);
  },

  async check(ctx: Context) {
    reply(ctx, userAnswerSchema, { user: publicUser(await signedInUser(ctx)) });
  },

  /** A fresh token for a valid one (the back office renews while it is open, so a working session never expires). */
  async renew(ctx: Context) {
    reply(ctx, sessionAnswerSchema, await auth().renew(await signedInUser(ctx)));
  },

  /** Signing out ends every token of the account, on every device. */
  async logout(ctx: Context) {
    await auth().logout(await signedInUser(ctx));
    reply(ctx, logoutAnswerSchema, { message: 'Sesión cerrada' });
  },
};
