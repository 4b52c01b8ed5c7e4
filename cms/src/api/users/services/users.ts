import type { z } from 'zod';
import { MSG, type passwordInputSchema, type profileInputSchema } from '@shop/shared';
import { USER_UID, endSessions, issueToken, publicUser, type StaffUser } from '../../../domains/staff/auth';
import { badRequest, conflict } from '../../../utils/http';

type ProfileInput = z.infer<typeof profileInputSchema>;
type PasswordInput = z.infer<typeof passwordInputSchema>;

async function passwordIsRight(userId: number, password: string): Promise<boolean> {
  const row: { password: string | null } | null = await strapi.db.query(USER_UID).findOne({ where: { id: userId }, select: ['password'] });
  if (!row?.password) return false;
  const ok: boolean = await strapi.plugin('users-permissions').service('user').validatePassword(password, row.password);
  return ok;
}

/** The signed-in staff member's own account (plain-object service: users belong to users-permissions). */
export default {
  /**
   * Staff edit their own username and e-mail; both stay unique among users. The e-mail is the sign-in name, so
   * changing it asks for the current password (a stolen token alone cannot take the account over).
   */
  async updateProfile(me: StaffUser, input: ProfileInput): Promise<ReturnType<typeof publicUser>> {
    const email = input.email.toLowerCase();
    if (email !== me.email.toLowerCase()) {
      if (!input.currentPassword) throw badRequest(MSG.password.neededForEmail);
      if (!(await passwordIsRight(me.id, input.currentPassword))) throw badRequest(MSG.password.wrongCurrent);
    }
    const users = strapi.db.query(USER_UID);
    if ((await users.count({ where: { email, id: { $ne: me.id } } })) > 0) {
      throw conflict('Ya existe otro usuario con ese email');
    }
    if ((await users.count({ where: { username: input.username, id: { $ne: me.id } } })) > 0) {
      throw conflict('Ya existe otro usuario con ese nombre de usuario');
    }
    await users.update({ where: { id: me.id }, data: { username: input.username, email } });
    return publicUser({ ...me, username: input.username, email });
  },

  /** Ends every session of the account (other devices, a stolen token) and gives a token for this one. */
  async updatePassword(me: StaffUser, { currentPassword, newPassword }: PasswordInput): Promise<string> {
    if (!(await passwordIsRight(me.id, currentPassword))) throw badRequest(MSG.password.wrongCurrent);
    // The users-permissions service hashes the password (through the Document Service).
    await strapi.plugin('users-permissions').service('user').edit(me.id, { password: newPassword });
    // The temporary password of an invitation is gone: every route of the role opens.
    if (me.mustChangePassword) await strapi.db.query(USER_UID).update({ where: { id: me.id }, data: { mustChangePassword: false } });
    const sessionVersion = await endSessions(me.id);
    return issueToken(me.id, sessionVersion);
  },
};
