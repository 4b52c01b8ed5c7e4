import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderApp, ADMIN_USER } from '@/test/render';
import { mockApi, type MockReply } from '@/test/mock-api';
import { LoginPage } from './login-page';

const CHALLENGE = '1.desafio-de-prueba';

/** The login page, and the password change a new session with a temporary password goes to (the dashboard is renderApp's). */
function renderLogin() {
  renderApp(
    <Routes>
      <Route path="/ingreso" element={<LoginPage />} />
      <Route path="/settings" element={<p>Cambio de contraseña</p>} />
    </Routes>,
    { route: '/ingreso' },
  );
}

function setup(verifyReply: MockReply = { data: { token: 'jwt-2fa', user: { ...ADMIN_USER, twoFactorEnabled: true } } }) {
  const calls = mockApi({
    'POST /auth/login': () => ({ data: { twoFactorRequired: true, challenge: CHALLENGE } }),
    'POST /auth/2fa/verify': () => verifyReply,
  });
  renderLogin();
  return { calls, user: userEvent.setup() };
}

async function passPasswordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'admin@jazminlenceria.com.ar');
  await user.type(screen.getByLabelText('Contraseña'), 'clave-buena');
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  return screen.findByLabelText('Código de verificación');
}

describe('login with two-factor sign-in', () => {
  it('asks for the code after the password, sends it with the challenge and signs in', async () => {
    const { calls, user } = setup();
    const code = await passPasswordStep(user);
    expect(screen.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/código de 6 dígitos .* códigos de recuperación/);
    expect(window.localStorage.getItem('adminToken')).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Dashboard destino')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/auth/2fa/verify')?.body).toEqual({ challenge: CHALLENGE, code: '123456' });
    expect(window.localStorage.getItem('adminToken')).toBe('jwt-2fa');
    expect(JSON.parse(window.localStorage.getItem('adminUser') ?? '{}')).toMatchObject({ twoFactorEnabled: true, staffRole: 'owner' });
  });

  it('checks the code before sending it', async () => {
    const { calls, user } = setup();
    const code = await passPasswordStep(user);
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText('El código debe tener 6 dígitos (o ser un código de recuperación)')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(/El código debe tener 6 dígitos/);
    expect(calls.some((c) => c.url === '/auth/2fa/verify')).toBe(false);
  });

  it("shows the server's message for a wrong code and keeps the step", async () => {
    const { user } = setup({ status: 401, data: { message: 'Código incorrecto o vencido' } });
    const code = await passPasswordStep(user);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código incorrecto o vencido');
    expect(screen.getByLabelText('Código de verificación')).toHaveAccessibleDescription(/Código incorrecto o vencido/);
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it('accepts a recovery code with the full keyboard', async () => {
    const { calls, user } = setup();
    await passPasswordStep(user);
    await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
    const code = screen.getByLabelText('Código de verificación');
    expect(code).toHaveAttribute('inputmode', 'text');
    await user.type(code, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Dashboard destino')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/auth/2fa/verify')?.body).toEqual({ challenge: CHALLENGE, code: 'abcde-12345' });
  });

  it("'Volver' returns to the password step with the e-mail kept", async () => {
    const { user } = setup();
    await passPasswordStep(user);
    await user.click(screen.getByRole('button', { name: /Volver$/ }));
    expect(screen.queryByLabelText('Código de verificación')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@jazminlenceria.com.ar');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
  });

  it('sends an account with a temporary password to the password change', async () => {
    mockApi({
      'POST /auth/login': () => ({ data: { token: 'jwt-temp', user: { ...ADMIN_USER, staffRole: 'sales', mustChangePassword: true } } }),
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ventas@jazminlenceria.com.ar');
    await user.type(screen.getByLabelText('Contraseña'), 'temporal-a1');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('Cambio de contraseña')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('adminUser') ?? '{}')).toMatchObject({ staffRole: 'sales', mustChangePassword: true });
  });
});
