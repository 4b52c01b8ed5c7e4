import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StaffRole } from '@shop/shared';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { AdminLayout } from './admin-layout';

async function sidebarOf(staffRole: StaffRole) {
  const user = { ...ADMIN_USER, staffRole };
  signInStorage(user);
  mockApi({ 'GET /auth/check': () => ({ data: { user } }) });
  renderApp(<AdminLayout />, { route: '/orders/abc' });
  const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('sidebar by role', () => {
  it('shows the owner every screen, Equipo and Actividad included', async () => {
    expect(await sidebarOf('owner')).toEqual([
      'Dashboard',
      'Productos',
      'Ingreso de mercadería',
      'Órdenes',
      'Nueva venta',
      'Caja',
      'Mostrador',
      'Clientes',
      'Cambios y devoluciones',
      'Correos',
      'Comprobantes',
      'Carritos abandonados',
      'Contenido',
      'Promociones',
      'Reportes',
      'Mercado Libre',
      'Equipo',
      'Actividad',
      'Config',
    ]);
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Administrador');
  });

  it('shows sales the orders side only', async () => {
    expect(await sidebarOf('sales')).toEqual([
      'Dashboard',
      'Órdenes',
      'Nueva venta',
      'Caja',
      'Mostrador',
      'Clientes',
      'Cambios y devoluciones',
      'Correos',
      'Comprobantes',
      'Carritos abandonados',
      'Config',
    ]);
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Ventas');
  });

  it('shows catalog the products and content side only', async () => {
    expect(await sidebarOf('catalog')).toEqual(['Dashboard', 'Productos', 'Ingreso de mercadería', 'Contenido', 'Config']);
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Catálogo');
  });
});
