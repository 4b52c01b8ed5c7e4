import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Voucher } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { orderFixture } from '@/test/fixtures';
import { OrderDetailPage } from './order-detail-page';

const voucher = (overrides: Partial<Voucher> = {}): Voucher => ({
  status: 'authorized',
  statusLabel: 'autorizada',
  kind: 'invoice',
  letter: 'C',
  name: 'Factura C',
  voucherType: 11,
  pointOfSale: 3,
  number: 7,
  numberText: '00003-00000007',
  cae: '71234567890123',
  caeDueDate: '2026-12-05',
  issueDate: '2026-11-25',
  net: 12100,
  vat: 0,
  total: 12100,
  qrUrl: 'https://www.afip.gob.ar/fe/qr/?p=e30=',
  attempts: 1,
  ...overrides,
});

describe('order detail: the electronic invoice card', () => {
  it('shows an error with its reason and retries it ("Reintentar")', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner', twoFactorEnabled: true });
    const order = orderFixture(4, { status: 'paid', paidAt: '2026-01-15T12:30:00.000Z' });
    let invoice: Voucher = voucher({
      status: 'error',
      statusLabel: 'error',
      number: null,
      numberText: null,
      cae: null,
      error: 'El documento del comprador no es válido',
    });
    const calls = mockApi({
      'GET /orders/order-4/history': { data: { history: [] } },
      'GET /orders/order-4': { data: { order } },
      'GET /orders/order-4/invoice': () => ({ data: { invoice, creditNote: null } }),
      'POST /orders/order-4/invoice': () => {
        invoice = voucher();
        return { data: { invoice } };
      },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-4', path: '/orders/:id' });
    const card = await screen.findByTestId('order-invoice');
    await waitFor(() => expect(within(card).getByTestId('invoice-status')).toHaveTextContent('error'));
    expect(card).toHaveTextContent('El documento del comprador no es válido');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(within(card).getByTestId('invoice-status')).toHaveTextContent('autorizada'));
    expect(card).toHaveTextContent('N° 00003-00000007');
    expect(card).toHaveTextContent('CAE 71234567890123');
    expect(within(card).getByRole('button', { name: 'Emitir nota de crédito' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/orders/order-4/invoice')).toBe(true);
  });

  it('a sales account sees the status and the PDF, not the owner actions', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'sales' });
    const order = orderFixture(5, { status: 'paid', paidAt: '2026-01-15T12:30:00.000Z' });
    mockApi({
      'GET /orders/order-5/history': { data: { history: [] } },
      'GET /orders/order-5': { data: { order } },
      'GET /orders/order-5/invoice': { data: { invoice: voucher(), creditNote: null } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-5', path: '/orders/:id' });
    const card = await screen.findByTestId('order-invoice');
    await waitFor(() => expect(within(card).getByTestId('invoice-status')).toHaveTextContent('autorizada'));
    expect(within(card).getByRole('button', { name: 'Descargar factura (PDF)' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Emitir nota de crédito' })).not.toBeInTheDocument();
  });

  it("an order reopened after its cancellation shows the chain: invoice, credit note, the new sale's invoice", async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner', twoFactorEnabled: true });
    const order = orderFixture(7, { status: 'paid', paidAt: '2026-01-15T12:30:00.000Z' });
    const first = voucher({ number: 7, numberText: '00003-00000007', cae: '71111111111111' });
    const credit = voucher({
      kind: 'credit_note',
      name: 'Nota de Crédito C',
      voucherType: 13,
      number: 2,
      numberText: '00003-00000002',
      cae: '72222222222222',
    });
    const second = voucher({ number: 9, numberText: '00003-00000009', cae: '73333333333333' });
    mockApi({
      'GET /orders/order-7/history': { data: { history: [] } },
      'GET /orders/order-7': { data: { order } },
      'GET /orders/order-7/invoice': {
        data: { invoice: second, creditNote: credit, creditNotes: [credit], vouchers: [first, credit, second] },
      },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-7', path: '/orders/:id' });
    const card = await screen.findByTestId('order-invoice');
    const chain = await within(card).findByTestId('voucher-chain');
    const items = within(chain).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Factura C: autorizada · N° 00003-00000007/),
      expect.stringMatching(/^Nota de Crédito C: autorizada · N° 00003-00000002/),
      expect.stringMatching(/^Factura C: autorizada · N° 00003-00000009/),
    ]);
    // The current invoice is the new sale's: its credit note is not made yet, so the owner may still make one.
    expect(within(card).getByTestId('invoice-status')).toHaveTextContent('autorizada');
    expect(within(items[2]!).getByTestId('invoice-status')).toBeInTheDocument();
    expect(within(items[0]!).getByTestId('previous-invoice-status')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Emitir nota de crédito' })).toBeInTheDocument();
  });

  it('an owner without two-factor sign-in is told where to turn it on, and gets no button the server would refuse', async () => {
    signInStorage({ ...ADMIN_USER, staffRole: 'owner' });
    const order = orderFixture(6, { status: 'paid', paidAt: '2026-01-15T12:30:00.000Z' });
    mockApi({
      'GET /orders/order-6/history': { data: { history: [] } },
      'GET /orders/order-6': { data: { order } },
      'GET /orders/order-6/invoice': { data: { invoice: voucher({ status: 'error', statusLabel: 'error', cae: null }), creditNote: null } },
    });
    renderApp(<OrderDetailPage />, { route: '/orders/order-6', path: '/orders/:id' });
    const card = await screen.findByTestId('order-invoice');
    await waitFor(() => expect(within(card).getByTestId('invoice-status')).toHaveTextContent('error'));
    expect(within(card).getByTestId('invoice-needs-two-factor')).toHaveTextContent('activá la verificación en dos pasos');
    expect(within(card).getByRole('link', { name: 'Configuración › Seguridad' })).toHaveAttribute('href', '/settings');
    expect(within(card).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });
});
