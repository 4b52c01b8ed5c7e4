import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiUser, CashSession, Register } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { CounterPage } from './counter-page';

const session = (over: Partial<CashSession> = {}): CashSession => ({
  id: 7,
  registerId: 1,
  registerName: 'Caja 1',
  status: 'open',
  openingCash: 5000,
  denominations: null,
  openedAt: '2026-11-26T12:00:00.000Z',
  openedBy: { id: 1, name: 'Jazmín' },
  sales: { cash: 10000, card: 0, qr: 0, transfer: 3000 },
  salesCount: 2,
  firstOrderNumber: 'JL-20261126-0001',
  lastOrderNumber: 'JL-20261126-0002',
  refunds: 0,
  incomes: 0,
  expenses: 700,
  withdrawals: 0,
  expected: { cash: 14300, card: 0, qr: 0, transfer: 3000 },
  counted: null,
  difference: null,
  closedAt: null,
  closedBy: null,
  byChannel: [
    { channel: 'local', orders: 1, amount: 10000 },
    { channel: 'whatsapp', orders: 1, amount: 3000 },
  ],
  reopenings: [],
  movements: [
    {
      id: 1,
      type: 'sale',
      method: 'cash',
      amount: 10000,
      tendered: 20000,
      change: 10000,
      reason: null,
      orderNumber: 'JL-20261126-0001',
      at: '2026-11-26T12:10:00.000Z',
      by: { id: 1, name: 'Jazmín' },
    },
    {
      id: 2,
      type: 'expense',
      method: 'cash',
      amount: 700,
      tendered: null,
      change: null,
      reason: 'Limpieza',
      orderNumber: null,
      at: '2026-11-26T12:20:00.000Z',
      by: { id: 1, name: 'Jazmín' },
    },
  ],
  ...over,
});

function setup(registers: Register[], user: ApiUser = { ...ADMIN_USER, staffRole: 'owner' }) {
  signInStorage(user);
  let current = session();
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /registers': () => ({ data: { registers } }),
    'GET /cash-sessions/7': () => ({ data: { session: current } }),
    'POST /registers/2/sessions': () => ({ status: 201, data: { session: session({ id: 8, registerId: 2 }) } }),
    'POST /cash-sessions/7/movements': () => ({ status: 201, data: { movement: current.movements[1], session: current } }),
    'POST /cash-sessions/7/close': (request) => {
      const counted = (request.body as { counted: CashSession['expected'] }).counted;
      current = session({
        status: 'closed',
        counted,
        difference: {
          cash: counted.cash - 14300,
          card: 0,
          qr: 0,
          transfer: counted.transfer - 3000,
          total: counted.cash - 14300 + counted.transfer - 3000,
        },
        closedAt: '2026-11-26T20:00:00.000Z',
        closedBy: { id: 1, name: 'Jazmín' },
      });
      registers = registers.map((r) => ({ ...r, openSession: null }));
      return { data: { session: current } };
    },
    'POST /cash-sessions/7/reopen': (request) => {
      const { reason } = request.body as { reason: string };
      const undone = { closedAt: current.closedAt, closedBy: current.closedBy, expected: current.expected, counted: current.counted };
      current = session({
        reopenings: [
          { at: '2026-11-26T21:00:00.000Z', by: { id: 1, name: 'Jazmín' }, reason, undone: { ...undone, difference: current.difference } },
        ],
      });
      registers = registers.map((r) => ({ ...r, openSession: open.openSession }));
      return { data: { session: current } };
    },
  });
  return { calls, user: userEvent.setup() };
}

const open: Register = {
  id: 1,
  name: 'Caja 1',
  openSession: { id: 7, openedAt: '2026-11-26T12:00:00.000Z', openingCash: 5000, openedBy: { id: 1, name: 'Jazmín' } },
};
const closed: Register = { id: 2, name: 'Caja 2', openSession: null };

describe('CounterPage', () => {
  it('opens a closed register with the starting cash typed with es-AR separators', async () => {
    const { calls, user } = setup([closed]);
    renderApp(<CounterPage />);
    const field = await screen.findByLabelText('Efectivo inicial');
    await user.type(field, '12500');
    expect(field).toHaveValue('12.500');
    await user.click(screen.getByRole('button', { name: 'Abrir caja' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ openingCash: 12500 }));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/registers/2/sessions');
  });

  it("shows the open session's expected cash and movements; an expense needs its reason", async () => {
    const { calls, user } = setup([open]);
    renderApp(<CounterPage />);
    expect(await screen.findByTestId('session-expected')).toHaveTextContent('Efectivo esperado: $14.300');
    const rows = within(screen.getByTestId('movements-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Venta JL-20261126-0001 (Efectivo)');
    expect(rows[2]).toHaveTextContent('Gasto: Limpieza');
    expect(rows[2]).toHaveTextContent('−$700');
    await user.type(screen.getByLabelText('Monto'), '300');
    await user.click(screen.getByRole('button', { name: 'Guardar movimiento' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Indicá el motivo del gasto o del retiro');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Motivo'), 'Café');
    await user.click(screen.getByRole('button', { name: 'Guardar movimiento' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'expense', amount: 300, reason: 'Café' }));
  });

  it('closes with the counted amounts, showing the difference before and after', async () => {
    const { calls, user } = setup([open]);
    renderApp(<CounterPage />);
    await screen.findByTestId('close-table');
    await user.type(screen.getByLabelText('Efectivo contado'), '14000');
    await user.type(screen.getByLabelText('Transferencia contado'), '3000');
    const cashRow = within(screen.getByTestId('close-table')).getAllByRole('row')[1]!;
    expect(cashRow).toHaveTextContent('-$300');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/cash-sessions/7/close')?.body).toEqual({
        counted: { cash: 14000, card: 0, qr: 0, transfer: 3000 },
      }),
    );
    expect(await screen.findByTestId('session-difference')).toHaveTextContent('Diferencia total: -$300');
    expect(screen.getByRole('button', { name: 'Descargar reporte Z (PDF)' })).toBeInTheDocument();
  });

  it('shows the sales by channel', async () => {
    setup([open]);
    renderApp(<CounterPage />);
    const rows = within(await screen.findByTestId('channel-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Local1$10.000');
    expect(rows[2]).toHaveTextContent('WhatsApp1$3.000');
  });

  it('the owner reopens a closed session with a reason; it shows the reopening and can be closed again', async () => {
    const { calls, user } = setup([open]);
    renderApp(<CounterPage />);
    await screen.findByTestId('close-table');
    await user.type(screen.getByLabelText('Efectivo contado'), '14000');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    await user.click(await screen.findByRole('button', { name: 'Reabrir' }));
    await user.click(screen.getByRole('button', { name: 'Reabrir caja' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Indicá el motivo de la reapertura');
    expect(calls.some((c) => c.url === '/cash-sessions/7/reopen')).toBe(false);
    await user.type(screen.getByLabelText('Motivo de la reapertura'), 'Faltó una venta');
    await user.click(screen.getByRole('button', { name: 'Reabrir caja' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/cash-sessions/7/reopen')?.body).toEqual({ reason: 'Faltó una venta' }));
    expect(await screen.findByTestId('reopenings')).toHaveTextContent('Reabierta por Jazmín');
    expect(screen.getByTestId('reopenings')).toHaveTextContent('Faltó una venta');
    expect(screen.getByTestId('reopenings')).toHaveTextContent('diferencia de -$3.300');
    expect(await screen.findByRole('button', { name: 'Cerrar caja' })).toBeInTheDocument();
  });

  it('sales closes a session but is not offered to reopen it', async () => {
    const { user } = setup([open], { ...ADMIN_USER, staffRole: 'sales' });
    renderApp(<CounterPage />);
    await screen.findByTestId('close-table');
    await user.type(screen.getByLabelText('Efectivo contado'), '14300');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    expect(await screen.findByTestId('session-difference')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reabrir' })).toBeNull();
  });

  it('sales uses the counter but neither creates registers nor exports the CSV', async () => {
    setup([closed], { ...ADMIN_USER, staffRole: 'sales' });
    renderApp(<CounterPage />);
    expect(await screen.findByLabelText('Efectivo inicial')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre de la nueva caja')).toBeNull();
    expect(screen.queryByRole('button', { name: /Exportar CSV/ })).toBeNull();
  });

  it('the owner sees the CSV export and the new register form', async () => {
    setup([closed]);
    renderApp(<CounterPage />);
    expect(await screen.findByLabelText('Nombre de la nueva caja')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar CSV/ })).toBeInTheDocument();
  });
});
