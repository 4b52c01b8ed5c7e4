import type { Context } from 'koa';
import { forbidden, unauthorized } from './http';

export interface StaffUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  role: string;
  blocked: boolean;
  sessionVersion: number;
}

type UserRow = {
  id: number;
  documentId: string;
  username: string | null;
  email: string;
  blocked: boolean | null;
  sessionVersion?: number | null;
  role?: { type?: string | null } | null;
};

export const ADMIN_ROLE_TYPE = 'admin';
export const USER_UID = 'plugin::users-permissions.user';

interface TokenPayload {
  id?: unknown;
  /** The user's session version when the token was issued (see extensions/users-permissions). */
  sv?: unknown;
}

/** A signed token for the user's current session version (lifetime: `jwt.expiresIn` in config/plugins.ts). */
export async function issueToken(userId: number, sessionVersion: number): Promise<string> {
  const token: string = await strapi.plugin('users-permissions').service('jwt').issue({ id: userId, sv: sessionVersion });
  return token;
}

/** Ends every token issued so far for the user (sign-out, password change); answers the new session version. */
export async function endSessions(userId: number): Promise<number> {
  const users = strapi.db.query(USER_UID);
  const row: { sessionVersion?: number | null } | null = await users.findOne({ where: { id: userId }, select: ['sessionVersion'] });
  const next = (row?.sessionVersion ?? 0) + 1;
  await users.update({ where: { id: userId }, data: { sessionVersion: next } });
  return next;
}

/** Reads the header through `ctx.request`: policies receive a copy of the context without Koa's delegated getters. */
function bearerToken(ctx: Context): string | null {
  const raw = ctx.request.headers.authorization;
  const header = typeof raw === 'string' ? raw : '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

/** The signed-in user of this request, or null (no token, bad token, unknown or blocked user). */
export async function currentUser(ctx: Context): Promise<StaffUser | null> {
  const cached = ctx.state.shopUser as StaffUser | null | undefined;
  if (cached !== undefined) return cached;
  let user: StaffUser | null = null;
  const token = bearerToken(ctx);
  if (token) {
    try {
      const payload = (await strapi.plugin('users-permissions').service('jwt').verify(token)) as TokenPayload;
      if (payload && typeof payload.id === 'number' && typeof payload.sv === 'number') {
        const row = (await strapi.db.query(USER_UID).findOne({ where: { id: payload.id }, populate: ['role'] })) as UserRow | null;
        // A token from before the last sign-out or password change carries an older session version.
        if (row && !row.blocked && (row.sessionVersion ?? 0) === payload.sv) {
          user = {
            id: row.id,
            documentId: row.documentId,
            username: row.username ?? '',
            email: row.email,
            role: row.role?.type ?? 'authenticated',
            blocked: Boolean(row.blocked),
            sessionVersion: row.sessionVersion ?? 0,
          };
        }
      }
    } catch {
      user = null;
    }
  }
  ctx.state.shopUser = user;
  return user;
}

export async function isAdminRequest(ctx: Context): Promise<boolean> {
  const user = await currentUser(ctx);
  return user?.role === ADMIN_ROLE_TYPE;
}

/** 401 without a valid token, 403 for a signed-in user who is not staff. */
export async function requireAdmin(ctx: Context): Promise<StaffUser> {
  const user = await currentUser(ctx);
  if (!user) throw unauthorized('No autorizado: inicia sesión para continuar');
  if (user.role !== ADMIN_ROLE_TYPE) throw forbidden('No tienes permisos de administrador');
  return user;
}

/** The user shape the clients read (the `user` of the login answer, docs/api.md). */
export function publicUser(user: StaffUser) {
  return {
    id: user.id,
    documentId: user.documentId,
    username: user.username,
    email: user.email,
    role: user.role,
    name: user.username || 'Admin',
  };
}
