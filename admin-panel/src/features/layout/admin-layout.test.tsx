import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StaffRole } from '@shop/shared';
import { renderApp, ADMIN_USER, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { AdminLayout } from './admin-layout';

/** The sidebar as headings and their links: [['', ['Dashboard']], ['Vender', ['Nueva venta', …]], …]. */
async function sidebarOf(staffRole: StaffRole) {
  const user = { ...ADMIN_USER, staffRole };
  signInStorage(user);
  mockApi({ 'GET /auth/check': () => ({ data: { user } }) });
  renderApp(<AdminLayout />, { route: '/orders/abc' });
  const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
  return within(nav)
    .getAllByRole('list')
    .map((list) => [
      document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ]);
}

/** The sidebar's start for owner and sales: Dashboard, then the selling and the orders screens. */
const SELLING_AND_ORDERS = [
  ['', ['Dashboard']],
  ['Vender', ['Nueva venta', 'Caja', 'Mostrador']],
  [
    'Pedidos',
    ['Órdenes', 'Comprobantes', 'Cambios y devoluciones', 'Arrepentimientos', 'Carritos abandonados', 'Clientes', 'Mensajes', 'Correos'],
  ],
];

describe('sidebar by role', () => {
  it('shows the owner every screen, Equipo and Actividad included, under headings', async () => {
    expect(await sidebarOf('owner')).toEqual([
      ...SELLING_AND_ORDERS,
      ['Catálogo', ['Productos', 'Ingreso de mercadería', 'Promociones', 'Contenido', 'Opiniones']],
      ['Canales', ['Mercado Libre', 'WhatsApp']],
      ['Informes', ['Reportes', 'Actividad']],
      ['Ajustes', ['Equipo', 'Config']],
    ]);
    // Each heading is a real heading that names its list.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Vender', 'Pedidos', 'Catálogo', 'Canales', 'Informes', 'Ajustes']),
    );
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Administrador');
  });

  it('shows sales the orders side, and the reviews to read, with no empty heading', async () => {
    expect(await sidebarOf('sales')).toEqual([
      ...SELLING_AND_ORDERS,
      // Every role reads the reviews (only owner and catalog moderate them).
      ['Catálogo', ['Opiniones']],
      ['Ajustes', ['Config']],
    ]);
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Ventas');
  });

  it('shows catalog the products and content side only', async () => {
    expect(await sidebarOf('catalog')).toEqual([
      ['', ['Dashboard']],
      ['Catálogo', ['Productos', 'Ingreso de mercadería', 'Contenido', 'Opiniones']],
      ['Ajustes', ['Config']],
    ]);
    expect(screen.getByTestId('sidebar-role')).toHaveTextContent('Catálogo');
  });
});

describe('sidebar badges', () => {
  it('counts the reviews waiting for approval beside Opiniones', async () => {
    const user = { ...ADMIN_USER, staffRole: 'catalog' as const };
    signInStorage(user);
    mockApi({
      'GET /auth/check': () => ({ data: { user } }),
      'GET /reviews': { data: { reviews: [], total: 0, page: 1, pageSize: 20, pending: 3 } },
    });
    renderApp(<AdminLayout />, { route: '/content' });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const link = within(nav).getByRole('link', { name: /^Opiniones/ });
    expect(link).toHaveAttribute('href', '/reviews');
    expect(await within(link).findByTestId('reviews-nav-badge')).toHaveTextContent('3 por aprobar');
  });
});
