import { MSG } from '@shop/shared';
import { USER_UID, endSessions, issueToken, publicUser, toStaffUser, type StaffUser, type UserRow } from '../../../domains/staff/auth';
import { unauthorized } from '../../../utils/http';

type UserWithPassword = UserRow & { password: string | null };

/** The answer of a right password for an account with two-factor sign-in. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
}

/** A session as the API answers it: a token and the account's public fields. */
export interface Session {
  token: string;
  user: ReturnType<typeof publicUser>;
}

/**
 * A bcrypt hash (cost 10, as users-permissions hashes in production) of random bytes nobody kept: an unknown e-mail is
 * checked against it, so that it costs the same time as a wrong password and the answer time does not tell which
 * e-mails have an account. Its result is never used. (The tests' lower cost, PASSWORD_HASH_ROUNDS, leaves it at 10.)
 */
const UNKNOWN_USER_HASH = '$2a$10$Wyc1RZ/TpLAR794u8oTfyekO3EPmHls2SLD35hLWw2qtdw2g/gdsK';

async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  const ok: boolean = await strapi
    .plugin('users-permissions')
    .service('user')
    .validatePassword(password, hash ?? UNKNOWN_USER_HASH);
  return ok && hash !== null;
}

/** Staff sessions: sign-in by e-mail and password, renewal and sign-out (plain-object service: no content type). */
export default {
  /** A session for the account with this (lower-cased) e-mail and password; 401 for anything else. */
  async login(email: string, password: string): Promise<Session | TwoFactorChallenge> {
    const row: UserWithPassword | null = await strapi.db.query(USER_UID).findOne({ where: { email }, populate: ['role'] });
    const valid = (await passwordMatches(password, row?.password ?? null)) && row !== null && !row.blocked;
    if (!row || !valid) throw unauthorized(MSG.login.invalid);
    // With two-factor sign-in, the right password only opens the code step.
    if (strapi.service('api::auth.two-factor').isEnabled(row)) {
      return { twoFactorRequired: true, challenge: await strapi.service('api::auth.two-factor').challenge(row.id) };
    }
    const user: StaffUser = toStaffUser(row);
    await strapi.db.query(USER_UID).update({ where: { id: row.id }, data: { lastSignInAt: new Date() } });
    return { token: await issueToken(row.id, user.sessionVersion), user: publicUser(user) };
  },

  /** A fresh token for a signed-in account (the back office renews while it is open). */
  async renew(user: StaffUser): Promise<Session> {
    return { token: await issueToken(user.id, user.sessionVersion), user: publicUser(user) };
  },

  /** Ends every token of the account, on every device. */
  async logout(user: StaffUser): Promise<void> {
    await endSessions(user.id);
  },
};
