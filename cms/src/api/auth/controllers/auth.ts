import type { Context } from 'koa';
import { MSG, loginInputSchema } from '@shop/shared';
import { currentUser, publicUser, type StaffUser } from '../../../utils/auth';
import { ApiError, parseWith, requestBody } from '../../../utils/http';
import { assertNotLimited, consume } from '../../../utils/rate-limit';

interface UserWithPassword {
  id: number;
  documentId: string;
  username: string | null;
  email: string;
  password: string | null;
  blocked: boolean | null;
  role?: { type?: string | null } | null;
}

const USER_UID = 'plugin::users-permissions.user';

async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  const ok: boolean = await strapi.plugin('users-permissions').service('user').validatePassword(password, hash);
  return ok;
}

export default {
  /**
   * Failed attempts are counted per client IP (not per e-mail, so changing the e-mail does not help), and a
   * blocked IP is refused before the password is even checked.
   */
  async login(ctx: Context) {
    await assertNotLimited(ctx, 'loginFailures');
    const { email, password } = parseWith(loginInputSchema, requestBody(ctx));
    const row: UserWithPassword | null = await strapi.db
      .query(USER_UID)
      .findOne({ where: { email: email.toLowerCase() }, populate: ['role'] });
    const valid = row !== null && !row.blocked && (await passwordMatches(password, row.password));
    if (!row || !valid) {
      await consume(ctx, 'loginFailures');
      throw new ApiError(401, MSG.login.invalid);
    }
    const user: StaffUser = {
      id: row.id,
      documentId: row.documentId,
      username: row.username ?? '',
      email: row.email,
      role: row.role?.type ?? 'authenticated',
      blocked: false,
    };
    const token: string = await strapi.plugin('users-permissions').service('jwt').issue({ id: row.id });
    ctx.body = { token, user: publicUser(user) };
  },

  async check(ctx: Context) {
    const user = await currentUser(ctx);
    if (!user) throw new ApiError(401, 'Sesión inválida o expirada: inicia sesión nuevamente');
    ctx.body = { user: publicUser(user) };
  },
};
