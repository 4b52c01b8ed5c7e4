import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { deferred, mockApi } from '@/test/mock-api';
import { getOrders } from '@/features/orders';
import { RequireAdmin } from './require-admin';

const protectedPage = (
  <RequireAdmin>
    <p>Contenido protegido</p>
  </RequireAdmin>
);

describe('RequireAdmin guard', () => {
  it('shows the loading screen while the stored session is being checked, then the page for an admin', async () => {
    signInStorage();
    const check = deferred<{ data: unknown }>();
    const calls = mockApi({ 'GET /auth/check': () => check.promise });

    renderApp(protectedPage, { route: '/settings' });

    expect(screen.getByText('Cargando autenticación...')).toBeInTheDocument();
    expect(screen.queryByText('Contenido protegido')).not.toBeInTheDocument();

    check.resolve({ data: { user: ADMIN_USER } });
    expect(await screen.findByText('Contenido protegido')).toBeInTheDocument();
    expect(screen.queryByText('Cargando autenticación...')).not.toBeInTheDocument();
    expect(calls[0]?.url).toBe('/auth/check');
  });

  it('sends a visitor without a session to the login without calling the API', async () => {
    const calls = mockApi({});
    renderApp(protectedPage, { route: '/orders' });
    expect(await screen.findByText('Pantalla de login')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends a signed-in user who is not an admin to the login', async () => {
    signInStorage({ ...ADMIN_USER, role: 'authenticated' });
    mockApi({ 'GET /auth/check': () => ({ data: { user: { ...ADMIN_USER, role: 'authenticated' } } }) });
    renderApp(protectedPage, { route: '/orders/abc' });
    expect(await screen.findByText('Pantalla de login')).toBeInTheDocument();
    expect(screen.queryByText('Contenido protegido')).not.toBeInTheDocument();
  });

  it('ends the session when the server rejects the stored token', async () => {
    signInStorage();
    mockApi({ 'GET /auth/check': () => ({ status: 401, data: { message: 'Token inválido' } }) });
    renderApp(protectedPage, { route: '/settings' });
    expect(await screen.findByText('Pantalla de login')).toBeInTheDocument();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('adminUser')).toBeNull();
  });

  it('discards an unreadable stored user', async () => {
    window.localStorage.setItem('adminUser', '{esto no es json');
    mockApi({});
    renderApp(protectedPage, { route: '/settings' });
    expect(await screen.findByText('Pantalla de login')).toBeInTheDocument();
    expect(window.localStorage.getItem('adminUser')).toBeNull();
  });

  it('keeps the stored admin session when the server cannot be reached', async () => {
    signInStorage();
    mockApi({}); // no route: network failure
    renderApp(protectedPage, { route: '/settings' });
    await waitFor(() => expect(screen.getByText('Contenido protegido')).toBeInTheDocument());
  });
});

describe('expired session', () => {
  it('goes back to the login when an API call answers 401', async () => {
    signInStorage();
    mockApi({
      'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
      'GET /orders': () => ({ status: 401, data: { message: 'Sesión expirada' } }),
    });
    renderApp(
      <RequireAdmin>
        <button type="button" onClick={() => void getOrders({ page: 1, limit: 20, status: '', date: '' }).catch(() => undefined)}>
          Cargar órdenes
        </button>
      </RequireAdmin>,
      { route: '/settings' },
    );
    (await screen.findByRole('button', { name: 'Cargar órdenes' })).click();
    expect(await screen.findByText('Pantalla de login')).toBeInTheDocument();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
  });
});
