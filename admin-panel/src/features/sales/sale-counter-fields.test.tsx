import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiUser, Register } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { SaleCounterFields } from './sale-counter-fields';
import { counterBody, emptySale, type SaleForm } from './sale-model';

const registers: Register[] = [
  { id: 1, name: 'Caja 1', openSession: { id: 7, openedAt: '2026-11-26T12:00:00.000Z', openingCash: 5000, openedBy: null } },
  { id: 2, name: 'Caja 2', openSession: null },
];

let last: SaleForm = emptySale();

function Harness({ initial, total }: { initial: Partial<SaleForm>; total: number }) {
  const [form, setForm] = useState<SaleForm>({ ...emptySale(), ...initial });
  last = form;
  return <SaleCounterFields form={form} total={total} onChange={(change) => setForm((f) => ({ ...f, ...change }))} />;
}

function setup(user: ApiUser = { ...ADMIN_USER, staffRole: 'sales' }) {
  signInStorage(user);
  mockApi({ 'GET /auth/check': () => ({ data: { user } }), 'GET /registers': () => ({ data: { registers } }) });
  return userEvent.setup();
}

describe('SaleCounterFields', () => {
  it('a cash sale in the shop: the open register, "Paga con" and the change in es-AR pesos', async () => {
    const user = setup();
    renderApp(<Harness initial={{ deliveryType: 'store', paymentMethod: 'cash' }} total={16900} />);
    const select = await screen.findByLabelText('Caja');
    expect(await screen.findByRole('option', { name: 'Caja 2 (cerrada)' })).toBeDisabled();
    await user.selectOptions(select, '1');
    await user.type(screen.getByLabelText('Paga con'), '10000');
    expect(screen.getByTestId('sale-change')).toHaveTextContent('El monto no alcanza');
    await user.clear(screen.getByLabelText('Paga con'));
    await user.type(screen.getByLabelText('Paga con'), '20000');
    expect(screen.getByLabelText('Paga con')).toHaveValue('20.000');
    expect(screen.getByTestId('sale-change')).toHaveTextContent('Vuelto $3.100');
    expect(counterBody(last, 16900)).toEqual({ registerId: 1, payments: [{ method: 'cash', amount: 16900, tendered: 20000 }] });
  });

  it('a transfer at the register has no "Paga con"; delivery or Mercado Pago shows no register', async () => {
    const user = setup();
    const { unmount } = renderApp(<Harness initial={{ deliveryType: 'store', paymentMethod: 'transfer' }} total={5000} />);
    await screen.findByRole('option', { name: 'Caja 1' });
    await user.selectOptions(screen.getByLabelText('Caja'), '1');
    expect(screen.queryByLabelText('Paga con')).toBeNull();
    expect(counterBody(last, 5000)).toEqual({ registerId: 1, payments: [{ method: 'transfer', amount: 5000 }] });
    unmount();
    renderApp(<Harness initial={{ deliveryType: 'delivery', paymentMethod: 'cash', registerId: '1' }} total={5000} />);
    expect(screen.queryByLabelText('Caja')).toBeNull();
    expect(counterBody(last, 5000)).toEqual({});
  });

  it('the catalog role does not see the register', () => {
    setup({ ...ADMIN_USER, staffRole: 'catalog' });
    renderApp(<Harness initial={{ deliveryType: 'store', paymentMethod: 'cash' }} total={5000} />);
    expect(screen.queryByLabelText('Caja')).toBeNull();
  });
});
