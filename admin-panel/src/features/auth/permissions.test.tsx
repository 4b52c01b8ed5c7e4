import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { parseStoredUser, toSessionUser } from './admin-user';
import { can } from './permissions';
import { RequirePermission } from './require-permission';

describe('can()', () => {
  it("follows the server's table for each role", () => {
    const owner = toSessionUser({ ...ADMIN_USER, staffRole: 'owner' });
    const sales = toSessionUser({ ...ADMIN_USER, staffRole: 'sales' });
    const catalog = toSessionUser({ ...ADMIN_USER, staffRole: 'catalog' });
    expect(can(owner, 'staff.manage')).toBe(true);
    expect(can(sales, 'orders.view')).toBe(true);
    expect(can(sales, 'products.manage')).toBe(false);
    expect(can(sales, 'orders.export')).toBe(false);
    expect(can(catalog, 'content.edit')).toBe(true);
    expect(can(catalog, 'orders.view')).toBe(false);
    expect(can(catalog, 'settings.manage')).toBe(false);
    expect(can(null, 'dashboard.view')).toBe(false);
  });

  it('reads a stored session from before roles as an owner', () => {
    const stored = JSON.stringify({ id: '1', username: 'jazmin', email: ADMIN_USER.email, role: 'admin', name: 'jazmin' });
    expect(parseStoredUser(stored)).toMatchObject({ staffRole: 'owner', mustChangePassword: false, twoFactorEnabled: false });
    expect(parseStoredUser(JSON.stringify({ ...JSON.parse(stored), staffRole: 'jefa' }))).toBeNull();
  });
});

describe('RequirePermission', () => {
  it('shows the screen to a role that has the permission and the Spanish refusal to one that does not', async () => {
    const user = { ...ADMIN_USER, staffRole: 'catalog' as const };
    signInStorage(user);
    mockApi({ 'GET /auth/check': () => ({ data: { user } }) });
    renderApp(
      <>
        <RequirePermission permission="products.manage">
          <p>Pantalla de productos</p>
        </RequirePermission>
        <RequirePermission permission="orders.view">
          <p>Pantalla de órdenes</p>
        </RequirePermission>
      </>,
      { route: '/x' },
    );
    expect(await screen.findByText('Pantalla de productos')).toBeInTheDocument();
    expect(screen.queryByText('Pantalla de órdenes')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No tenés permiso para ver esta pantalla' })).toBeInTheDocument();
    expect(screen.getByText(/Tu rol \(Catálogo\) no incluye esta sección/)).toBeInTheDocument();
  });
});
