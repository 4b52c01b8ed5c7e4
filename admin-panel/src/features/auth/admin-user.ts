import { z } from 'zod';

/** The signed-in staff member as the panel keeps it (spec §3 "Admin user"). */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: string;
  name: string;
}

const rawUserSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  _id: z.union([z.string(), z.number()]).optional(),
  documentId: z.string().optional(),
  username: z.string().nullish(),
  email: z.string(),
  role: z.union([z.string(), z.object({ type: z.string().optional(), name: z.string().optional() })]).nullish(),
  name: z.string().nullish(),
  firstName: z.string().nullish(),
});

/** Accepts the server's user (id or _id, name or firstName) and returns null when it is unreadable. */
export function parseSessionUser(value: unknown): SessionUser | null {
  const parsed = rawUserSchema.safeParse(value);
  if (!parsed.success) return null;
  const u = parsed.data;
  const id = u.id ?? u._id ?? u.documentId;
  if (id === undefined) return null;
  const role = typeof u.role === 'string' ? u.role : (u.role?.type ?? u.role?.name ?? '');
  return {
    id: String(id),
    username: u.username ?? '',
    email: u.email,
    role: role.toLowerCase(),
    name: u.name || u.firstName || 'Admin',
  };
}

/** Stored JSON -> user; anything unreadable gives null (and the caller discards it). */
export function parseStoredUser(json: string | null): SessionUser | null {
  if (!json) return null;
  try {
    return parseSessionUser(JSON.parse(json));
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
