import { describe, expect, it } from 'vitest';
import { MSG } from '@shop/shared';
import { adminToken, api, shopperToken } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { inviteStaffMember } from '../helpers/staff';

/** The owner's team: invitations with a temporary password, roles, deactivation, and never a shop without an owner. */
describe('managing the team', () => {
  it('gives one account to one e-mail when the same invitation is sent several times at once (the others are 409)', async () => {
    const owner = await adminToken();
    const email = `doble-${Date.now().toString(36)}@test.local`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api('/staff', { body: { name: 'Doble Invitación', email, role: 'catalog' }, token: owner })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toBe('Ya existe una cuenta con ese email');
    const list = await api('/staff', { token: owner });
    expect(list.body.staff.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  });

  it('without a mail server, invites with a temporary password that must be changed before anything else', async () => {
    const owner = await adminToken();
    const email = `vendedora-${Date.now().toString(36)}@test.local`;
    const created = await api('/staff', { body: { name: 'Vendedora Prueba', email, role: 'sales' }, token: owner });
    expect(created.status).toBe(201);
    expect(created.body.staff).toMatchObject({
      name: 'Vendedora Prueba',
      email,
      role: 'sales',
      active: true,
      twoFactorEnabled: false,
      lastSignInAt: null,
    });
    // No SMTP_HOST in this shop: the fallback, no e-mail and no invitation link.
    expect(created.body.invitationSent).toBe(false);
    const temporary: string = created.body.temporaryPassword;
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    const again = await api('/staff', { body: { name: 'Otra', email, role: 'catalog' }, token: owner });
    expect(again.status).toBe(409);

    const login = await api('/auth/login', { body: { email, password: temporary } });
    expect(login.body.user).toMatchObject({ role: 'admin', staffRole: 'sales', mustChangePassword: true });
    const blocked = await api('/orders', { token: login.body.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('Tenés que cambiar la contraseña temporal');
    const changed = await api('/users/password', {
      method: 'PUT',
      token: login.body.token,
      body: { currentPassword: temporary, newPassword: 'Ventas-Nueva-2026' },
    });
    expect(changed.status).toBe(200);
    expect((await api('/orders', { token: changed.body.token })).status).toBe(200);
    expect((await api('/orders/export.csv', { token: changed.body.token })).status).toBe(403);
    expect((await api('/auth/login', { body: { email, password: temporary } })).status).toBe(401);
    const list = await api('/staff', { token: owner });
    const me = list.body.staff.find((s: { email: string }) => s.email === email);
    expect(me.lastSignInAt).toEqual(expect.any(String));
  });

  it('ends a person’s sessions at once when deactivated or given another role, and deletes accounts', async () => {
    const owner = await adminToken();
    const sales = await inviteStaffMember(owner, 'sales');
    expect((await api('/orders', { token: sales.token })).status).toBe(200);
    const off = await api(`/staff/${sales.id}`, { method: 'PUT', token: owner, body: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body.staff.active).toBe(false);
    expect((await api('/orders', { token: sales.token })).status).toBe(401);
    expect((await api('/auth/login', { body: { email: sales.email, password: 'Clave-sales-2026' } })).status).toBe(401);

    const catalog = await inviteStaffMember(owner, 'catalog');
    const promoted = await api(`/staff/${catalog.id}`, { method: 'PUT', token: owner, body: { role: 'sales', name: 'Ahora ventas' } });
    expect(promoted.body.staff).toMatchObject({ role: 'sales', name: 'Ahora ventas' });
    expect((await api('/orders', { token: catalog.token })).status).toBe(401);

    expect((await api(`/staff/${catalog.id}`, { method: 'DELETE', token: owner })).status).toBe(200);
    expect((await api('/staff', { token: owner })).body.staff.map((s: { id: number }) => s.id)).not.toContain(catalog.id);
    expect((await api(`/staff/${catalog.id}`, { method: 'DELETE', token: owner })).status).toBe(404);
  });

  it('never leaves the shop without an active owner', async () => {
    const owner = await adminToken();
    const list = await api('/staff', { token: owner });
    const owners = list.body.staff.filter((s: { role: string; active: boolean }) => s.role === 'owner' && s.active);
    expect(owners).toHaveLength(1);
    const [me] = owners;
    for (const body of [{ role: 'sales' }, { active: false }]) {
      const res = await api(`/staff/${me.id}`, { method: 'PUT', token: owner, body });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/al menos una dueña o dueño activo/);
    }
    expect((await api(`/staff/${me.id}`, { method: 'DELETE', token: owner })).status).toBe(409);
    // With a second owner, the first may step down; the second then is the last one.
    const second = await inviteStaffMember(owner, 'owner');
    expect((await api(`/staff/${me.id}`, { method: 'PUT', token: second.token, body: { name: 'Dueña' } })).status).toBe(200);
    expect((await api(`/staff/${second.id}`, { method: 'PUT', token: owner, body: { role: 'catalog' } })).status).toBe(200);
    expect((await api('/staff', { token: owner })).status).toBe(200);
  });

  it('is the owner’s only: no token, garbage, a shopper, sales and catalog are refused; junk is a 400', async () => {
    const owner = await adminToken();
    const sales = await inviteStaffMember(owner, 'sales');
    const catalog = await inviteStaffMember(owner, 'catalog');
    for (const [method, path, body] of [
      ['GET', '/staff', undefined],
      ['POST', '/staff', { name: 'Intrusa', email: 'intrusa@example.com', role: 'owner' }],
      ['PUT', `/staff/${sales.id}`, { role: 'owner' }],
      ['DELETE', `/staff/${sales.id}`, undefined],
    ] as const) {
      expect((await api(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await api(path, { method, body, token: GARBAGE_TOKEN })).status).toBe(401);
      expect((await api(path, { method, body, token: await shopperToken() })).status).toBe(403);
      for (const token of [sales.token, catalog.token]) expect((await api(path, { method, body, token })).status).toBe(403);
    }
    const junk: Array<[string, string, unknown]> = [
      ['POST', '/staff', { name: '', email: 'x@y.z', role: 'sales' }],
      ['POST', '/staff', { name: 'A', email: 'no-es-email', role: 'sales' }],
      ['POST', '/staff', { name: 'A', email: 'a@b.co', role: 'admin' }],
      ['POST', '/staff', { name: 'A\u0000', email: 'a@b.co', role: 'sales' }],
      ['PUT', `/staff/${sales.id}`, {}],
      ['PUT', `/staff/${sales.id}`, { active: 'si' }],
      ['PUT', '/staff/abc', { name: 'A' }],
      ['DELETE', '/staff/-1', undefined],
    ];
    for (const [method, path, body] of junk) {
      const res = await api(path, { method, body, token: owner });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await api('/staff/999999', { method: 'PUT', token: owner, body: { name: 'Nadie' } })).status).toBe(404);
  });

  it('refuses an invitation link that was never sent: no token, garbage, a shopper, staff and junk (never a password set)', async () => {
    const owner = await adminToken();
    const sales = await inviteStaffMember(owner, 'sales');
    const password = 'Clave-robada-2026';
    // Accounts invited with a temporary password have no invitation token: a guessed one for them is refused.
    for (const token of [undefined, GARBAGE_TOKEN, await shopperToken(), sales.token, owner]) {
      const res = await api('/auth/invitation', { token, body: { token: `${sales.id}.${'A'.repeat(43)}`, password } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.invitation.invalid);
    }
    for (const body of [
      {},
      { token: '' },
      { token: 'x', password: 1 },
      { token: 'x'.repeat(300), password },
      { token: `${sales.id}.`, password },
      [1],
    ]) {
      const res = await api('/auth/invitation', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await api('/auth/login', { body: { email: sales.email, password } })).status).toBe(401);
  });
});
