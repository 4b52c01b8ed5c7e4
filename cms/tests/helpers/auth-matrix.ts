import { expect } from 'vitest';
import { PERMISSION_TWO_FACTOR_MESSAGE, STAFF_FORBIDDEN_MESSAGE } from '@shop/shared';
import { api, adminToken, shopperToken, type ApiAnswer } from './api';

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

/**
 * The columns of a route for the owner with two-factor sign-in on: no token and a garbage token -> 401, other staff ->
 * 403 for their role, the owner herself -> 403 until she turns two-factor sign-in on; `label` names the route.
 */
export async function expectOwnerWithTwoFactorOnly(
  label: string,
  as: (token: string | null) => Promise<ApiAnswer>,
  { staff, owner }: { staff: string[]; owner: string },
): Promise<void> {
  expect((await as(null)).status, label).toBe(401);
  expect((await as(GARBAGE_TOKEN)).status, label).toBe(401);
  for (const token of staff) {
    const refused = await as(token);
    expect(refused.status, label).toBe(403);
    expect(refused.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
  }
  const withoutTwoFactor = await as(owner);
  expect(withoutTwoFactor.status, label).toBe(403);
  expect(withoutTwoFactor.body.message).toBe(PERMISSION_TWO_FACTOR_MESSAGE);
}
