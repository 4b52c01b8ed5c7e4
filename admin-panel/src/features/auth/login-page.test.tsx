import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { LoginPage } from './login-page';

function fill(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  return (async () => {
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Contraseña'), password);
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  })();
}

describe('login page', () => {
  it('requires e-mail and password before calling the API', async () => {
    const calls = mockApi({});
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    const user = userEvent.setup();
    await fill(user, '', '');
    expect(screen.getByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: /Volver a la tienda/ })).toHaveAttribute('href', '/');
  });

  it("shows 'Credenciales inválidas' when the server refuses", async () => {
    mockApi({ 'POST /auth/login': () => ({ status: 401, data: { message: 'Credenciales inválidas' } }) });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await fill(userEvent.setup(), 'admin@jazminlenceria.com.ar', 'mala');
    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciales inválidas');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it("shows 'Error al iniciar sesión' when the server cannot be reached", async () => {
    mockApi({});
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await fill(userEvent.setup(), 'admin@jazminlenceria.com.ar', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al iniciar sesión');
  });

  it('stores the session and goes to the dashboard', async () => {
    const calls = mockApi({ 'POST /auth/login': () => ({ data: { token: 'jwt-1', user: ADMIN_USER } }) });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await fill(userEvent.setup(), 'admin@jazminlenceria.com.ar', 'CambiarEsta123');
    expect(await screen.findByText('Dashboard destino')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'admin@jazminlenceria.com.ar', password: 'CambiarEsta123' });
    expect(window.localStorage.getItem('adminToken')).toBe('jwt-1');
    expect(JSON.parse(window.localStorage.getItem('adminUser') ?? '{}')).toMatchObject({ email: ADMIN_USER.email, role: 'admin' });
  });

  it('refuses a user who is not an admin', async () => {
    mockApi({
      'POST /auth/login': () => ({ data: { token: 'jwt-2', user: { ...ADMIN_USER, role: 'authenticated' } } }),
    });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    await fill(userEvent.setup(), 'cliente@example.com', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(/permisos de administrador/);
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });

  it('sends an already signed-in admin to the dashboard', async () => {
    signInStorage();
    mockApi({ 'GET /auth/check': () => ({ data: { user: ADMIN_USER } }) });
    renderApp(<LoginPage />, { route: '/login', path: '/login' });
    expect(await screen.findByText('Dashboard destino')).toBeInTheDocument();
  });
});
