import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ApiUser } from '@shop/shared';
import { ROUTER_FUTURE } from '@/config/router';
import { AuthProvider, LoginPage, RequireAdmin } from '@/features/auth';
import { ADMIN_USER, signInStorage, testQueryClient } from '@/test/render';
import { mockApi, type MockRoutes } from '@/test/mock-api';
import { SettingsPage } from './settings-page';
import { otpauthQrDataUrl } from './otpauth-qr';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Jaz%C3%ADn%20Lencer%C3%ADa%3Aadmin%40jazminlenceria.com.ar?secret=${SECRET}&issuer=Jazm%C3%ADn+Lencer%C3%ADa`;
const CODES = ['a1b2c-3d4e5', 'f6a7b-8c9d0', '11111-22222', '33333-44444', '55555-66666', '77777-88888', '99999-00000', 'abcde-fabcd'];

/** The settings at /settings and the real login at /login (where a session that ended goes). */
function setup(user: ApiUser, routes: MockRoutes = {}) {
  signInStorage(user);
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'POST /auth/2fa/setup': () => ({ data: { secret: SECRET, otpauthUrl: OTPAUTH } }),
    'POST /auth/2fa/enable': () => ({ data: { recoveryCodes: CODES } }),
    'POST /auth/2fa/disable': () => ({ data: { message: 'Verificación en dos pasos desactivada' } }),
    'POST /auth/logout': () => ({ status: 401, data: { message: 'Sesión inválida o expirada' } }),
    ...routes,
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={['/settings']} future={ROUTER_FUTURE}>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route
              path="/settings"
              element={
                <RequireAdmin>
                  <SettingsPage />
                </RequireAdmin>
              }
            />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

async function openSection(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Seguridad' }));
  return within(screen.getByRole('region', { name: 'Verificación en dos pasos' }));
}

describe('Verificación en dos pasos (settings)', () => {
  it('turns it on: the key grouped for the app, its link, a code, then the recovery codes once', async () => {
    const { calls, user } = setup(ADMIN_USER);
    const section = await openSection(user);
    expect(section.getByTestId('two-factor-state')).toHaveTextContent('Desactivada');
    await user.click(section.getByRole('button', { name: 'Activar' }));

    expect(await section.findByText('Escaneá o cargá la clave en tu app (Google Authenticator, Authy…).')).toBeInTheDocument();
    expect(section.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(section.getByRole('link', { name: /abrir la clave en la app de autenticación/ })).toHaveAttribute('href', OTPAUTH);
    // The QR code beside the key holds the otpauth:// address, with a text for screen readers.
    const qr = await section.findByRole('img', { name: /Código QR de la clave/ });
    expect(qr).toHaveAttribute('src', await otpauthQrDataUrl(OTPAUTH));
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg /);
    await user.click(section.getByRole('button', { name: 'Copiar la clave' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const code = section.getByLabelText(/^Código de la app/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(section.getByRole('button', { name: 'Confirmar y activar' }));

    const codes = await section.findByRole('list', { name: 'Códigos de recuperación' });
    expect(calls.find((c) => c.url === '/auth/2fa/enable')?.body).toEqual({ code: '123456' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(section.getByText(/no se vuelven a mostrar/)).toBeInTheDocument();
    expect(section.getByRole('heading', { name: 'Tus códigos de recuperación' })).toHaveFocus();
    await user.click(section.getByRole('button', { name: 'Copiar los códigos de recuperación' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(section.getByTestId('two-factor-state')).toHaveTextContent('Activa');
    expect(JSON.parse(window.localStorage.getItem('adminUser') ?? '{}')).toMatchObject({ twoFactorEnabled: true });

    await user.click(section.getByRole('button', { name: 'Ya los guardé' }));
    expect(section.queryByText(CODES[0]!)).not.toBeInTheDocument();
    expect(await section.findByRole('button', { name: 'Desactivar' })).toHaveFocus();
  });

  it('checks the code, and shows the server refusing a wrong one', async () => {
    const { calls, user } = setup(ADMIN_USER, {
      'POST /auth/2fa/enable': () => ({ status: 400, data: { message: 'Código incorrecto o vencido' } }),
    });
    const section = await openSection(user);
    await user.click(section.getByRole('button', { name: 'Activar' }));
    const code = await section.findByLabelText(/^Código de la app/);
    await user.click(section.getByRole('button', { name: 'Confirmar y activar' }));
    expect(code).toHaveAccessibleDescription('El código debe tener 6 dígitos (o ser un código de recuperación)');
    expect(calls.some((c) => c.url === '/auth/2fa/enable')).toBe(false);

    await user.type(code, '000000');
    await user.click(section.getByRole('button', { name: 'Confirmar y activar' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Código incorrecto o vencido');
    expect(code).toHaveAccessibleDescription('Código incorrecto o vencido');
    expect(section.getByTestId('two-factor-state')).toHaveTextContent('Desactivada');
  });

  it("'Cancelar' leaves it off", async () => {
    const { user } = setup(ADMIN_USER);
    const section = await openSection(user);
    await user.click(section.getByRole('button', { name: 'Activar' }));
    await user.click(await section.findByRole('button', { name: 'Cancelar' }));
    expect(section.queryByTestId('two-factor-secret')).not.toBeInTheDocument();
    expect(await section.findByRole('button', { name: 'Activar' })).toHaveFocus();
  });

  it('turns it off with the password and a code, then signs in again', async () => {
    const { calls, user } = setup({ ...ADMIN_USER, twoFactorEnabled: true });
    const section = await openSection(user);
    expect(section.getByTestId('two-factor-state')).toHaveTextContent('Activa');
    await user.click(section.getByRole('button', { name: 'Desactivar' }));
    const password = section.getByLabelText(/^Contraseña actual/);
    expect(password).toHaveFocus();
    await user.click(section.getByRole('button', { name: 'Desactivar verificación' }));
    expect(password).toHaveAccessibleDescription('La contraseña es requerida');
    expect(calls.some((c) => c.url === '/auth/2fa/disable')).toBe(false);

    await user.type(password, 'clave-actual');
    await user.type(section.getByLabelText(/^Código de verificación/), '654321');
    await user.click(section.getByRole('button', { name: 'Desactivar verificación' }));
    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verificación en dos pasos desactivada. Por seguridad se cerraron tus sesiones');
    expect(calls.find((c) => c.url === '/auth/2fa/disable')?.body).toEqual({ password: 'clave-actual', code: '654321' });
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it('keeps it on when the server refuses the password', async () => {
    const { user } = setup(
      { ...ADMIN_USER, twoFactorEnabled: true },
      { 'POST /auth/2fa/disable': () => ({ status: 400, data: { message: 'La contraseña actual es incorrecta.' } }) },
    );
    const section = await openSection(user);
    await user.click(section.getByRole('button', { name: 'Desactivar' }));
    await user.type(section.getByLabelText(/^Contraseña actual/), 'mala');
    await user.type(section.getByLabelText(/^Código de verificación/), '654321');
    await user.click(section.getByRole('button', { name: 'Desactivar verificación' }));
    expect(await section.findByRole('alert')).toHaveTextContent('La contraseña actual es incorrecta.');
    expect(window.localStorage.getItem('adminToken')).toBe('test-token');
    expect(screen.queryByTestId('login-page')).not.toBeInTheDocument();
  });
});

describe('temporary password (settings)', () => {
  it('shows only the password change with the banner, then the rest once it is changed', async () => {
    const { calls, user } = setup(
      { ...ADMIN_USER, staffRole: 'sales', mustChangePassword: true },
      { 'PUT /users/password': () => ({ data: { message: 'Contraseña actualizada exitosamente', token: 'token-nuevo' } }) },
    );
    expect(await screen.findByText('Tenés que cambiar la contraseña temporal antes de seguir.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verificación en dos pasos' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Contraseña actual/), 'temporal-a1');
    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'nueva-456');
    await user.type(screen.getByLabelText(/^Confirmar nueva contraseña/), 'nueva-456');
    await user.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));

    expect(await screen.findByText('Contraseña actualizada exitosamente! Ya podés usar todo el panel.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/users/password')?.body).toEqual({ currentPassword: 'temporal-a1', newPassword: 'nueva-456' });
    expect(screen.queryByText('Tenés que cambiar la contraseña temporal antes de seguir.')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(window.localStorage.getItem('adminToken')).toBe('token-nuevo');
    expect(JSON.parse(window.localStorage.getItem('adminUser') ?? '{}')).toMatchObject({ mustChangePassword: false });
  });
});
