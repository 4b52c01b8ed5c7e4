import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@shop/shared';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { bodyOf, mockApi, type MockReply } from '@/test/mock-api';
import { RequireAdmin } from '@/features/auth';
import { SettingsPage } from './settings-page';

function setup(passwordReply: MockReply = { data: { message: 'Contraseña actualizada exitosamente', token: 'token-nuevo' } }) {
  signInStorage();
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
    'PUT /users/password': () => passwordReply,
    'PUT /users/profile': (request) => ({ data: { user: { ...ADMIN_USER, ...bodyOf(request) } } }),
  });
  renderApp(
    <RequireAdmin>
      <SettingsPage />
    </RequireAdmin>,
    { route: '/settings', path: '/settings' },
  );
  return { calls, user: userEvent.setup() };
}

/** Opens the security tab and fills a password change from `currentPassword` to 'nueva-456'. */
async function fillPasswordChange(user: ReturnType<typeof userEvent.setup>, currentPassword: string) {
  await user.click(await screen.findByRole('tab', { name: 'Seguridad' }));
  await user.type(screen.getByLabelText(/^Contraseña actual/), currentPassword);
  await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-456');
  await user.type(screen.getByLabelText(/^Confirmar nueva contraseña/), 'nueva-456');
}

describe('settings', () => {
  it('validates the password change with the spec texts', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Seguridad' }));
    await user.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(screen.getByText(MSG.password.currentRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.password.newRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Contraseña actual/), 'vieja-123');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), '12345');
    await user.type(screen.getByLabelText(/^Confirmar nueva contraseña/), '123456');
    await user.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(screen.getByText(MSG.password.tooShort)).toBeInTheDocument();
    expect(screen.getByText(MSG.password.mismatch)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('sends current and new password, then clears the fields', async () => {
    const { user, calls } = setup();
    await fillPasswordChange(user, 'vieja-123');
    await user.click(screen.getByRole('button', { name: 'Mostrar nueva contraseña' }));
    expect(screen.getByLabelText(/^Nueva contraseña/)).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(await screen.findByText('Contraseña actualizada exitosamente!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/users/password')?.body).toEqual({ currentPassword: 'vieja-123', newPassword: 'nueva-456' });
    expect(screen.getByLabelText(/^Contraseña actual/)).toHaveValue('');
  });

  it("shows the server's error when the current password is wrong", async () => {
    const { user } = setup({ status: 400, data: { message: 'La contraseña actual es incorrecta' } });
    await fillPasswordChange(user, 'mala-123');
    await user.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(await screen.findByText('La contraseña actual es incorrecta')).toBeInTheDocument();
  });

  it('keeps the fresh token the server answers after a password change (earlier ones ended)', async () => {
    const { user } = setup({ data: { message: 'Contraseña actualizada exitosamente', token: 'token-nuevo' } });
    await fillPasswordChange(user, 'vieja-123');
    await user.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(await screen.findByText('Contraseña actualizada exitosamente!')).toBeInTheDocument();
    expect(window.localStorage.getItem('adminToken')).toBe('token-nuevo');
  });

  it('asks for the current password before changing the e-mail', async () => {
    const { user, calls } = setup();
    const email = await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText(/^Contraseña actual/)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'nueva@jazminlenceria.com.ar');
    const password = screen.getByLabelText(/^Contraseña actual/);
    expect(password).toHaveAccessibleDescription(/confirma tu contraseña actual/);
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(screen.getByText(MSG.password.neededForEmail)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(password, 'clave-actual');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Perfil actualizado exitosamente!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/users/profile')?.body).toEqual({
      username: ADMIN_USER.username,
      email: 'nueva@jazminlenceria.com.ar',
      currentPassword: 'clave-actual',
    });
  });

  it('asks for both username and e-mail in one banner, and names a malformed e-mail', async () => {
    const { user, calls } = setup();
    const username = await screen.findByLabelText(/^Nombre de usuario/);
    await user.clear(username);
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(screen.getByText(MSG.profile.required)).toBeInTheDocument();
    await user.type(username, 'jazmin');
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'jazmin@');
    await user.type(screen.getByLabelText(/^Contraseña actual/), 'clave-actual');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(screen.getByText('Formato de email inválido')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('updates the profile and the stored user', async () => {
    const { user, calls } = setup();
    const username = await screen.findByLabelText(/^Nombre de usuario/);
    await user.clear(username);
    await user.type(username, 'jazmin-admin');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Perfil actualizado exitosamente!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/users/profile')?.body).toEqual({ username: 'jazmin-admin', email: ADMIN_USER.email });
    expect(JSON.parse(window.localStorage.getItem('adminUser') ?? '{}')).toMatchObject({ username: 'jazmin-admin', role: 'admin' });
  });
});
