import { z } from 'zod';
import { apiUserSchema, STAFF_ROLES, type ApiUser, type StaffRole } from '@shop/shared';

/** The signed-in staff member as the panel keeps it (the `user` of the login answer, docs/api.md). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: string;
  name: string;
  /** What the back office lets this person use (docs/security.md §16). */
  staffRole: StaffRole;
  /** Still signing in with the temporary password of the invitation: only the password change is open. */
  mustChangePassword: boolean;
  /** Signs in with a second step (an authenticator app code). */
  twoFactorEnabled: boolean;
}

/**
 * The server's account (`/auth/*` and `/users/profile` answers) as the panel keeps it. An account without a staff
 * role is an owner: the server made every account from before roles one.
 */
export function toSessionUser(user: ApiUser): SessionUser {
  return {
    id: String(user.id),
    username: user.username,
    email: user.email,
    role: user.role.toLowerCase(),
    name: user.name || 'Admin',
    staffRole: user.staffRole ?? 'owner',
    mustChangePassword: user.mustChangePassword === true,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}

/** The server's account, or null when the value is not one. */
export function parseSessionUser(value: unknown): SessionUser | null {
  const parsed = apiUserSchema.safeParse(value);
  return parsed.success ? toSessionUser(parsed.data) : null;
}

// What persistUser wrote in storage; sessions stored before staff roles lack the last three fields.
const storedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  name: z.string(),
  staffRole: z.enum(STAFF_ROLES).nullish(),
  mustChangePassword: z.boolean().optional(),
  twoFactorEnabled: z.boolean().optional(),
});

/** Stored JSON -> user; anything unreadable gives null (and the caller discards it). */
export function parseStoredUser(json: string | null): SessionUser | null {
  if (!json) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { staffRole, mustChangePassword, twoFactorEnabled, ...user } = parsed.data;
    return {
      ...user,
      staffRole: staffRole ?? 'owner',
      mustChangePassword: mustChangePassword ?? false,
      twoFactorEnabled: twoFactorEnabled ?? false,
    };
  } catch {
    return null;
  }
}

export function isAdmin(user: SessionUser | null): boolean {
  return user?.role === 'admin';
}

/** Sidebar name: username, else the part of the e-mail before '@', else 'Admin'. */
export function displayName(user: SessionUser | null): string {
  if (!user) return 'Admin';
  if (user.username.trim()) return user.username;
  const local = user.email.split('@')[0] ?? '';
  return local.trim() || 'Admin';
}
