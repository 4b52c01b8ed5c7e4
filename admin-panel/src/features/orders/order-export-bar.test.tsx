import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signInStorage } from '@/test/render';
import { deferred, mockApi } from '@/test/mock-api';
import { summaryAnswer } from '@/test/fixtures';
import { OrderListPage } from './order-list-page';

const CSV = '\uFEFFNúmero;Fecha\r\nJL-20261122-0001;22/11/2026 10:00\r\n';
let saved: { href: string; download: string }[] = [];

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs and does not navigate: record what the link would download instead.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export-1'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

const LIST = {
  'GET /orders': () => ({ data: { orders: [], totalOrders: 0, totalPages: 0, page: 1 } }),
  'GET /orders/summary': () => summaryAnswer(0, 0),
};

describe('orders export', () => {
  it("downloads the CSV of the list's filters and the date range, with the token, as a dated file", async () => {
    signInStorage();
    const answer = deferred<{ data: Blob }>();
    const calls = mockApi({ ...LIST, 'GET /orders/export.csv': () => answer.promise });
    renderApp(<OrderListPage />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Estado'), 'paid');
    await user.type(screen.getByLabelText('Desde'), '2026-11-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-11-30');
    const button = screen.getByRole('button', { name: 'Exportar CSV de órdenes' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Exportando...');
    answer.resolve({ data: new Blob([CSV], { type: 'text/csv' }) });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toMatch(/^ordenes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]!.href).toBe('blob:export-1');
    const request = calls.find((c) => c.url === '/orders/export.csv')!;
    expect(request.params).toEqual({ status: 'paid', from: '2026-11-01', to: '2026-11-30' });
    expect(request.authorization).toMatch(/^Bearer /);
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('exports one payment method, Mercado Pago among them, when one is chosen', async () => {
    signInStorage();
    const calls = mockApi({ ...LIST, 'GET /orders/export.csv': () => ({ data: new Blob([CSV], { type: 'text/csv' }) }) });
    renderApp(<OrderListPage />);
    const user = userEvent.setup();
    const method = await screen.findByLabelText('Medio de pago');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['', 'Todos los medios de pago'],
      ['cash', 'Pago en Efectivo'],
      ['transfer', 'Transferencia Bancaria'],
      ['mercadopago', 'Mercado Pago'],
    ]);
    await user.selectOptions(method, 'mercadopago');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV de órdenes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.find((c) => c.url === '/orders/export.csv')?.params).toEqual({ paymentMethod: 'mercadopago' });
  });

  it("shows the server's Spanish refusal and saves nothing", async () => {
    signInStorage();
    mockApi({
      ...LIST,
      'GET /orders/export.csv': () => ({
        status: 400,
        data: new Blob([JSON.stringify({ message: 'Fecha inválida: usa el formato AAAA-MM-DD' })]),
      }),
    });
    renderApp(<OrderListPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Exportar CSV de órdenes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fecha inválida: usa el formato AAAA-MM-DD');
    expect(saved).toHaveLength(0);
  });

  it('says the export failed when there is no answer', async () => {
    signInStorage();
    mockApi({ ...LIST, 'GET /orders/export.csv': 'network' });
    renderApp(<OrderListPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Exportar CSV de órdenes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error de red o desconocido');
  });
});
