import type { Context } from 'koa';
import { passwordInputSchema, profileInputSchema } from '@shop/shared';
import { publicUser, requireAdmin } from '../../../utils/auth';
import { ApiError, badRequest, parseWith, requestBody } from '../../../utils/http';

const USER_UID = 'plugin::users-permissions.user';

export default {
  /** Staff edit their own username and e-mail; both stay unique among users. */
  async updateProfile(ctx: Context) {
    const me = await requireAdmin(ctx);
    const input = parseWith(profileInputSchema, requestBody(ctx));
    const email = input.email.toLowerCase();
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

  async updatePassword(ctx: Context) {
    const me = await requireAdmin(ctx);
    const { currentPassword, newPassword } = parseWith(passwordInputSchema, requestBody(ctx));
    const row: { password: string | null } | null = await strapi.db
      .query(USER_UID)
      .findOne({ where: { id: me.id }, select: ['password'] });
    const userService = strapi.plugin('users-permissions').service('user');
    const ok: boolean = row?.password ? await userService.validatePassword(currentPassword, row.password) : false;
    if (!ok) throw badRequest('La contraseña actual es incorrecta.');
    // The users-permissions service hashes the password (through the Document Service).
    await userService.edit(me.id, { password: newPassword });
    ctx.body = { message: 'Contraseña actualizada exitosamente' };
  },
};
