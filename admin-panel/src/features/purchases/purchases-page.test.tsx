import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PURCHASES_MSG, type ApiUser, type Purchase, type PurchasesAnswer, type Supplier } from '@shop/shared';
import { renderApp, signInStorage, ADMIN_USER } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { PurchasesPage } from './purchases-page';

const SUPPLIER: Supplier = { id: 7, name: 'Lencería Mayorista', cuit: null, contact: null };

const purchase = (id: number, over: Partial<Purchase> = {}): Purchase => ({
  id,
  label: `Compra N° ${id}`,
  supplier: { id: SUPPLIER.id, name: SUPPLIER.name },
  status: 'received',
  lines: [
    {
      productId: 'p-lila',
      productTitle: 'Corpiño Lila',
      variantId: 'negro~85',
      sku: 'LILA-NEGRO-85',
      barcode: null,
      color: 'Negro',
      size: '85',
      quantity: 3,
      received: 3,
      unitCost: 1500,
    },
  ],
  totalCost: 4500,
  units: 3,
  receivedUnits: 3,
  staffEmail: 'admin@example.com',
  createdAt: '2026-11-25T15:00:00.000Z',
  receivedAt: '2026-11-25T15:10:00.000Z',
  reversedAt: null,
  ...over,
});

const listOf = (purchases: Purchase[]): PurchasesAnswer => ({ purchases, page: 1, pageSize: 25, total: purchases.length, pageCount: 1 });

function setup(stored: Purchase[] = [], suppliers: Supplier[] = [SUPPLIER], user: ApiUser = ADMIN_USER) {
  signInStorage(user);
  let saved: Purchase | null = null;
  let costMethod = 'last';
  const calls = mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /purchase-settings': () => ({ data: { costMethod, paymentFeePercent: 0, pointFeePercent: 0, qrFeePercent: 0 } }),
    'PUT /purchase-settings': (request) => {
      costMethod = (request.body as { costMethod: string }).costMethod;
      return { data: { costMethod, paymentFeePercent: 0, pointFeePercent: 0, qrFeePercent: 0 } };
    },
    'GET /suppliers': () => ({ data: { suppliers } }),
    'POST /suppliers': (request) => {
      const body = request.body as { name: string };
      const supplier = { id: 8, name: body.name, cuit: null, contact: null };
      suppliers = [...suppliers, supplier];
      return { status: 201, data: { supplier } };
    },
    'PUT /suppliers/*': (request) => {
      const body = request.body as { name: string; cuit: string; contact: string };
      const supplier = { id: 7, name: body.name, cuit: '20123456786', contact: body.contact };
      suppliers = suppliers.map((s) => (s.id === 7 ? supplier : s));
      return { data: { supplier } };
    },
    'GET /purchases': () => ({ data: listOf(saved ? [saved, ...stored] : stored) }),
    'POST /purchases': (request) => {
      const body = request.body as { lines: { sku: string; quantity: number; unitCost: number }[] };
      saved = purchase(12, {
        status: 'draft',
        receivedUnits: 0,
        units: body.lines.reduce((sum, line) => sum + line.quantity, 0),
        lines: body.lines.map((line) => ({
          ...purchase(12).lines[0]!,
          sku: line.sku,
          quantity: line.quantity,
          received: 0,
          unitCost: line.unitCost,
        })),
      });
      return { status: 201, data: { message: PURCHASES_MSG.saved, purchase: saved } };
    },
    'POST /purchases/sheet': () => ({
      data: {
        rows: 4,
        skipped: 1,
        lines: [
          { line: 2, sku: 'LILA-NEGRO-85', product: 'Corpiño Lila', color: 'Negro', size: '85', quantity: 4, unitCost: 1600 },
          { line: 3, sku: 'LILA-NEGRO-90', product: 'Corpiño Lila', color: 'Negro', size: '90', quantity: 2, unitCost: null },
        ],
        errors: [{ line: 5, message: 'No hay ninguna variante con SKU NADA' }],
      },
    }),
    'POST /purchases/*/receive': (request) => {
      const part = (request.body as { lines?: { sku: string; quantity: number }[] }).lines;
      if (part) {
        const partial = purchase(6, { status: 'partial', units: 5, receivedUnits: part[0]!.quantity });
        return { data: { message: PURCHASES_MSG.received, purchase: partial } };
      }
      saved = {
        ...saved!,
        status: 'received',
        receivedUnits: saved!.units,
        lines: saved!.lines.map((l) => ({ ...l, received: l.quantity })),
      };
      return { data: { message: PURCHASES_MSG.received, purchase: saved } };
    },
    'POST /purchases/*/reverse': (request) => {
      if (request.url === '/purchases/5/reverse') return { status: 409, data: { message: PURCHASES_MSG.belowZero('LILA-NEGRO-85', 1) } };
      return { data: { message: PURCHASES_MSG.reversed, purchase: purchase(4, { status: 'reversed' }) } };
    },
  });
  return calls;
}

describe('PurchasesPage ("Ingreso de mercadería")', () => {
  it('adds a line per code on Enter (the same code again is one more unit), then saves and receives everything', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<PurchasesPage />);
    await screen.findByRole('option', { name: 'Lencería Mayorista' });
    await user.selectOptions(screen.getByLabelText('Proveedor'), 'Lencería Mayorista');
    const scan = screen.getByLabelText('Escaneá o escribí un SKU o código de barras y apretá Enter');
    await user.type(scan, 'lila-negro-85{Enter}');
    await user.type(scan, 'LILA-NEGRO-85{Enter}');
    await user.type(scan, '7790001234568{Enter}');
    expect(scan).toHaveValue('');
    expect(screen.getAllByTestId('purchase-line')).toHaveLength(2);
    expect(screen.getByLabelText('Cantidad de LILA-NEGRO-85')).toHaveValue(2);
    const cost = screen.getByLabelText('Costo unitario de LILA-NEGRO-85');
    await user.clear(cost);
    await user.type(cost, '1500');
    await user.clear(screen.getByLabelText('Costo unitario de 7790001234568'));
    await user.type(screen.getByLabelText('Costo unitario de 7790001234568'), '900');
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('Total: $3.900 (3 unidades)');
    // Enter in the scanner never sends the form: nothing was saved yet.
    expect(calls.some((c) => c.method === 'POST' && c.url === '/purchases')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Recibir todo' }));
    expect(await screen.findByTestId('purchases-notice')).toHaveTextContent('Compra N° 12 recibida: 3 unidades sumadas al stock.');
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/purchases');
    expect(sent?.body).toEqual({
      supplierId: 7,
      lines: [
        { sku: 'LILA-NEGRO-85', quantity: 2, unitCost: 1500 },
        { sku: '7790001234568', quantity: 1, unitCost: 900 },
      ],
    });
    expect(calls.some((c) => c.method === 'POST' && c.url === '/purchases/12/receive')).toBe(true);
    const row = await screen.findByTestId('purchase-row');
    expect(row).toHaveTextContent('Recibida');
    expect(row).toHaveTextContent('3 de 3 recibidas');
    expect(screen.queryAllByTestId('purchase-line')).toHaveLength(0);
  });

  it('creates a supplier from "Nuevo proveedor" and chooses it', async () => {
    const calls = setup([], []);
    const user = userEvent.setup();
    renderApp(<PurchasesPage />);
    await user.click(await screen.findByRole('button', { name: 'Nuevo proveedor' }));
    const form = screen.getByRole('form', { name: 'Nuevo proveedor' });
    await user.type(within(form).getByLabelText('Nombre del proveedor'), 'Textil Once');
    await user.type(within(form).getByLabelText('CUIT (opcional)'), '20-12345678-6');
    await user.click(within(form).getByRole('button', { name: 'Guardar proveedor' }));
    await waitFor(() => expect(screen.getByLabelText('Proveedor')).toHaveValue('8'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/suppliers')?.body).toEqual({
      name: 'Textil Once',
      cuit: '20-12345678-6',
      contact: '',
    });
    expect(screen.queryByRole('form', { name: 'Nuevo proveedor' })).not.toBeInTheDocument();
  });

  it('reverses a received purchase only after the confirmation, and shows the refusal in Spanish', async () => {
    const calls = setup([purchase(5), purchase(4), purchase(3, { status: 'reversed' })]);
    const user = userEvent.setup();
    renderApp(<PurchasesPage />);
    await screen.findAllByTestId('purchase-row');
    expect(screen.queryByRole('button', { name: 'Revertir Compra N° 3' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revertir Compra N° 4' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Las 3 unidades recibidas salen del stock');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.url.endsWith('/reverse'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revertir Compra N° 4' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revertir' }));
    expect(await screen.findByTestId('purchases-notice')).toHaveTextContent('Compra N° 4 revertida');
    expect(calls.filter((c) => c.url === '/purchases/4/reverse')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Revertir Compra N° 5' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revertir' }));
    await waitFor(() => expect(screen.getByTestId('purchases-notice')).toHaveTextContent(PURCHASES_MSG.belowZero('LILA-NEGRO-85', 1)));
  });

  it('lets the owner choose the cost method; catalog staff only read it', async () => {
    const calls = setup();
    const user = userEvent.setup();
    const { unmount } = renderApp(<PurchasesPage />);
    const select = await screen.findByLabelText('Costo de las variantes al recibir');
    expect(select).toHaveValue('last');
    await user.selectOptions(select, 'Promedio ponderado');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url === '/purchase-settings')?.body).toEqual({ costMethod: 'average' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Costo de las variantes al recibir')).toHaveValue('average'));
    unmount();

    setup([], [SUPPLIER], { ...ADMIN_USER, staffRole: 'catalog' });
    renderApp(<PurchasesPage />);
    expect(await screen.findByTestId('cost-method')).toHaveTextContent('Costo de las variantes: Último costo.');
    expect(screen.queryByLabelText('Costo de las variantes al recibir')).not.toBeInTheDocument();
  });

  it('fills the lines from a spreadsheet in the stock sheet format: units added, costs taken, bad rows named', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<PurchasesPage />);
    const scan = await screen.findByLabelText('Escaneá o escribí un SKU o código de barras y apretá Enter');
    await user.type(scan, 'LILA-NEGRO-85{Enter}');
    const file = new File(['sku;stock;costo\nLILA-NEGRO-85;4;1600'], 'compra.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Cargar líneas desde una planilla (.csv)'), file);
    const result = await screen.findByTestId('purchase-sheet-result');
    expect(result).toHaveTextContent(
      'Se agregaron 2 líneas de la planilla (1 fila sin unidades). 1 línea no tiene costo: completalo antes de recibir.',
    );
    expect(result).toHaveTextContent('Fila 5: No hay ninguna variante con SKU NADA');
    expect((calls.find((c) => c.url === '/purchases/sheet')?.body as File).name).toBe('compra.csv');
    // The scanned unit plus the sheet's 4, at the sheet's cost; the new line waits for its cost.
    expect(screen.getByLabelText('Cantidad de LILA-NEGRO-85')).toHaveValue(5);
    expect(screen.getByLabelText('Costo unitario de LILA-NEGRO-85')).toHaveValue(1600);
    expect(screen.getByLabelText('Cantidad de LILA-NEGRO-90')).toHaveValue(2);
    expect(screen.getByLabelText('Costo unitario de LILA-NEGRO-90')).toHaveValue(0);
  });

  it('receives part of a purchase: the units that arrived per line, never more than what is left', async () => {
    const draftPurchase = purchase(6, {
      status: 'draft',
      units: 5,
      receivedUnits: 0,
      lines: [{ ...purchase(6).lines[0]!, quantity: 5, received: 0 }],
    });
    const calls = setup([draftPurchase]);
    const user = userEvent.setup();
    renderApp(<PurchasesPage />);
    await user.click(await screen.findByRole('button', { name: 'Recibir parte de Compra N° 6' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recibir parte de la compra n° 6' });
    const units = within(dialog).getByLabelText('Unidades de LILA-NEGRO-85 que llegaron');
    await user.type(units, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Recibir lo indicado' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('no supere lo que queda por recibir');
    expect(calls.some((c) => c.url === '/purchases/6/receive')).toBe(false);
    await user.clear(units);
    await user.type(units, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Recibir lo indicado' }));
    expect(await screen.findByTestId('purchases-notice')).toHaveTextContent('Compra N° 6: 2 de 5 unidades recibidas.');
    expect(calls.find((c) => c.url === '/purchases/6/receive')?.body).toEqual({ lines: [{ sku: 'LILA-NEGRO-85', quantity: 2 }] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits the chosen supplier (its CUIT and contact) from "Editar proveedor"', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(<PurchasesPage />);
    await screen.findByRole('option', { name: 'Lencería Mayorista' });
    expect(screen.queryByRole('button', { name: 'Editar proveedor' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Proveedor'), 'Lencería Mayorista');
    await user.click(screen.getByRole('button', { name: 'Editar proveedor' }));
    const form = screen.getByRole('form', { name: 'Editar Lencería Mayorista' });
    expect(within(form).getByLabelText('Nombre del proveedor')).toHaveValue('Lencería Mayorista');
    await user.type(within(form).getByLabelText('CUIT (opcional)'), '20-12345678-6');
    await user.type(within(form).getByLabelText('Contacto (opcional)'), 'Marta 11 5555-0101');
    await user.click(within(form).getByRole('button', { name: 'Guardar proveedor' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar Lencería Mayorista' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT' && c.url === '/suppliers/7')?.body).toEqual({
      name: 'Lencería Mayorista',
      cuit: '20-12345678-6',
      contact: 'Marta 11 5555-0101',
    });
    expect(screen.getByLabelText('Proveedor')).toHaveValue('7');
  });
});
