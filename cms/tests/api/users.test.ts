import { describe, expect, it } from 'vitest';
import { api, adminToken } from '../helpers/api';
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
    const res = await asAdmin('PUT', '/users/profile', { username: 'otro', email: TEST_SHOPPER.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/email/);
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

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const res = await asAdmin('PUT', '/users/password', { currentPassword: TEST_ADMIN.password, newPassword: 'Nueva-Clave-1' });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
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
  });
});
