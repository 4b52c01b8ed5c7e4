import { z } from 'zod';
import { apiUserSchema, type ApiUser } from '@shop/shared';

/** The signed-in staff member as the panel keeps it (the `user` of the login answer, docs/api.md). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: string;
  name: string;
}

/** The server's account (`/auth/*` and `/users/profile` answers) as the panel keeps it. */
export function toSessionUser(user: ApiUser): SessionUser {
  return { id: String(user.id), username: user.username, email: user.email, role: user.role.toLowerCase(), name: user.name || 'Admin' };
}

/** The server's account, or null when the value is not one. */
export function parseSessionUser(value: unknown): SessionUser | null {
  const parsed = apiUserSchema.safeParse(value);
  return parsed.success ? toSessionUser(parsed.data) : null;
}

// What persistUser wrote in storage.
const storedUserSchema = z.object({ id: z.string(), username: z.string(), email: z.string(), role: z.string(), name: z.string() });

/** Stored JSON -> user; anything unreadable gives null (and the caller discards it). */
export function parseStoredUser(json: string | null): SessionUser | null {
  if (!json) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
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
