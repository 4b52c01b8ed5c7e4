import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STOCK_LEDGER_MSG, type ApiUser, type StockMovement, type StockMovementsAnswer } from '@shop/shared';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { productFixture } from '@/test/fixtures';
import { StockHistoryCard } from './stock-history-card';

const product = productFixture({
  colors: [{ name: 'Negro', value: '#000000' }],
  stock: 5,
  stockBySize: { '85': 3, '90': 2 },
  variants: [
    { id: 'negro~85', sku: 'LILA-NEGRO-85', color: 'Negro', size: '85', stock: 3, barcode: null, active: true, available: true },
    { id: 'negro~90', sku: 'LILA-NEGRO-90', color: 'Negro', size: '90', stock: 2, barcode: null, active: true, available: true },
  ],
});

const movement = (id: number, over: Partial<StockMovement> = {}): StockMovement => ({
  id,
  productId: 'p-lila',
  productTitle: 'Corpiño Lila',
  variantId: 'negro~85',
  sku: 'LILA-NEGRO-85',
  color: 'Negro',
  size: '85',
  quantity: -1,
  unitsAfter: 3,
  reason: 'web_order',
  adjustment: null,
  note: null,
  reference: { kind: 'order', id: 'o-1', label: 'JL-20261122-0007' },
  staff: null,
  at: '2026-11-22T18:05:00.000Z',
  ...over,
});

function page(movements: StockMovement[], pageCount = 1): StockMovementsAnswer {
  return { movements, page: 1, pageSize: 25, total: movements.length, pageCount, capped: false };
}

function setup(
  user: ApiUser = ADMIN_USER,
  stored: StockMovement[] = [movement(2), movement(1, { reason: 'opening', quantity: 4, unitsAfter: 4, reference: null })],
) {
  signInStorage(user);
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /stock-movements': () => ({ data: page(stored, 2) }),
    'POST /stock-adjustments': (request) => {
      const body = request.body as { sku: string; quantity: number; reason: 'rotura' | 'robo' | 'conteo' };
      return {
        status: 201,
        data: {
          message: STOCK_LEDGER_MSG.adjusted,
          movement: movement(3, { reason: 'adjustment', adjustment: body.reason, quantity: body.quantity, unitsAfter: 2, reference: null }),
        },
      };
    },
  });
  return { calls, user: userEvent.setup() };
}

describe('StockHistoryCard', () => {
  it("lists the product's movements newest first with reason, units, what is left, the order and who", async () => {
    const { calls } = setup();
    renderApp(<StockHistoryCard product={product} onAdjusted={() => undefined} />);
    const table = await screen.findByTestId('stock-history-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent?.trim()),
    ).toEqual(['22/11/2026, 15:05', 'Negro 85 LILA-NEGRO-85', 'Pedido web', '−1', '3', 'Orden JL-20261122-0007', 'La tienda']);
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('Saldo inicial');
    expect(calls.find((c) => c.url === '/stock-movements')?.params).toEqual({ productId: 'p-lila', page: 1 });
    expect(screen.getByRole('navigation', { name: 'Páginas del historial de stock' })).toBeInTheDocument();
  });

  it('names a purchase received or reversed ("Ingreso de mercadería")', async () => {
    setup(ADMIN_USER, [
      movement(5, {
        reason: 'purchase_reversal',
        quantity: -4,
        unitsAfter: 1,
        note: 'reversión',
        reference: { kind: 'purchase', id: '12', label: 'Compra N° 12' },
      }),
      movement(4, { reason: 'purchase', quantity: 4, unitsAfter: 5, reference: { kind: 'purchase', id: '12', label: 'Compra N° 12' } }),
    ]);
    renderApp(<StockHistoryCard product={product} onAdjusted={() => undefined} />);
    const rows = within(await screen.findByTestId('stock-history-table')).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.trim());
    expect(cells(rows[1]!).slice(2, 6)).toEqual(['Reversión de un ingresoreversión', '−4', '1', 'Compra N° 12']);
    expect(cells(rows[2]!).slice(2, 6)).toEqual(['Ingreso de mercadería', '+4', '5', 'Compra N° 12']);
  });

  it('filters by variant and reason, back to the first page', async () => {
    const { calls, user } = setup();
    renderApp(<StockHistoryCard product={product} onAdjusted={() => undefined} />);
    await screen.findByTestId('stock-history-table');
    await user.selectOptions(screen.getByLabelText('Variante'), 'LILA-NEGRO-90');
    await user.selectOptions(screen.getByLabelText('Motivo'), 'cancel');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/stock-movements').pop()?.params).toEqual({
        productId: 'p-lila',
        sku: 'LILA-NEGRO-90',
        reason: 'cancel',
        page: 1,
      }),
    );
  });

  it('says when only the newest 10,000 movements are paged', async () => {
    signInStorage(ADMIN_USER);
    mockApi({
      'GET /auth/check': () => ({ data: { user: ADMIN_USER } }),
      'GET /stock-movements': () => ({ data: { ...page([movement(2)], 400), total: 10_000, capped: true } }),
    });
    renderApp(<StockHistoryCard product={product} onAdjusted={() => undefined} />);
    expect(await screen.findByTestId('stock-history-capped')).toHaveTextContent('Se muestran los 10.000 movimientos más recientes');
  });

  it('says so when there is nothing yet', async () => {
    setup(ADMIN_USER, []);
    renderApp(<StockHistoryCard product={product} onAdjusted={() => undefined} />);
    expect(await screen.findByText('Todavía no hay movimientos')).toBeInTheDocument();
  });

  it('"Ajuste de stock" asks for the variant, the units and the mandatory reason, then sends it', async () => {
    const { calls, user } = setup();
    const onAdjusted = vi.fn();
    renderApp(<StockHistoryCard product={product} onAdjusted={onAdjusted} />);
    await user.click(await screen.findByRole('button', { name: 'Ajuste de stock' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajuste de stock' });
    // The first field has the focus; sending it empty names each missing piece in Spanish.
    expect(within(dialog).getByLabelText(/Variante/)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    expect(within(dialog).getByText(STOCK_LEDGER_MSG.skuRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(STOCK_LEDGER_MSG.reason)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.selectOptions(within(dialog).getByLabelText(/Variante/), 'LILA-NEGRO-85');
    await user.type(within(dialog).getByLabelText(/Unidades/), '5');
    await user.selectOptions(within(dialog).getByLabelText(/Motivo/), 'rotura');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    // More than there is: refused before sending.
    expect(within(dialog).getByText(STOCK_LEDGER_MSG.belowZero('LILA-NEGRO-85', 3))).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Unidades/));
    await user.type(within(dialog).getByLabelText(/Unidades/), '1');
    await user.type(within(dialog).getByLabelText(/Nota/), 'Bretel descosido');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    await waitFor(() => expect(onAdjusted).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/stock-adjustments')?.body).toEqual({
      sku: 'LILA-NEGRO-85',
      quantity: -1,
      reason: 'rotura',
      note: 'Bretel descosido',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(/Ajuste de stock guardado: Negro 85 −1, quedan 2/)).toBeInTheDocument();
  });

  it('is hidden from sales (no stock.view)', async () => {
    setup({ ...ADMIN_USER, staffRole: 'sales' });
    const { container } = renderApp(<StockHistoryCard product={product} onAdjusted={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
