import { expect } from 'vitest';
import type { StaffRole } from '@shop/shared';
import { api } from './api';

let invited = 0;

/**
 * Invites a staff member with this role (as the owner's team screen does), signs in with the temporary password
 * and changes it, as the first sign-in must. Answers the account's token and its id.
 */
export async function inviteStaffMember(
  ownerToken: string,
  role: StaffRole,
  baseUrl?: string,
): Promise<{ token: string; id: number; email: string }> {
  invited += 1;
  const email = `${role}-${Date.now().toString(36)}-${invited}@test.local`;
  const created = await api('/staff', { body: { name: `Prueba ${role} ${invited}`, email, role }, token: ownerToken, baseUrl });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const first = await api('/auth/login', { body: { email, password: created.body.temporaryPassword }, baseUrl });
  expect(first.status).toBe(200);
  const newPassword = `Clave-${role}-2026`;
  const changed = await api('/users/password', {
    method: 'PUT',
    token: first.body.token,
    body: { currentPassword: created.body.temporaryPassword, newPassword },
    baseUrl,
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  return { token: changed.body.token, id: created.body.staff.id, email };
}

export async function inviteStaff(ownerToken: string, role: StaffRole, baseUrl?: string): Promise<string> {
  return (await inviteStaffMember(ownerToken, role, baseUrl)).token;
}
