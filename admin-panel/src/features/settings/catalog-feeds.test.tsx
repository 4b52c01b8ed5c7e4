import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiUser, StaffRole } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { RequireAdmin } from '@/features/auth';
import { SettingsPage } from './settings-page';

function setup(staffRole: StaffRole = 'owner') {
  const user: ApiUser = { ...ADMIN_USER, staffRole };
  signInStorage(user);
  mockApi({ 'GET /auth/check': () => ({ data: { user } }) });
  const events = userEvent.setup();
  renderApp(
    <RequireAdmin>
      <SettingsPage />
    </RequireAdmin>,
    { route: '/settings', path: '/settings' },
  );
  return events;
}

async function openCatalogTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Instagram y Google' }));
  return screen.getByTestId('catalog-feeds');
}

describe('Catálogo para Instagram y Google', () => {
  it("lists both feeds on the shop's own address, read-only, with the steps for Meta and Google", async () => {
    const user = setup();
    const card = await openCatalogTab(user);
    expect(within(card).getByRole('heading', { level: 2, name: 'Catálogo para Instagram y Google' })).toBeInTheDocument();
    const meta = within(card).getByLabelText('Enlace para Meta (Instagram y Facebook)');
    const google = within(card).getByLabelText('Enlace para Google Merchant Center');
    expect(meta).toHaveValue(`${window.location.origin}/feeds/meta.csv`);
    expect(google).toHaveValue(`${window.location.origin}/feeds/google.xml`);
    expect(meta).toHaveAttribute('readonly');
    expect(google).toHaveAttribute('readonly');
    expect(card).toHaveTextContent('se actualiza solo cada vez que cambiás un producto');
    const metaSteps = within(card).getByRole('region', { name: 'Cómo cargarlo en Meta Commerce Manager' });
    expect(metaSteps).toHaveTextContent('Catálogo → Orígenes de datos → Agregar artículos');
    expect(metaSteps).toHaveTextContent('URL programada');
    const googleSteps = within(card).getByRole('region', { name: 'Cómo cargarlo en Google Merchant Center' });
    expect(googleSteps).toHaveTextContent('Productos → Feeds');
    expect(googleSteps).toHaveTextContent('Recuperación programada');
  });

  it("copies a feed's address and says so politely", async () => {
    const user = setup();
    const card = await openCatalogTab(user);
    await user.click(within(card).getByRole('button', { name: 'Copiar el enlace para Google' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/feeds/google.xml`);
    const status = within(card).getByText('Enlace copiado');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await user.click(within(card).getByRole('button', { name: 'Copiar el enlace para Meta' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/feeds/meta.csv`);
  });

  it('selects the address to copy by hand when the clipboard refuses', async () => {
    const user = setup();
    const card = await openCatalogTab(user);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const meta = within(card).getByLabelText<HTMLInputElement>('Enlace para Meta (Instagram y Facebook)');
    await user.click(within(card).getByRole('button', { name: 'Copiar el enlace para Meta' }));
    expect(await within(card).findByText(/el texto quedó seleccionado, copialo con Ctrl\+C/)).toHaveAttribute('role', 'status');
    expect(meta).toHaveFocus();
    expect([meta.selectionStart, meta.selectionEnd]).toEqual([0, meta.value.length]);
    expect(within(card).queryByText('Enlace copiado')).not.toBeInTheDocument();
  });

  it('is a tab for the owner and the catalogue role, not for sales', async () => {
    setup('sales');
    await screen.findByRole('tab', { name: 'Perfil' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(['Perfil', 'Seguridad']);
    expect(screen.queryByTestId('catalog-feeds')).not.toBeInTheDocument();
  });

  it('the catalogue role reaches it with the arrow keys too', async () => {
    const user = setup('catalog');
    const profile = await screen.findByRole('tab', { name: 'Perfil' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent?.trim())).toEqual(['Perfil', 'Seguridad', 'Instagram y Google']);
    profile.focus();
    await user.keyboard('{ArrowLeft}');
    const catalog = screen.getByRole('tab', { name: 'Instagram y Google' });
    expect(catalog).toHaveFocus();
    expect(catalog).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('catalog-feeds')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('catalog-feeds')).not.toBeInTheDocument();
  });
});
