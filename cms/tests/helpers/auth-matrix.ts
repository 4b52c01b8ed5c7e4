import { expect } from 'vitest';
import { api, adminToken, shopperToken } from './api';

export const GARBAGE_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.firma-falsa';

/**
 * The admin columns of the auth matrix for one route: no token and a garbage token -> 401, a signed-in
 * non-admin -> 403, each with a Spanish message. (The admin column is checked by each route's own tests.)
 */
export async function expectAdminOnly(method: string, path: string, body?: unknown): Promise<void> {
  const anonymous = await api(path, { method, body });
  expect(anonymous.status, `${method} ${path} without token`).toBe(401);
  expect(anonymous.body.message).toMatch(/inicia sesión/);
  const garbage = await api(path, { method, body, token: GARBAGE_TOKEN });
  expect(garbage.status, `${method} ${path} with a garbage token`).toBe(401);
  expect(typeof garbage.body.message).toBe('string');
  const shopper = await api(path, { method, body, token: await shopperToken() });
  expect(shopper.status, `${method} ${path} as a non-admin user`).toBe(403);
  expect(shopper.body.message).toMatch(/permisos/);
}

export async function asAdmin(method: string, path: string, body?: unknown) {
  return api(path, { method, body, token: await adminToken() });
}
