import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VARIANT_MSG, type Product } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { contentFixture, productFixture } from '@/test/fixtures';
import { ProductFormPage } from './product-form-page';

const variant = (color: string, size: string, stock: number, fields: Partial<NonNullable<Product['variants']>[number]> = {}) => ({
  id: `${color.toLowerCase()}~${size}`,
  sku: `CORPINO-LILA-${color.toUpperCase()}-${size}`,
  color,
  size,
  stock,
  barcode: null,
  active: true,
  available: stock > 0,
  ...fields,
});

/** 'Corpiño Lila' in Negro and Blanco, sizes 85 and 90: migrated, every unit on Negro. */
const loaded = productFixture({
  _id: 'p-grid',
  colors: [
    { name: 'Negro', value: '#000000' },
    { name: 'Blanco', value: '#FFFFFF' },
  ],
  stock: 5,
  stockBySize: { '85': 3, '90': 2 },
  variants: [variant('Negro', '85', 3), variant('Negro', '90', 2), variant('Blanco', '85', 0), variant('Blanco', '90', 0)],
  colorReview: true,
});

function setup() {
  signInStorage();
  const calls = mockApi({
    'GET /content': () => ({ data: { content: contentFixture() } }),
    'GET /products/p-grid': () => ({ data: { product: loaded } }),
    'PUT /products/p-grid': () => ({ data: { product: { ...loaded, colorReview: false } } }),
    'GET /stock-alerts': () => ({ data: { alerts: [], bySize: [] } }),
  });
  renderApp(<ProductFormPage />, { route: '/products/edit/p-grid', path: '/products/edit/:id' });
  return { calls, user: userEvent.setup() };
}

async function save(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
  await user.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
  expect(await screen.findByText('Listado de productos')).toBeInTheDocument();
}

describe('the colour × size grid of the product editor', () => {
  it('asks to spread a migrated product and sends the whole grid with the loaded units per variant', async () => {
    const { user, calls } = setup();
    expect(await screen.findByTestId('color-review-notice')).toHaveTextContent('Revisá el stock por color');
    const grid = await screen.findByTestId('stock-by-size');
    expect(within(grid).getByLabelText('Stock Negro 85')).toHaveValue('3');
    expect(within(grid).getByLabelText('Stock Blanco 90')).toHaveValue('0');

    await user.clear(screen.getByLabelText('Stock Negro 85'));
    await user.type(screen.getByLabelText('Stock Negro 85'), '1');
    await user.clear(screen.getByLabelText('Stock Blanco 85'));
    await user.type(screen.getByLabelText('Stock Blanco 85'), '2');
    expect(within(grid).getByTestId('size-total-85')).toHaveTextContent('3');
    expect(within(grid).getByTestId('stock-total')).toHaveTextContent('5');

    // The main photo shows Blanco.
    await user.selectOptions(screen.getByLabelText('Color de la imagen principal'), 'Blanco');
    await save(user);

    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      colors: [
        { name: 'Negro', value: '#000000' },
        { name: 'Blanco', value: '#FFFFFF' },
      ],
      variants: [
        { color: 'Negro', size: '85', stock: 1, sku: 'CORPINO-LILA-NEGRO-85', active: true },
        { color: 'Negro', size: '90', stock: 2, sku: 'CORPINO-LILA-NEGRO-90', active: true },
        { color: 'Blanco', size: '85', stock: 2, sku: 'CORPINO-LILA-BLANCO-85', active: true },
        { color: 'Blanco', size: '90', stock: 0, sku: 'CORPINO-LILA-BLANCO-90', active: true },
      ],
      expectedVariants: { 'negro~85': 3, 'negro~90': 2, 'blanco~85': 0, 'blanco~90': 0 },
      photoColors: { '/uploads/lila.webp': 'Blanco' },
      stock: 5,
      stockBySize: { '85': 3, '90': 2 },
    });
  });

  it('"Poner N en todos" fills every cell', async () => {
    const { user, calls } = setup();
    await user.type(await screen.findByLabelText('Unidades para todas las variantes'), '4');
    await user.click(screen.getByRole('button', { name: 'Poner 4 en todos' }));
    for (const name of ['Stock Negro 85', 'Stock Negro 90', 'Stock Blanco 85', 'Stock Blanco 90']) {
      expect(screen.getByLabelText(name)).toHaveValue('4');
    }
    expect(screen.getByTestId('stock-total')).toHaveTextContent('16');
    await save(user);
    const body = calls.find((c) => c.method === 'PUT')?.body as { variants: { stock: number }[] };
    expect(body.variants.map((v) => v.stock)).toEqual([4, 4, 4, 4]);
  });

  it('shows the message of a bad barcode beside its cell and does not go on', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: /SKU y código de barras/ }));
    const barcode = screen.getByLabelText('Código de barras Negro 85');
    await user.type(barcode, '7790000000001');
    await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
    expect(within(screen.getByTestId('product-form-errors')).getByText(`Negro 85: ${VARIANT_MSG.badBarcode}`)).toBeInTheDocument();
    expect(barcode).toHaveAttribute('aria-invalid', 'true');
    expect(barcode).toHaveAccessibleDescription(VARIANT_MSG.badBarcode);
    expect(screen.queryByTestId('product-review-step')).not.toBeInTheDocument();

    // A valid EAN-13 and an inactive cell go on.
    await user.clear(barcode);
    await user.type(barcode, '7790000000003');
    await user.click(screen.getAllByRole('checkbox', { name: /Se vende Blanco 90/ })[0] as HTMLElement);
    await save(user);
    const body = calls.find((c) => c.method === 'PUT')?.body as { variants: Record<string, unknown>[] };
    expect(body.variants[0]).toMatchObject({ color: 'Negro', size: '85', barcode: '7790000000003' });
    expect(body.variants[3]).toMatchObject({ color: 'Blanco', size: '90', active: false });
  });

  it('keeps the typed cells when a colour or a size is added, the new ones at 0', async () => {
    const { user } = setup();
    await user.clear(await screen.findByLabelText('Stock Blanco 85'));
    await user.type(screen.getByLabelText('Stock Blanco 85'), '6');
    await user.type(screen.getByLabelText('Nuevo color'), 'Nude{Enter}');
    await user.click(screen.getByRole('checkbox', { name: '95' }));
    expect(screen.getByLabelText('Stock Blanco 85')).toHaveValue('6');
    expect(screen.getByLabelText('Stock Negro 85')).toHaveValue('3');
    expect(screen.getByLabelText('Stock Nude 85')).toHaveValue('');
    expect(screen.getByLabelText('Stock Nude 95')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Quitar color Negro' }));
    expect(screen.queryByLabelText('Stock Negro 85')).not.toBeInTheDocument();
    expect(screen.getByTestId('stock-total')).toHaveTextContent('6');
  });
});
