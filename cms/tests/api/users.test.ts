import { describe, expect, it } from 'vitest';
import { MSG } from '@shop/shared';
import { api, adminToken, forgetTokens } from '../helpers/api';
import { asAdmin, expectAdminOnly } from '../helpers/auth-matrix';
import { TEST_ADMIN, TEST_SHOPPER } from '../helpers/strapi-process';

describe('PUT /users/profile', () => {
  it('is admin only', async () => {
    await expectAdminOnly('PUT', '/users/profile', { username: 'x', email: 'x@y.zz' });
  });

  it('updates the username and e-mail and answers {user}', async () => {
    const before = await api('/auth/check', { token: await adminToken() });
    const res = await asAdmin('PUT', '/users/profile', { username: 'jazmin-admin', email: TEST_ADMIN.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'jazmin-admin', email: TEST_ADMIN.email, role: 'admin' });
    const check = await api('/auth/check', { token: await adminToken() });
    expect(check.body.user.username).toBe('jazmin-admin');
    const back = await asAdmin('PUT', '/users/profile', { username: before.body.user.username, email: TEST_ADMIN.email });
    expect(back.status).toBe(200);
  });

  it('refuses an e-mail that belongs to another user (409)', async () => {
    const res = await asAdmin('PUT', '/users/profile', {
      username: 'otro',
      email: TEST_SHOPPER.email,
      currentPassword: TEST_ADMIN.password,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/email/);
  });

  it('asks for the current password to change the e-mail (the sign-in name)', async () => {
    const profile = { username: 'admin-nuevo-email', email: 'otra-direccion@test.local' };
    const without = await asAdmin('PUT', '/users/profile', profile);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(MSG.password.neededForEmail);
    const wrong = await asAdmin('PUT', '/users/profile', { ...profile, currentPassword: 'no-es-la-clave' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.password.wrongCurrent);
    expect((await api('/auth/check', { token: await adminToken() })).body.user.email).toBe(TEST_ADMIN.email);

    const right = await asAdmin('PUT', '/users/profile', { ...profile, currentPassword: TEST_ADMIN.password });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(profile.email);
    const back = await asAdmin('PUT', '/users/profile', {
      username: 'admin',
      email: TEST_ADMIN.email,
      currentPassword: TEST_ADMIN.password,
    });
    expect(back.status).toBe(200);
  });

  it.each([
    [{ email: 'a@b.co' }, 'El nombre de usuario es requerido'],
    [{ username: 'x' }, 'El email es requerido'],
    [{ username: 'x', email: 'no-es-email' }, 'Formato de email inválido'],
    [{ username: 7, email: 'a@b.co' }, 'El nombre de usuario es requerido'],
  ])('refuses %j with a Spanish 400', async (body, message) => {
    const res = await asAdmin('PUT', '/users/profile', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('PUT /users/password', () => {
  it('is admin only', async () => {
    await expectAdminOnly('PUT', '/users/password', { currentPassword: 'a', newPassword: 'abcdef' });
  });

  it.each([
    [{ newPassword: 'abcdef' }, 'La contraseña actual es requerida.'],
    [{ currentPassword: TEST_ADMIN.password }, 'La nueva contraseña es requerida.'],
    [{ currentPassword: TEST_ADMIN.password, newPassword: 'abc' }, 'La nueva contraseña debe tener al menos 6 caracteres.'],
  ])('refuses %j with the spec message', async (body, message) => {
    const res = await asAdmin('PUT', '/users/password', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a wrong current password', async () => {
    const res = await asAdmin('PUT', '/users/password', { currentPassword: 'incorrecta', newPassword: 'Nueva-Clave-1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/actual/);
  });

  it('changes the password: the new one signs in, the old one no longer does, earlier tokens end', async () => {
    const before = await adminToken();
    const otherDevice = await api('/auth/login', { body: TEST_ADMIN });
    const res = await asAdmin('PUT', '/users/password', { currentPassword: TEST_ADMIN.password, newPassword: 'Nueva-Clave-1' });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    // Every token issued before the change is refused, on this device and on any other; the answer's token works.
    for (const token of [before, otherDevice.body.token as string]) {
      expect((await api('/auth/check', { token })).status).toBe(401);
      expect((await api('/orders', { token })).status).toBe(401);
    }
    expect((await api('/orders', { token: res.body.token })).status).toBe(200);
    forgetTokens();
    const old = await api('/auth/login', { body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } });
    expect(old.status).toBe(401);
    const fresh = await api('/auth/login', { body: { email: TEST_ADMIN.email, password: 'Nueva-Clave-1' } });
    expect(fresh.status).toBe(200);
    const restore = await api('/users/password', {
      method: 'PUT',
      body: { currentPassword: 'Nueva-Clave-1', newPassword: TEST_ADMIN.password },
      token: fresh.body.token,
    });
    expect(restore.status).toBe(200);
    expect((await api('/auth/check', { token: fresh.body.token })).status).toBe(401);
    forgetTokens();
  });
});
