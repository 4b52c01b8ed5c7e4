import { newOneTimeToken, readOneTimeToken, sameHash } from '../../../domains/staff/one-time-token';
import { SHOP_BRAND } from '@shop/shared';
import { USER_UID, endSessions, issueToken, publicUser, toStaffUser, type StaffUser, type UserRow } from '../../../domains/staff/auth';
import { badRequest, conflict, unauthorized } from '../../../utils/http';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl } from '../../../domains/staff/totp';
import type { Session } from './auth';
import { affectedRows, storedFlag, table } from '../../../utils/db-write';
import { tableColumn } from '../../../domains/platform';

/** The name authenticator apps show above the code. */
const ISSUER = SHOP_BRAND;
/** How long the second step of a sign-in may wait for its code. */
const CHALLENGE_MINUTES = 5;
const WRONG_CODE = 'Código incorrecto o vencido';
const CHALLENGE_INVALID = 'El inicio de sesión venció: ingresá tu email y contraseña de nuevo';

interface TwoFactorRow extends UserRow {
  twoFactorEnabled?: boolean | number | null;
  totpSecret?: string | null;
  totpPendingSecret?: string | null;
  totpLastStep?: number | null;
  recoveryCodes?: unknown;
  twoFactorChallenge?: string | null;
  twoFactorChallengeUntil?: string | Date | null;
}

const users = () => strapi.db.query(USER_UID);
const enabled = (row: TwoFactorRow) => storedFlag(row.twoFactorEnabled);

async function rowOf(id: number): Promise<TwoFactorRow> {
  const row: TwoFactorRow | null = await users().findOne({ where: { id }, populate: ['role'] });
  if (!row) throw unauthorized(CHALLENGE_INVALID);
  return row;
}

function storedHashes(value: unknown): string[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Checks an app code (±1 step, never a step already used) or a recovery code (each once). A right code is consumed
 * in the same write; false for anything else.
 */
async function consumeCode(row: TwoFactorRow, secret: string, code: string): Promise<boolean> {
  const step = acceptedStep(secret, code.trim(), row.totpLastStep ?? null);
  if (step !== null) {
    // Conditional on the step last seen: two requests with one code cannot both pass.
    const result: unknown = await users().updateMany({
      where: { id: row.id, $or: [{ totpLastStep: { $null: true } }, { totpLastStep: { $lt: step } }] },
      data: { totpLastStep: step },
    });
    return typeof result === 'object' && result !== null && 'count' in result && Number(result.count) === 1;
  }
  const hash = hashRecoveryCode(code);
  if (!storedHashes(row.recoveryCodes).includes(hash)) return false;
  return (await takeRecoveryCode(row.id, hash)) === 1;
}

/**
 * Removes one recovery code's hash from the account's list with one conditional UPDATE (… WHERE the list still
 * holds it): of two requests racing with one code exactly one changes the row, the other finds the code gone.
 * Answers the number of rows changed (1 or 0). The list is a JSON column: jsonb on PostgreSQL, text on SQLite.
 */
async function takeRecoveryCode(userId: number, hash: string): Promise<number> {
  const knex = strapi.db.connection;
  const { table: name, column } = tableColumn(strapi, USER_UID, 'recoveryCodes');
  const postgres = strapi.db.dialect.client === 'postgres';
  const [stillUnused, withoutIt] = postgres
    ? [knex.raw('?? @> ?::jsonb', [column, JSON.stringify([hash])]), knex.raw('?? - ?::text', [column, hash])]
    : [
        knex.raw('EXISTS (SELECT 1 FROM json_each(??) WHERE value = ?)', [column, hash]),
        knex.raw("(SELECT coalesce(json_group_array(value), '[]') FROM json_each(??) WHERE value <> ?)", [column, hash]),
      ];
  const changed: unknown = await table(knex, name)
    .where({ id: userId })
    .andWhere(stillUnused)
    .update({ [column]: withoutIt });
  return affectedRows(changed);
}

/** Two-factor sign-in of staff accounts with any authenticator app (TOTP). */
export default {
  /** A new secret for the signed-in account, pending until a code from it is confirmed. */
  async setup(me: StaffUser): Promise<{ secret: string; otpauthUrl: string }> {
    const row = await rowOf(me.id);
    if (enabled(row)) throw conflict('La verificación en dos pasos ya está activa: desactivala primero para cambiar de teléfono');
    const secret = newTotpSecret();
    await users().update({ where: { id: me.id }, data: { totpPendingSecret: secret } });
    return { secret, otpauthUrl: otpauthUrl(secret, me.email, ISSUER) };
  },

  /** Turns it on once the app's code matches; answers the recovery codes (shown once, stored hashed). */
  async enable(me: StaffUser, code: string): Promise<string[]> {
    const row = await rowOf(me.id);
    if (enabled(row)) throw conflict('La verificación en dos pasos ya está activa');
    const secret = row.totpPendingSecret;
    if (!secret) throw badRequest('Primero generá el código QR (configurar verificación en dos pasos)');
    if (acceptedStep(secret, code.trim(), null) === null) throw badRequest(WRONG_CODE);
    const recoveryCodes = newRecoveryCodes();
    await users().update({
      where: { id: me.id },
      data: {
        twoFactorEnabled: true,
        totpSecret: secret,
        totpPendingSecret: null,
        totpLastStep: null,
        recoveryCodes: recoveryCodes.map(hashRecoveryCode),
      },
    });
    return recoveryCodes;
  },

  /** Turns it off with the password and a current code (a stolen session alone cannot). */
  async disable(me: StaffUser, password: string, code: string): Promise<void> {
    const row = (await users().findOne({ where: { id: me.id }, populate: ['role'] })) as (TwoFactorRow & { password?: string }) | null;
    if (!row || !enabled(row) || !row.totpSecret) throw badRequest('La verificación en dos pasos no está activa');
    const passwordOk: boolean = await strapi
      .plugin('users-permissions')
      .service('user')
      .validatePassword(password, row.password ?? '');
    if (!passwordOk) throw badRequest('La contraseña actual es incorrecta.');
    if (!(await consumeCode(row, row.totpSecret, code))) throw badRequest(WRONG_CODE);
    await users().update({
      where: { id: me.id },
      data: { twoFactorEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null, recoveryCodes: null },
    });
    await endSessions(me.id);
  },

  /** After a right password: a single-use challenge for the code step, instead of a token. */
  async challenge(userId: number): Promise<string> {
    const { token, hash } = newOneTimeToken(userId);
    const until = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
    await users().update({ where: { id: userId }, data: { twoFactorChallenge: hash, twoFactorChallengeUntil: until } });
    return token;
  },

  /** The second step: the challenge (once, within 5 minutes) and a code → the session. */
  async verify(challenge: string, code: string): Promise<{ session: Session; email: string }> {
    const { id, hash } = readOneTimeToken(challenge);
    const row: TwoFactorRow | null = id > 0 ? await users().findOne({ where: { id }, populate: ['role'] }) : null;
    const until = row?.twoFactorChallengeUntil ? new Date(row.twoFactorChallengeUntil).getTime() : 0;
    const matches = sameHash(row?.twoFactorChallenge, hash);
    if (!row || !matches || until < Date.now() || row.blocked || !enabled(row) || !row.totpSecret) throw unauthorized(CHALLENGE_INVALID);
    if (!(await consumeCode(row, row.totpSecret, code))) throw unauthorized(WRONG_CODE);
    await users().update({ where: { id }, data: { twoFactorChallenge: null, twoFactorChallengeUntil: null, lastSignInAt: new Date() } });
    const user = toStaffUser(row);
    return { session: { token: await issueToken(id, user.sessionVersion), user: publicUser(user) }, email: row.email };
  },

  isEnabled: enabled,
};
