import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  STAFF_SIDEBAR_ROLE_LABELS,
  TEMPORARY_PASSWORD_MESSAGE,
  TWO_FACTOR_REQUIRED_MESSAGE,
  type ApiUser,
  type StaffRole,
} from '@shop/shared';
import { ROUTER_FUTURE } from '@/config/router';
import { AuthProvider, toSessionUser } from '@/features/auth';
import { ADMIN_USER, signInStorage, testQueryClient } from '@/test/render';
import { mockApi, type MockRoutes } from '@/test/mock-api';
import { AppRoutes } from './app-routes';

/** The whole back office at `route`, as main.tsx mounts it. */
function renderAt(route: string) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Signed in as `user`; the server confirms the session and answers `routes`. */
function signedIn(user: ApiUser, routes: MockRoutes = {}) {
  signInStorage(user);
  return mockApi({ 'GET /auth/check': () => ({ data: { user } }), ...routes });
}

const as = (staffRole: StaffRole, over: Partial<ApiUser> = {}): ApiUser => ({ ...ADMIN_USER, staffRole, ...over });

const STAFF = [
  { id: 1, name: 'Jazmín', email: ADMIN_USER.email, role: 'owner', active: true, twoFactorEnabled: false, lastSignInAt: null },
];

async function expectForbidden() {
  const page = await screen.findByTestId('forbidden-page');
  expect(within(page).getByRole('heading', { level: 1, name: 'No tenés permiso para ver esta pantalla' })).toBeInTheDocument();
  expect(within(page).getByRole('link', { name: /Volver al dashboard/ })).toHaveAttribute('href', '/dashboard');
}

describe('screens by role', () => {
  it.each([
    ['sales', '/products/new'],
    ['sales', '/products/edit/abc'],
    ['sales', '/products/stock'],
    ['sales', '/content'],
    ['sales', '/team'],
    ['sales', '/activity'],
    ['catalog', '/orders'],
    ['catalog', '/orders/abc'],
    ['catalog', '/orders/dispatch'],
    ['catalog', '/proofs'],
    ['catalog', '/emails'],
    ['catalog', '/team'],
  ] as const)('a %s account opening %s sees the no-permission page, without asking the server', async (role, route) => {
    const calls = signedIn(as(role));
    renderAt(route);
    await expectForbidden();
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent(role === 'sales' ? 'Ventas' : 'Catálogo');
    // Only the session check and the frame's own calls (system status, the proofs', withdrawals' and reviews' badges):
    // the forbidden screen loads nothing.
    const frame = ['/auth/check', '/health', '/orders/summary', '/withdrawals', '/reviews'];
    expect(calls.map((c) => c.url).filter((url) => !frame.includes(url))).toEqual([]);
  });

  it('a catalog account opens "Actualizar stock desde planilla"', async () => {
    signedIn(as('catalog'));
    renderAt('/products/stock');
    expect(await screen.findByRole('heading', { level: 1, name: 'Actualizar stock desde planilla' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV de stock por variante' })).toBeInTheDocument();
  });

  it('a sales account opens Opiniones, read only', async () => {
    signedIn(as('sales'), { 'GET /reviews': () => ({ data: { reviews: [], total: 0, page: 1, pageSize: 20, pending: 0 } }) });
    renderAt('/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opiniones' })).toBeInTheDocument();
    expect(await screen.findByText('No hay opiniones esperando aprobación.')).toBeInTheDocument();
    expect(screen.queryByTestId('forbidden-page')).not.toBeInTheDocument();
  });

  it('the owner opens Equipo', async () => {
    signedIn(as('owner'), { 'GET /staff': () => ({ data: { staff: STAFF } }) });
    renderAt('/team');
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipo' })).toBeInTheDocument();
    expect(screen.queryByTestId('forbidden-page')).not.toBeInTheDocument();
  });

  it('a session stored before roles (no staffRole) is an owner', async () => {
    window.localStorage.setItem('adminToken', 'test-token');
    const { staffRole: _role, mustChangePassword: _must, twoFactorEnabled: _two, ...old } = toSessionUser(ADMIN_USER);
    window.localStorage.setItem('adminUser', JSON.stringify(old));
    // The server cannot be reached: the stored session is kept as it is.
    mockApi({});
    renderAt('/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Actividad' })).toBeInTheDocument();
    // The owner's label, as the specification writes it under her name.
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent(STAFF_SIDEBAR_ROLE_LABELS.owner);
  });
});

describe('temporary password', () => {
  it('keeps an invited account on the password change, with the banner', async () => {
    signedIn(as('sales', { mustChangePassword: true }));
    renderAt('/orders');
    expect(await screen.findByText(`${TEMPORARY_PASSWORD_MESSAGE} antes de seguir.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Perfil' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar Contraseña' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Navegación principal' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Config']);
  });

  it("sends the account there when any route answers 403 'Tenés que cambiar la contraseña temporal'", async () => {
    signedIn(as('owner'), { 'GET /staff': () => ({ status: 403, data: { message: TEMPORARY_PASSWORD_MESSAGE } }) });
    renderAt('/team');
    expect(await screen.findByText(`${TEMPORARY_PASSWORD_MESSAGE} antes de seguir.`)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('adminUser') ?? '{}')).toMatchObject({ mustChangePassword: true });
  });
});

describe('two-factor sign-in required by the owner', () => {
  it('sends an account without it to its setup when a route answers 403, with only Config in the menu', async () => {
    signedIn(as('sales'), {
      'GET /orders': () => ({ status: 403, data: { message: TWO_FACTOR_REQUIRED_MESSAGE } }),
      'GET /orders/summary': () => ({ status: 403, data: { message: TWO_FACTOR_REQUIRED_MESSAGE } }),
    });
    renderAt('/orders');
    expect(await screen.findByText(`${TWO_FACTOR_REQUIRED_MESSAGE}.`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Activar' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Navegación principal' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Config']);
  });
});
