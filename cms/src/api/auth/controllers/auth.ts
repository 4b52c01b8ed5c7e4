import type { Context } from 'koa';
import { MSG, loginInputSchema } from '@shop/shared';
import { USER_UID, currentUser, endSessions, issueToken, publicUser, type StaffUser } from '../../../utils/auth';
import { ApiError, parseWith, requestBody } from '../../../utils/http';
import { clientKey, consume, refund } from '../../../utils/rate-limit';

interface UserWithPassword {
  id: number;
  documentId: string;
  username: string | null;
  email: string;
  password: string | null;
  blocked: boolean | null;
  sessionVersion: number | null;
  role?: { type?: string | null } | null;
}

/**
 * A bcrypt hash (cost 10, as users-permissions hashes) of random bytes nobody kept: an unknown e-mail is checked
 * against it, so that it costs the same time as a wrong password and the answer time does not tell which e-mails
 * have an account. Its result is never used.
 */
const UNKNOWN_USER_HASH = '$2a$10$Wyc1RZ/TpLAR794u8oTfyekO3EPmHls2SLD35hLWw2qtdw2g/gdsK';

async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  const ok: boolean = await strapi.plugin('users-permissions').service('user').validatePassword(password, hash ?? UNKNOWN_USER_HASH);
  return ok && hash !== null;
}

const SESSION_INVALID = 'Sesión inválida o expirada: inicia sesión nuevamente';

async function signedInUser(ctx: Context): Promise<StaffUser> {
  const user = await currentUser(ctx);
  if (!user) throw new ApiError(401, SESSION_INVALID);
  return user;
}

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
    const row: UserWithPassword | null = await strapi.db.query(USER_UID).findOne({ where: { email: account }, populate: ['role'] });
    const valid = (await passwordMatches(password, row?.password ?? null)) && row !== null && !row.blocked;
    if (!row || !valid) throw new ApiError(401, MSG.login.invalid);
    await Promise.all([refund('loginFailures', client), refund('loginFailuresPerEmail', account)]);
    const user: StaffUser = {
      id: row.id,
      documentId: row.documentId,
      username: row.username ?? '',
      email: row.email,
      role: row.role?.type ?? 'authenticated',
      blocked: false,
      sessionVersion: row.sessionVersion ?? 0,
    };
    ctx.body = { token: await issueToken(row.id, user.sessionVersion), user: publicUser(user) };
  },

  async check(ctx: Context) {
    ctx.body = { user: publicUser(await signedInUser(ctx)) };
  },

  /** A fresh token for a valid one (the back office renews while it is open, so a working session never expires). */
  async renew(ctx: Context) {
    const user = await signedInUser(ctx);
    ctx.body = { token: await issueToken(user.id, user.sessionVersion), user: publicUser(user) };
  },

  /** Signing out ends every token of the account, on every device. */
  async logout(ctx: Context) {
    const user = await signedInUser(ctx);
    await endSessions(user.id);
    ctx.body = { message: 'Sesión cerrada' };
  },
};
