import type { Context } from 'koa';
import {
  MSG,
  invitationAcceptInputSchema,
  invitationAcceptedAnswerSchema,
  loginAnswerSchema,
  loginInputSchema,
  logoutAnswerSchema,
  sessionAnswerSchema,
  twoFactorDisableInputSchema,
  twoFactorDisabledAnswerSchema,
  twoFactorEnableInputSchema,
  twoFactorEnabledAnswerSchema,
  twoFactorSetupAnswerSchema,
  twoFactorVerifyInputSchema,
  userAnswerSchema,
} from '@shop/shared';
import { currentUser, publicUser, requireStaff, type StaffUser } from '../../../domains/staff/auth';
import { acceptInvitation } from '../../../domains/staff/invitation';
import { parseWith, reply, requestBody, unauthorized } from '../../../utils/http';
import { clientKey, consume, refund } from '../../../domains/platform';

const SESSION_INVALID = 'Sesión inválida o expirada: inicia sesión nuevamente';

async function signedInUser(ctx: Context): Promise<StaffUser> {
  const user = await currentUser(ctx);
  if (!user) throw unauthorized(SESSION_INVALID);
  return user;
}

const auth = () => strapi.service('api::auth.auth');
const twoFactor = () => strapi.service('api::auth.two-factor');

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
    reply(ctx, loginAnswerSchema, session);
  },

  /** POST /auth/2fa/verify: the code step of a sign-in, rate limited like passwords (per client and per account). */
  async verifyTwoFactor(ctx: Context) {
    const { challenge, code } = parseWith(twoFactorVerifyInputSchema, requestBody(ctx));
    const client = clientKey(ctx);
    const account = `2fa:${challenge.split('.')[0] ?? ''}`;
    await consume(ctx, 'loginFailures', client);
    await consume(ctx, 'loginFailuresPerEmail', account);
    const { session } = await twoFactor().verify(challenge, code);
    await Promise.all([refund('loginFailures', client), refund('loginFailuresPerEmail', account)]);
    reply(ctx, sessionAnswerSchema, session);
  },

  /**
   * POST /auth/invitation (public): the invited person's own password, with the one-time token of her e-mail. Rate
   * limited per client like a sign-in (a wrong token costs a point; a right one gives it back).
   */
  async acceptInvitation(ctx: Context) {
    const client = clientKey(ctx);
    await consume(ctx, 'loginFailures', client);
    const { token, password } = parseWith(invitationAcceptInputSchema, requestBody(ctx));
    await acceptInvitation(token, password);
    await refund('loginFailures', client);
    reply(ctx, invitationAcceptedAnswerSchema, { message: MSG.invitation.accepted });
  },

  /** POST /auth/2fa/setup (staff): a secret and its otpauth:// address for the app. */
  async setupTwoFactor(ctx: Context) {
    const me = await requireStaff(ctx, 'account.self', { twoFactorSetup: true });
    reply(ctx, twoFactorSetupAnswerSchema, await twoFactor().setup(me));
  },

  /** POST /auth/2fa/enable (staff): on, once a code of the new secret matches; the recovery codes, shown once. */
  async enableTwoFactor(ctx: Context) {
    const me = await requireStaff(ctx, 'account.self', { twoFactorSetup: true });
    const { code } = parseWith(twoFactorEnableInputSchema, requestBody(ctx));
    reply(ctx, twoFactorEnabledAnswerSchema, { recoveryCodes: await twoFactor().enable(me, code) });
  },

  /** POST /auth/2fa/disable (staff): off, with the password and a code; every session of the account ends. */
  async disableTwoFactor(ctx: Context) {
    const me = await requireStaff(ctx, 'account.self');
    const { password, code } = parseWith(twoFactorDisableInputSchema, requestBody(ctx));
    await twoFactor().disable(me, password, code);
    reply(ctx, twoFactorDisabledAnswerSchema, { message: 'Verificación en dos pasos desactivada' });
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
