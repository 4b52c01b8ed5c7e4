import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Register, StaffWithdrawal } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { WithdrawalsPage } from './withdrawals-page';

/** A request whose goods are back in the shop: the next step is the refund of everything paid. */
const BACK_IN_STORE: StaffWithdrawal = {
  id: 'w1',
  code: 'ARR-7K2M9QXD',
  status: 'received_in_store',
  orderNumber: 'JL-20261120-0004',
  withinWindow: true,
  windowEndsAt: '2026-11-30T03:00:00.000Z',
  requestedAt: '2026-11-24T15:00:00.000Z',
  reason: null,
  orderId: 'o1',
  channel: 'web',
  contact: 'ana@example.com',
  comment: null,
  lines: [{ lineIndex: 0, title: 'Corpiño Encaje', quantity: 1 }],
  refundDue: 18500,
  refund: null,
  daysLeft: 2,
  steps: [{ status: 'received', at: '2026-11-24T15:00:00.000Z', by: 'Clienta' }],
  returnShipment: null,
  byCarrier: false,
};

const register = (id: number, name: string, open: boolean): Register => ({
  id,
  name,
  pointTerminalId: null,
  qrPosId: null,
  openSession: open ? { id: id * 10, openedAt: '2026-11-27T12:00:00.000Z', openingCash: 20000, openedBy: { id: 1, name: 'Dueña' } } : null,
});

function setup(registers: Register[]) {
  signInStorage();
  const calls = mockApi({
    'GET /withdrawals': { data: { withdrawals: [BACK_IN_STORE], open: 1 } },
    'GET /registers': { data: { registers } },
    'PUT /withdrawals/w1': { data: { withdrawal: { ...BACK_IN_STORE, status: 'refunded' } } },
  });
  renderApp(<WithdrawalsPage />);
  return { calls, user: userEvent.setup() };
}

const methodOptions = () =>
  within(screen.getByLabelText(/Cómo se reintegran/))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Arrepentimientos: the refund in cash at the counter', () => {
  it('gives the cash back out of the chosen open register: the PUT names it', async () => {
    const { calls, user } = setup([register(1, 'Caja 1', true), register(2, 'Caja vidriera', true), register(3, 'Caja cerrada', false)]);
    const form = await screen.findByRole('form', { name: `Reintegrar ${BACK_IN_STORE.code}` });
    await screen.findByRole('option', { name: 'Efectivo' });
    await user.selectOptions(within(form).getByLabelText(/Cómo se reintegran/), 'cash');
    const registers = within(form).getByLabelText(/Caja de la que sale el efectivo/);
    // Only the registers with an open session can give cash back.
    expect(
      within(registers)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Caja 1', 'Caja vidriera']);
    await user.selectOptions(registers, '2');
    await user.click(within(form).getByRole('button', { name: 'Reintegrar' }));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put && bodyOf(put)).toEqual({ status: 'refunded', refundMethod: 'cash', reference: null, registerId: 2 });
  });

  it('offers no cash when no register is open, and sends no register with another way', async () => {
    const { calls, user } = setup([register(3, 'Caja cerrada', false)]);
    const form = await screen.findByRole('form', { name: `Reintegrar ${BACK_IN_STORE.code}` });
    expect(methodOptions()).toEqual(['Mercado Pago (al pago original)', 'Transferencia']);
    await user.selectOptions(within(form).getByLabelText(/Cómo se reintegran/), 'transfer');
    await user.click(within(form).getByRole('button', { name: 'Reintegrar' }));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put && bodyOf(put)).toEqual({ status: 'refunded', refundMethod: 'transfer', reference: null });
  });
});

/** A national order's request, just received: the goods come back by a return shipment the shop pays. */
const NATIONAL: StaffWithdrawal = { ...BACK_IN_STORE, id: 'w2', code: 'ARR-9QXD7K2M', status: 'received', refund: null, byCarrier: true };
const SHIPPED_BACK: StaffWithdrawal = {
  ...NATIONAL,
  status: 'pickup_arranged',
  returnShipment: {
    carrier: 'andreani',
    carrierName: 'Andreani',
    trackingNumber: '360000012345678',
    createdAt: '2026-11-25T12:00:00.000Z',
  },
};

describe('Arrepentimientos: the return shipment of a national order', () => {
  it('makes it with one click (POST), then shows the carrier, the number and the label', async () => {
    signInStorage();
    let current = NATIONAL;
    const calls = mockApi({
      'GET /withdrawals': () => ({ data: { withdrawals: [current], open: 1 } }),
      'POST /withdrawals/w2/return-shipment': () => {
        current = SHIPPED_BACK;
        return { data: { withdrawal: SHIPPED_BACK } };
      },
      'GET /withdrawals/w2/return-shipment/label': { data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) },
    });
    renderApp(<WithdrawalsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Generar envío de devolución/ }));
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/return-shipment'))).toHaveLength(1);
    const block = await screen.findByTestId('withdrawal-return');
    expect(await within(block).findByText('360000012345678')).toBeVisible();
    expect(block).toHaveTextContent('Envío de devolución: Andreani');
    expect(within(block).queryByRole('button', { name: /Generar/ })).toBeNull();
    expect(within(block).getByRole('button', { name: 'Descargar etiqueta' })).toBeEnabled();
  });

  it('is not offered for an order of Neuquén, nor once the goods are back without one', async () => {
    signInStorage();
    mockApi({
      'GET /withdrawals': {
        data: {
          withdrawals: [
            { ...NATIONAL, byCarrier: false },
            { ...BACK_IN_STORE, id: 'w3', byCarrier: true },
          ],
          open: 2,
        },
      },
      'GET /registers': { data: { registers: [] } },
    });
    renderApp(<WithdrawalsPage />);
    expect(await screen.findAllByTestId('withdrawal-card')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Generar envío de devolución/ })).toBeNull();
  });
});
