import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_CATEGORIES, MSG, STOCK_MSG } from '@shop/shared';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { contentFixture, productFixture } from '@/test/fixtures';
import { ProductFormPage } from './product-form-page';
import { EMPTY_FORM_ERRORS } from './test-data';

function setup() {
  signInStorage();
  const calls = mockApi({
    'GET /content': () => ({ data: { content: contentFixture() } }),
    'POST /products': (request) => ({
      status: 201,
      data: { product: { _id: 'new-1', stock: 0, stockBySize: {}, colors: [], ...bodyOf(request), variants: undefined } },
    }),
  });
  renderApp(<ProductFormPage />, { route: '/products/new', path: '/products/new' });
  return { calls, user: userEvent.setup() };
}

type NewProduct = { title: string; description: string; category: string; price: string; size: string; stock?: string; image: string };

/** Fills the edit step with one size (and its stock when given) and goes on to the review step. */
async function fillNewProduct(user: ReturnType<typeof userEvent.setup>, product: NewProduct) {
  await user.type(await screen.findByLabelText(/Título/), product.title);
  await user.type(screen.getByLabelText(/Descripción/), product.description);
  await user.selectOptions(screen.getByLabelText(/Categoría/), product.category);
  await user.type(screen.getByLabelText(/Precio/), product.price);
  await user.click(screen.getByRole('checkbox', { name: product.size }));
  if (product.stock) await user.type(screen.getByLabelText(`Stock Negro ${product.size}`), product.stock);
  await user.type(screen.getByLabelText('Imagen principal (URL)'), product.image);
  await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
}

describe('product form', () => {
  it('shows every validation error together with the spec texts', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Revisar y continuar' }));
    const alert = screen.getByTestId('product-form-errors');
    for (const text of EMPTY_FORM_ERRORS) {
      expect(within(alert).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByTestId('product-review-step')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps only digits in the price and shows them with dot separators', async () => {
    const { user } = setup();
    const price = await screen.findByLabelText(/Precio/);
    await user.type(price, '12a50,0x0');
    expect(price).toHaveValue('125.000');
    await user.clear(price);
    await user.type(price, '1234567');
    expect(price).toHaveValue('1.234.567');
  });

  it('offers the sizes of the enabled size guide of the chosen category', async () => {
    const { user } = setup();
    const category = await screen.findByLabelText(/Categoría/);
    const sizes = () => within(screen.getByTestId('size-options'));
    const sizeLabels = () =>
      sizes()
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent);

    await user.selectOptions(category, 'corpinos');
    expect(sizeLabels()).toEqual(['85', '90', '95']);

    await user.selectOptions(category, 'bombachas');
    expect(sizeLabels()).toEqual(['S', 'M', 'L']);

    // conjuntos shows the corpiño, bombacha and bombis guides (bombis is disabled here)
    await user.selectOptions(category, 'conjuntos');
    expect(sizeLabels()).toEqual(['85', '90', '95', 'S', 'M', 'L']);

    await user.selectOptions(category, 'pijamas');
    expect(sizes().queryAllByRole('checkbox')).toHaveLength(0);
    expect(sizes().getByText(/no tiene una guía de talles habilitada/)).toBeInTheDocument();
  });

  it('goes to the review step, back to edit, and creates the product with numeric fields', async () => {
    const { user, calls } = setup();
    await fillNewProduct(user, {
      title: 'Conjunto Lila',
      description: 'Encaje suave',
      category: 'bombachas',
      price: '18500',
      size: 'M',
      stock: '4',
      image: '/uploads/lila.webp',
    });

    const review = await screen.findByTestId('product-review-step');
    expect(within(review).getByText('$18.500')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: /Volver a editar/ }));
    expect(screen.getByLabelText(/Título/)).toHaveValue('Conjunto Lila');
    // The packed parcel: a measure out of range is refused with the shared message; blank ones use the category's.
    await user.type(screen.getByLabelText('Peso embalado (g)'), '40000');
    await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
    expect(await screen.findByText('El peso del paquete va en gramos enteros, de 1 a 30000')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Peso embalado (g)'));
    await user.type(screen.getByLabelText('Peso embalado (g)'), '180');
    await user.type(screen.getByLabelText('Alto (cm)'), '3');

    await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
    await user.click(await screen.findByRole('button', { name: /Crear producto/ }));
    expect(await screen.findByText('Listado de productos')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/products');
    expect(post?.body).toEqual({
      title: 'Conjunto Lila',
      description: 'Encaje suave',
      price: 18500,
      category: 'bombachas',
      stock: 4,
      stockBySize: { M: 4 },
      discount: 0,
      size: ['M'],
      status: true,
      thumbnails: ['/uploads/lila.webp'],
      // A new product starts with the shop's default colours: one grid row each.
      colors: [
        { name: 'Negro', value: '#000000' },
        { name: 'Blanco', value: '#FFFFFF' },
      ],
      variants: [
        { color: 'Negro', size: 'M', stock: 4, active: true },
        { color: 'Blanco', size: 'M', stock: 0, active: true },
      ],
      parcel: { weight: 180, length: null, width: null, height: 3 },
      photoColors: {},
    });
  });

  it('disables saving with "Límite alcanzado" after a 429 answer', async () => {
    signInStorage();
    mockApi({
      'GET /content': () => ({ data: { content: contentFixture() } }),
      'POST /products': () => ({ status: 429, data: { message: 'Demasiadas peticiones' } }),
    });
    renderApp(<ProductFormPage />, { route: '/products/new', path: '/products/new' });
    const user = userEvent.setup();
    await fillNewProduct(user, {
      title: 'Body',
      description: 'Body negro',
      category: 'corpinos',
      price: '9000',
      size: '90',
      image: 'https://example.com/body.webp',
    });
    await user.click(await screen.findByRole('button', { name: /Crear producto/ }));
    expect(await screen.findByText(MSG.rateLimited)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Límite alcanzado/ })).toBeDisabled();
  });

  it('falls back to the default categories with a warning when the content cannot be loaded', async () => {
    signInStorage();
    mockApi({ 'GET /content': () => ({ status: 500, data: { message: 'Error interno del servidor' } }) });
    renderApp(<ProductFormPage />, { route: '/products/new', path: '/products/new' });
    expect(await screen.findByText(/No se pudieron cargar las categorías/)).toBeInTheDocument();
    const options = within(screen.getByLabelText(/Categoría/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Seleccioná una categoría', ...FALLBACK_CATEGORIES.map((c) => c.display_name)]);
  });

  describe('stock per size', () => {
    const loaded = productFixture({ _id: 'p-85', stock: 5, stockBySize: { '85': 3, '90': 2 } });

    function setupEdit(put: () => { status?: number; data: unknown }, freshAfterPut?: Record<string, number>) {
      signInStorage();
      let current = loaded;
      const calls = mockApi({
        'GET /content': () => ({ data: { content: contentFixture() } }),
        'GET /products/p-85': () => ({ data: { product: current } }),
        'PUT /products/p-85': () => {
          if (freshAfterPut) current = { ...loaded, stockBySize: { ...loaded.stockBySize, ...freshAfterPut }, stock: 3 };
          return put();
        },
        'GET /products': () => ({ data: { status: 'success', payload: [], totalPages: 0, totalDocs: 0 } }),
      });
      renderApp(<ProductFormPage />, { route: '/products/edit/p-85', path: '/products/edit/:id' });
      return { calls, user: userEvent.setup() };
    }

    it('offers the owner "Publicar en Mercado Libre", opening the channel page with this product chosen', async () => {
      setupEdit(() => ({ data: { product: loaded } }));
      await screen.findByTestId('stock-by-size');
      expect(screen.getByRole('link', { name: 'Publicar en Mercado Libre' })).toHaveAttribute(
        'href',
        '/channels/mercadolibre?publicar=p-85',
      );
    });

    it('edits the stock of each size in a table that follows the size list, sending the loaded figures', async () => {
      const { user, calls } = setupEdit(() => ({ data: { product: loaded } }));
      const table = await screen.findByTestId('stock-by-size');
      expect(screen.getByLabelText('Stock del talle 85')).toHaveValue('3');
      expect(screen.getByLabelText('Stock del talle 90')).toHaveValue('2');
      expect(within(table).getByTestId('stock-total')).toHaveTextContent('5');
      // Adding a size adds its row, removing one removes it.
      await user.click(screen.getByRole('checkbox', { name: '95' }));
      await user.type(screen.getByLabelText('Stock del talle 95'), '7');
      await user.click(screen.getByRole('checkbox', { name: '90' }));
      expect(screen.queryByLabelText('Stock del talle 90')).not.toBeInTheDocument();
      await user.clear(screen.getByLabelText('Stock del talle 85'));
      await user.type(screen.getByLabelText('Stock del talle 85'), 'x1');
      expect(within(table).getByTestId('stock-total')).toHaveTextContent('8');
      await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
      expect(await screen.findByTestId('review-stock-by-size')).toHaveTextContent('85: 1 · 95: 7');
      await user.click(screen.getByRole('button', { name: /Guardar cambios|Actualizar producto/ }));
      expect(await screen.findByText('Listado de productos')).toBeInTheDocument();
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.body).toMatchObject({
        size: ['85', '95'],
        stock: 8,
        stockBySize: { '85': 1, '95': 7 },
        variants: [
          { color: null, size: '85', stock: 1, sku: 'CORPINO-LILA-85', active: true },
          { color: null, size: '95', stock: 7, active: true },
        ],
        expectedVariants: { '~85': 3, '~90': 2 },
      });
      expect(put?.body).not.toHaveProperty('expectedStockBySize');
    });

    it('after a stale save, stays on the form with the Spanish notice and the fresh figures', async () => {
      const { user, calls } = setupEdit(
        () => ({ status: 409, data: { message: STOCK_MSG.stale, stockBySize: { '85': 1, '90': 2 }, stock: 3 } }),
        { '85': 1 },
      );
      await user.clear(await screen.findByLabelText('Stock del talle 85'));
      await user.type(screen.getByLabelText('Stock del talle 85'), '10');
      await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
      await user.click(await screen.findByRole('button', { name: /Guardar cambios|Actualizar producto/ }));
      expect(await screen.findByTestId('stale-stock-notice')).toHaveTextContent(STOCK_MSG.stale);
      expect(screen.getByLabelText('Stock del talle 85')).toHaveValue('1');
      expect(screen.getByLabelText('Stock del talle 90')).toHaveValue('2');
      // Saving again sends the fresh figures as the loaded ones.
      await user.clear(screen.getByLabelText('Stock del talle 85'));
      await user.type(screen.getByLabelText('Stock del talle 85'), '10');
      await user.click(screen.getByRole('button', { name: 'Revisar y continuar' }));
      await user.click(await screen.findByRole('button', { name: /Guardar cambios|Actualizar producto/ }));
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts).toHaveLength(2);
      expect(puts[1]?.body).toMatchObject({ stockBySize: { '85': 10, '90': 2 }, expectedVariants: { '~85': 1, '~90': 2 } });
    });
  });
});
