import type { Context } from 'koa';
import {
  PERMISSION_TWO_FACTOR_MESSAGE,
  STAFF_FORBIDDEN_MESSAGE,
  TEMPORARY_PASSWORD_MESSAGE,
  TWO_FACTOR_REQUIRED_MESSAGE,
  isStaffRole,
  permissionNeedsTwoFactor,
  staffCan,
  type StaffPermission,
  type StaffRole,
} from '@shop/shared';
import { forbidden, unauthorized } from '../../utils/http';
import { storedFlag } from '../../utils/db-write';

export interface StaffUser {
  id: number;
  documentId: string;
  username: string;
  email: string;
  role: string;
  blocked: boolean;
  sessionVersion: number;
  /** The staff member's role (owner, sales, catalog); null for accounts that are not staff. */
  staffRole: StaffRole | null;
  /** Still signing in with the temporary password the owner's invitation gave: only the password change is open. */
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  /** The name the team screen shows (invited accounts); empty for older accounts. */
  fullName: string;
}

export type UserRow = {
  id: number;
  documentId: string;
  username: string | null;
  email: string;
  blocked: boolean | null;
  sessionVersion?: number | null;
  staffRole?: string | null;
  mustChangePassword?: boolean | number | null;
  twoFactorEnabled?: boolean | number | null;
  fullName?: string | null;
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

/** The account as the shop's checks see it (the role's type, the staff role only for staff). */
export function toStaffUser(row: UserRow): StaffUser {
  const role = row.role?.type ?? 'authenticated';
  return {
    id: row.id,
    documentId: row.documentId,
    username: row.username ?? '',
    email: row.email,
    role,
    blocked: Boolean(row.blocked),
    sessionVersion: row.sessionVersion ?? 0,
    staffRole: role === ADMIN_ROLE_TYPE && isStaffRole(row.staffRole) ? row.staffRole : null,
    mustChangePassword: storedFlag(row.mustChangePassword),
    twoFactorEnabled: storedFlag(row.twoFactorEnabled),
    fullName: row.fullName?.trim() ?? '',
  };
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
          user = toStaffUser(row);
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

/**
 * 401 without a valid token, 403 for a signed-in user who is not staff or whose role lacks the permission (a staff
 * account without a role may do nothing: fail closed).
 */

export async function requireStaff(
  ctx: Context,
  permission: StaffPermission,
  { temporaryPasswordAllowed = false, twoFactorSetup = false } = {},
): Promise<StaffUser> {
  const user = await requireAdmin(ctx);
  if (user.mustChangePassword && !temporaryPasswordAllowed) throw forbidden(TEMPORARY_PASSWORD_MESSAGE);
  // The owner's setting: staff without two-factor sign-in may only set it up (and change a temporary password).
  if (!user.twoFactorEnabled && !twoFactorSetup && !temporaryPasswordAllowed) {
    const content = await strapi.service('api::site-content.site-content').cachedContent();
    if (content.security.requireTwoFactor) throw forbidden(TWO_FACTOR_REQUIRED_MESSAGE);
  }
  if (!staffCan(user.staffRole, permission)) throw forbidden(STAFF_FORBIDDEN_MESSAGE);
  // Some permissions need two-factor sign-in even when the shop does not ask it of everyone.
  if (permissionNeedsTwoFactor(permission) && !user.twoFactorEnabled) throw forbidden(PERMISSION_TWO_FACTOR_MESSAGE);
  return user;
}

/**
 * Whether a staff account may still do `permission` now, read from its row (for work that finishes later than the
 * request that started it, such as an OAuth callback): not blocked, with a role that has the permission, with
 * two-factor sign-in on when the permission asks for it, and, given the session the work was started in
 * (`sessionVersion`), that session not ended since (a sign-out, a password change, "Cerrar todas las sesiones", a
 * role lowered).
 */
export async function staffMayStill(staffId: number, permission: StaffPermission, sessionVersion?: number | null): Promise<boolean> {
  const row = (await strapi.db.query(USER_UID).findOne({ where: { id: staffId }, populate: ['role'] })) as UserRow | null;
  if (!row || row.blocked) return false;
  const user = toStaffUser(row);
  if (sessionVersion !== undefined && user.sessionVersion !== sessionVersion) return false;
  if (user.role !== ADMIN_ROLE_TYPE || !staffCan(user.staffRole, permission)) return false;
  return !permissionNeedsTwoFactor(permission) || Boolean(user.twoFactorEnabled);
}

/** The user shape the clients read (the `user` of the login answer, docs/api.md). */
export function publicUser(user: StaffUser) {
  return {
    id: user.id,
    documentId: user.documentId,
    username: user.username,
    email: user.email,
    role: user.role,
    staffRole: user.staffRole,
    ...(user.mustChangePassword ? { mustChangePassword: true as const } : {}),
    ...(user.twoFactorEnabled ? { twoFactorEnabled: true as const } : {}),
    name: user.username || 'Admin',
  };
}
