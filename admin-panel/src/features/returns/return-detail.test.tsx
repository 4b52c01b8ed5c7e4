import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Register, StaffReturnRequest } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { ReturnDetail } from './return-detail';

/** An approved return of one 85B with $10.000 to give back, paid as told. */
function approvedReturn(mercadoPagoRefund: StaffReturnRequest['mercadoPagoRefund']): StaffReturnRequest {
  return {
    _id: 'r1',
    number: 'CD-20260115-0001',
    status: 'approved',
    orderId: 'o1',
    orderNumber: '20260110-0007',
    chargeDue: 0,
    lines: [
      {
        lineIndex: 0,
        productId: 'p1',
        title: 'Corpiño Encaje',
        quantity: 1,
        kind: 'return',
        reason: 'size_small',
        reasonText: null,
        from: { variantId: 'v85', color: 'Negro', size: '85B', sku: null },
        to: null,
        price: 10000,
        unsellable: false,
      },
    ],
    photoUrl: null,
    refundDue: 10000,
    refund: null,
    exchangeOrderNumber: null,
    exchangeOrderId: null,
    steps: [{ status: 'requested', at: '2026-01-15T12:00:00.000Z', by: null, message: null }],
    createdAt: '2026-01-15T12:00:00.000Z',
    updatedAt: '2026-01-15T12:00:00.000Z',
    customer: { name: 'Ana Pérez', email: 'ana@example.com', phone: '2995551234' },
    mercadoPagoRefund,
  };
}

const openRegister = (id: number, name: string): Register => ({
  id,
  name,
  pointTerminalId: null,
  qrPosId: null,
  openSession: { id: id * 10, openedAt: '2026-01-15T12:00:00.000Z', openingCash: 20000, openedBy: { id: 1, name: 'Dueña' } },
});

function setup(request: StaffReturnRequest, registers: Register[] = []) {
  signInStorage();
  const received: StaffReturnRequest = {
    ...request,
    status: 'received',
    refund: { method: 'mercadopago', amount: 10000, couponCode: null, reference: 'Reembolso 9 del pago 8 de Mercado Pago', at: '' },
  };
  const calls = mockApi({
    'PUT /returns/r1/status': { data: { return: received } },
    ...(registers.length > 0 ? { 'GET /registers': { data: { registers } } } : {}),
  });
  renderApp(<ReturnDetail request={request} />);
  return { calls, user: userEvent.setup() };
}

const options = () =>
  within(screen.getByRole('combobox', { name: 'Cómo se devuelve el dinero' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('a return\'s "Recibido": how the money goes back', () => {
  it('offers "Devolver por Mercado Pago" first and sends it by default when the order was paid there', async () => {
    const { calls, user } = setup(approvedReturn('available'));
    expect(options()).toEqual([
      'Devolver por Mercado Pago (al pago original)',
      'Crédito en la tienda (cupón de un uso)',
      'Transferencia (ya hecha)',
    ]);
    expect(screen.getByRole('combobox', { name: 'Cómo se devuelve el dinero' })).toHaveValue('mercadopago');
    await user.click(screen.getByRole('button', { name: 'Marcar recibido' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Mercado Pago devuelve $10.000 al pago original de la clienta.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.method === 'PUT')!)).toMatchObject({ status: 'received', refundMethod: 'mercadopago' });
  });

  it('without a Mercado Pago payment, offers store credit (default) and a transfer only', () => {
    setup(approvedReturn(null));
    expect(options()).toEqual(['Crédito en la tienda (cupón de un uso)', 'Transferencia (ya hecha)']);
    expect(screen.getByRole('combobox', { name: 'Cómo se devuelve el dinero' })).toHaveValue('coupon');
  });

  it('with a register open, offers cash from it, asks which one when two are open, and sends the register chosen', async () => {
    const closed = { ...openRegister(3, 'Caja cerrada'), openSession: null };
    const { calls, user } = setup(approvedReturn(null), [openRegister(1, 'Caja 1'), closed, openRegister(2, 'Caja vidriera')]);
    await waitFor(() => expect(options()).toContain('Efectivo de la caja'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cómo se devuelve el dinero' }), 'cash');
    const picker = screen.getByRole('combobox', { name: 'Caja de la que sale el efectivo' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Caja 1', 'Caja vidriera']);
    await user.selectOptions(picker, 'Caja vidriera');
    await user.click(screen.getByRole('button', { name: 'Marcar recibido' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Entregá $10.000 en efectivo de Caja vidriera');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.method === 'PUT')!)).toMatchObject({ status: 'received', refundMethod: 'cash', registerId: 2 });
  });

  it('once the refund was asked of Mercado Pago, only Mercado Pago may finish it, and says so', () => {
    setup(approvedReturn('started'));
    expect(options()).toEqual(['Devolver por Mercado Pago (al pago original)']);
    expect(screen.getByTestId('return-refund-started')).toHaveTextContent('El reembolso ya se pidió a Mercado Pago');
  });
});
