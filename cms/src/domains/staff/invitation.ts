import { LIMITS, MSG } from '@shop/shared';
import { badRequest } from '../../utils/http';
import { writeTransaction } from '../../utils/db-write';
import { USER_UID, endSessions } from './auth';
import { newOneTimeToken, readOneTimeToken, sameHash } from './one-time-token';

/**
 * Staff invitations by e-mail: a one-time token (`<account id>.<32 random bytes>`) to choose a password, valid
 * LIMITS.staffInvitationHours. Only its SHA-256 is stored (`invitationToken`), with its end (`invitationUntil`);
 * using it clears both with a conditional UPDATE, so a second use (or two at once) finds nothing.
 */

interface InvitationRow {
  id: number;
  blocked?: boolean | null;
  invitationToken?: string | null;
  invitationUntil?: string | Date | null;
}

const users = () => strapi.db.query(USER_UID);

/** A new invitation for the account (any earlier one stops working); answers the token for the link. */
export async function newInvitation(userId: number, now = Date.now()): Promise<string> {
  const { token, hash } = newOneTimeToken(userId);
  const until = new Date(now + LIMITS.staffInvitationHours * 60 * 60 * 1000);
  await users().update({ where: { id: userId }, data: { invitationToken: hash, invitationUntil: until } });
  return token;
}

/**
 * The invited person's password, once: refused (in Spanish) for an unknown, used or expired token. Every session of
 * the account ends (there should be none) and the temporary-password gate opens.
 */
export async function acceptInvitation(token: string, password: string): Promise<void> {
  const { id, hash, hasSecret } = readOneTimeToken(token);
  const row: InvitationRow | null =
    id > 0 && hasSecret ? await users().findOne({ where: { id }, select: ['id', 'blocked', 'invitationToken', 'invitationUntil'] }) : null;
  if (!row?.invitationToken || !sameHash(row.invitationToken, hash) || row.blocked) throw badRequest(MSG.invitation.invalid);
  const until = row.invitationUntil ? new Date(row.invitationUntil).getTime() : 0;
  if (!(until > Date.now())) throw badRequest(MSG.invitation.expired);
  await writeTransaction(async () => {
    // Single use: only the request that still finds the token clears it; a racing second one changes nothing.
    const taken: unknown = await users().updateMany({
      where: { id, invitationToken: hash },
      data: { invitationToken: null, invitationUntil: null, mustChangePassword: false },
    });
    const count = typeof taken === 'object' && taken !== null && 'count' in taken ? Number(taken.count) : 0;
    if (count !== 1) throw badRequest(MSG.invitation.invalid);
    // The users-permissions service hashes the password.
    await strapi.plugin('users-permissions').service('user').edit(id, { password });
  });
  await endSessions(id);
}
