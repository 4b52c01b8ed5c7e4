import type { Context } from 'koa';
import { MSG, passwordInputSchema, profileInputSchema } from '@shop/shared';
import { USER_UID, endSessions, issueToken, publicUser, requireAdmin } from '../../../utils/auth';
import { ApiError, badRequest, parseWith, requestBody } from '../../../utils/http';

async function passwordIsRight(userId: number, password: string): Promise<boolean> {
  const row: { password: string | null } | null = await strapi.db.query(USER_UID).findOne({ where: { id: userId }, select: ['password'] });
  if (!row?.password) return false;
  const ok: boolean = await strapi.plugin('users-permissions').service('user').validatePassword(password, row.password);
  return ok;
}

export default {
  /**
   * Staff edit their own username and e-mail; both stay unique among users. The e-mail is the sign-in name, so
   * changing it asks for the current password (a stolen token alone cannot take the account over).
   */
  async updateProfile(ctx: Context) {
    const me = await requireAdmin(ctx);
    const input = parseWith(profileInputSchema, requestBody(ctx));
    const email = input.email.toLowerCase();
    if (email !== me.email.toLowerCase()) {
      if (!input.currentPassword) throw badRequest(MSG.password.neededForEmail);
      if (!(await passwordIsRight(me.id, input.currentPassword))) throw badRequest(MSG.password.wrongCurrent);
    }
    const users = strapi.db.query(USER_UID);
    if ((await users.count({ where: { email, id: { $ne: me.id } } })) > 0) {
      throw new ApiError(409, 'Ya existe otro usuario con ese email');
    }
    if ((await users.count({ where: { username: input.username, id: { $ne: me.id } } })) > 0) {
      throw new ApiError(409, 'Ya existe otro usuario con ese nombre de usuario');
    }
    await users.update({ where: { id: me.id }, data: { username: input.username, email } });
    ctx.body = { user: publicUser({ ...me, username: input.username, email }) };
  },

  /** Ends every session of the account (other devices, a stolen token) and answers a token for this one. */
  async updatePassword(ctx: Context) {
    const me = await requireAdmin(ctx);
    const { currentPassword, newPassword } = parseWith(passwordInputSchema, requestBody(ctx));
    if (!(await passwordIsRight(me.id, currentPassword))) throw badRequest(MSG.password.wrongCurrent);
    // The users-permissions service hashes the password (through the Document Service).
    await strapi.plugin('users-permissions').service('user').edit(me.id, { password: newPassword });
    const sessionVersion = await endSessions(me.id);
    ctx.body = { message: 'Contraseña actualizada exitosamente', token: await issueToken(me.id, sessionVersion) };
  },
};
