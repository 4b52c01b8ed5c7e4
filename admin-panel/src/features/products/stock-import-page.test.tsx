import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi, type RecordedRequest } from '@/test/mock-api';
import { StockImportPage } from './stock-import-page';

const CSV = 'sku;barcode;producto;color;talle;stock\r\nBODY-NEGRO-M;;Body;Negro;M;7\r\nBODY-ROJO-M;;Body;Rojo;M;x\r\n';
const change = { line: 2, sku: 'BODY-NEGRO-M', product: 'Body', color: 'Negro', size: 'M', from: 3, to: 7 };

function setup(routes: Parameters<typeof mockApi>[0]) {
  signInStorage();
  const calls = mockApi(routes);
  const view = renderApp(<StockImportPage />, { route: '/stock', path: '/stock' });
  return { calls, view, user: userEvent.setup() };
}

const csvFile = (text = CSV, name = 'stock.csv') => new File([text], name, { type: 'text/csv' });
const isApply = (request: RecordedRequest) => request.params.apply !== undefined;

describe('Actualizar stock desde planilla', () => {
  it('previews the file, lists every refused row with its line and keeps "Aplicar cambios" disabled', async () => {
    const { user, calls } = setup({
      'POST /products/stock.csv': () => ({
        data: { applied: false, changes: [change], errors: [{ line: 3, message: 'El stock debe ser un número entero desde 0' }], rows: 2 },
      }),
    });
    expect(await screen.findByRole('button', { name: 'Exportar CSV de stock por variante' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Planilla de stock (.csv)'), csvFile());
    const preview = await screen.findByTestId('stock-import-preview');
    expect(within(preview).getByTestId('stock-import-errors')).toHaveTextContent('Fila 3: El stock debe ser un número entero desde 0');
    const row = within(preview).getByTestId('stock-import-change');
    expect(row).toHaveTextContent('BODY-NEGRO-M');
    expect(row).toHaveTextContent('37');
    expect(within(preview).getByRole('button', { name: 'Aplicar cambios' })).toBeDisabled();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.params).toEqual({});
    expect(post?.body).toBeInstanceOf(Blob);
    // The file itself goes as the body, not a form.
    expect((post?.body as File).name).toBe('stock.csv');
    expect((post?.body as File).size).toBe(CSV.length);
  });

  it('lists the parcels a file changes and applies a file that changes only parcels', async () => {
    const parcel = {
      line: 2,
      product: 'Body',
      productId: 'p1',
      from: { weight: null, length: null, width: null, height: null },
      to: { weight: 180, length: 25, width: null, height: 3 },
    };
    setup({
      'POST /products/stock.csv': (request) => ({
        data: { applied: isApply(request), changes: [], parcels: [parcel], errors: [], rows: 1 },
      }),
    });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Planilla de stock (.csv)'), csvFile());
    const table = await screen.findByTestId('stock-import-parcels');
    expect(within(table).getByRole('row', { name: /Body/ })).toHaveTextContent('peso de la categoría · — × — × — cm180 g · 25 × — × 3 cm');
    await user.click(screen.getByRole('button', { name: 'Aplicar cambios' }));
    expect(await screen.findByTestId('stock-import-success')).toHaveTextContent('Stock actualizado: 0 cambios aplicados y 1 paquete.');
  });

  it('applies a clean file with ?apply=1, says so and refreshes the products', async () => {
    const { user, calls, view } = setup({
      'POST /products/stock.csv': (request) => ({
        data: { applied: isApply(request), changes: [change], errors: [], rows: 1 },
      }),
    });
    const invalidated: unknown[] = [];
    view.client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') invalidated.push(event.query.queryKey);
    });
    view.client.setQueryData(['products', 'list', {}], { payload: [] });
    await user.upload(screen.getByLabelText('Planilla de stock (.csv)'), csvFile());
    const apply = await screen.findByRole('button', { name: 'Aplicar cambios' });
    expect(apply).toBeEnabled();
    await user.click(apply);
    expect(await screen.findByTestId('stock-import-success')).toHaveTextContent('Stock actualizado: 1 cambio aplicado.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map(isApply)).toEqual([false, true]);
    expect(posts[1]?.params).toEqual({ apply: 1 });
    await waitFor(() => expect(invalidated).toContainEqual(['products', 'list', {}]));
    expect(screen.queryByTestId('stock-import-preview')).not.toBeInTheDocument();
  });

  it('says "No hay cambios" for a file equal to the shop', async () => {
    const { user } = setup({ 'POST /products/stock.csv': () => ({ data: { applied: false, changes: [], errors: [], rows: 4 } }) });
    await user.upload(screen.getByLabelText('Planilla de stock (.csv)'), csvFile());
    expect(await screen.findByText('No hay cambios')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar cambios' })).toBeDisabled();
  });

  it('shows the rows an apply refused (400) and disables applying again', async () => {
    const refused = { line: 2, message: 'BODY-NEGRO-M: se vendieron unidades mientras tanto' };
    const { user } = setup({
      'POST /products/stock.csv': (request) =>
        isApply(request)
          ? { status: 400, data: { error: 'La planilla tiene filas con errores', errors: [refused], changes: [change] } }
          : { data: { applied: false, changes: [change], errors: [], rows: 1 } },
    });
    await user.upload(screen.getByLabelText('Planilla de stock (.csv)'), csvFile());
    await user.click(await screen.findByRole('button', { name: 'Aplicar cambios' }));
    expect(await screen.findByTestId('stock-import-errors')).toHaveTextContent(`Fila 2: ${refused.message}`);
    expect(screen.getByText('La planilla tiene filas con errores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar cambios' })).toBeDisabled();
    expect(screen.queryByTestId('stock-import-success')).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const { user, calls } = setup({});
    const big = csvFile('x'.repeat(5 * 1024 * 1024 + 1));
    await user.upload(screen.getByLabelText('Planilla de stock (.csv)'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo supera los 5 MB');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
