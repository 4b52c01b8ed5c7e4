import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_MERCADOLIBRE_SETTINGS, type MercadoLibreListing, type MercadoLibreSettings } from '@shop/shared';
import { mercadoLibreChannel, mercadoLibreProduct } from '@/test/fixtures';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, deferred, mockApi, type MockReply, type MockRoutes } from '@/test/mock-api';
import { MercadoLibrePage } from './mercadolibre-page';

const product = (_id: string, title: string) => mercadoLibreProduct(_id, title, { category: 'lenceria' });
const PRODUCTS = [
  product('prod1', 'Corpiño Soft Encaje'),
  product('prod2', 'Bombacha Vedetina'),
  product('prod3', 'Conjunto Encaje Rojo'),
  product('prod4', 'Body Tul'),
];
const listing = (productId: string, itemId: string): MercadoLibreListing => ({
  productId,
  productTitle: PRODUCTS.find((p) => p._id === productId)?.title ?? productId,
  itemId,
  status: 'active',
  categoryId: 'MLA1',
  permalink: null,
  price: null,
  variations: [],
  lastError: null,
  syncedAt: null,
  pending: false,
});
const BRAND = { id: 'BRAND', name: 'Marca', message: 'Indicá marca', values: [] };
const GENDER = { id: 'GENDER', name: 'Género', message: 'Indicá género', values: [{ id: '1', name: 'Mujer' }] };
const MATERIAL = { id: 'MATERIAL', name: 'Material', message: 'Indicá material', values: [] };
/** Bombachas ask brand and gender, conjuntos brand and material; Mercado Libre suggests nothing for "Body Tul". */
const CATEGORY_OF: Record<string, string> = { 'Bombacha Vedetina': 'MLA1', 'Conjunto Encaje Rojo': 'MLA2' };
const ATTRIBUTES_OF: Record<string, unknown[]> = { MLA1: [BRAND, GENDER], MLA2: [BRAND, MATERIAL] };

function routes(listed: MercadoLibreListing[], post: MockRoutes[string], settings?: MercadoLibreSettings): MockRoutes {
  return {
    'GET /channels/mercadolibre': () => ({ data: mercadoLibreChannel(true, settings) }),
    'GET /channels/mercadolibre/listings': () => ({ data: { listings: listed } }),
    'GET /products': (request) => {
      const term = String(request.params.searchTerm ?? '').toLowerCase();
      const payload = PRODUCTS.filter((p) => p.title.toLowerCase().includes(term));
      return {
        data: { status: 'success', payload, totalPages: 1, totalDocs: payload.length, totalProducts: payload.length, page: 1, limit: 20 },
      };
    },
    'GET /channels/mercadolibre/categories': (request) => {
      const id = CATEGORY_OF[String(request.params.title)];
      return { data: { categories: id ? [{ categoryId: id, categoryName: `Categoría ${id}`, domainName: id }] : [] } };
    },
    'GET /channels/mercadolibre/categories/*/attributes': (request) => ({
      data: { required: ATTRIBUTES_OF[request.url.split('/')[4] ?? ''] ?? [] },
    }),
    'POST /channels/mercadolibre/listings': post,
  };
}

async function openCard() {
  renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre' });
  const card = await screen.findByTestId('meli-bulk');
  await within(card).findByRole('checkbox', { name: 'Bombacha Vedetina' });
  return card;
}

afterEach(() => vi.restoreAllMocks());

describe('Canales › Mercado Libre: Publicar varios', () => {
  it('lists only the products not yet listed, searches by title and selects all visible', async () => {
    signInStorage();
    mockApi(routes([listing('prod1', 'MLA100')], () => ({ status: 500 })));
    const user = userEvent.setup();
    const card = await openCard();
    const list = within(card).getByRole('group', { name: 'Productos sin publicar' });
    expect(within(list).queryByRole('checkbox', { name: 'Corpiño Soft Encaje' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('checkbox')).toHaveLength(4); // three products and "all visible"
    expect(within(card).getByRole('button', { name: 'Publicar 0 productos' })).toBeDisabled();

    await user.type(within(card).getByLabelText('Buscar por título'), 'encaje');
    await waitFor(() => expect(within(list).queryByRole('checkbox', { name: 'Bombacha Vedetina' })).not.toBeInTheDocument());
    await user.click(within(list).getByRole('checkbox', { name: 'Seleccionar todos los visibles' }));
    expect(within(list).getByRole('checkbox', { name: 'Conjunto Encaje Rojo' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Publicar 1 producto' })).toBeEnabled();

    // A chosen product stays chosen when the search changes; "all visible" adds the rest.
    await user.clear(within(card).getByLabelText('Buscar por título'));
    const bombacha = await within(list).findByRole('checkbox', { name: 'Bombacha Vedetina' });
    expect(bombacha).not.toBeChecked();
    await user.click(within(list).getByRole('checkbox', { name: 'Seleccionar todos los visibles' }));
    expect(within(card).getByRole('button', { name: 'Publicar 3 productos' })).toBeEnabled();
    await user.click(bombacha);
    expect(within(card).getByRole('button', { name: 'Publicar 2 productos' })).toBeEnabled();
    expect(within(list).getByRole('checkbox', { name: 'Seleccionar todos los visibles' })).not.toBeChecked();
  });

  it('asks the union of the required attributes once, publishes one at a time with each body, shows every outcome and retries only the failed', async () => {
    signInStorage();
    const gates: { resolve: (reply: MockReply) => void }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const calls = mockApi(
      routes([listing('prod1', 'MLA100')], async () => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const gate = deferred<MockReply>();
        gates.push(gate);
        const reply = await gate.promise;
        inFlight -= 1;
        return reply;
      }),
    );
    const posts = () => calls.filter((c) => c.method === 'POST');
    const user = userEvent.setup();
    const card = await openCard();
    await user.click(within(card).getByRole('checkbox', { name: 'Seleccionar todos los visibles' }));
    const brand = await within(card).findByLabelText('Marca');
    await within(card).findByLabelText('Material');
    expect(within(card).getAllByLabelText('Marca')).toHaveLength(1);
    expect(within(card).getByText(/Sin categoría sugerida/)).toHaveTextContent('Body Tul');

    // A missing common attribute is asked before anything is sent.
    await user.click(within(card).getByRole('button', { name: 'Publicar 3 productos' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Indicá marca');
    expect(posts()).toHaveLength(0);

    await user.type(brand, 'Propia');
    await user.selectOptions(within(card).getByLabelText('Género'), 'Mujer');
    await user.type(within(card).getByLabelText('Material'), 'Encaje');
    await user.click(within(card).getByRole('button', { name: 'Publicar 3 productos' }));

    const progress = within(card).getByTestId('meli-bulk-progress');
    expect(progress).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(progress).toHaveTextContent('Publicando 1 de 3…');
    gates[0]!.resolve({ status: 201, data: { listing: listing('prod2', 'MLA200') } });
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(progress).toHaveTextContent('Publicando 2 de 3…');
    gates[1]!.resolve({
      status: 400,
      data: {
        message: 'Faltan datos que Mercado Libre pide para esta categoría',
        errors: [{ path: 'attributes.SIZE_GRID_ID', message: 'Indicá guía de talles' }],
      },
    });
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(progress).toHaveTextContent('Publicando 3 de 3…');
    gates[2]!.resolve({ status: 201, data: { listing: listing('prod4', 'MLA400') } });

    const heading = await within(card).findByRole('heading', { name: 'Resultado: 2 publicados, 1 con error' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(mostInFlight).toBe(1);
    expect(posts().map(bodyOf)).toEqual([
      { productId: 'prod2', categoryId: 'MLA1', attributes: { BRAND: 'Propia', GENDER: 'Mujer' } },
      { productId: 'prod3', categoryId: 'MLA2', attributes: { BRAND: 'Propia', MATERIAL: 'Encaje' } },
      // No category suggested: the server predicts it, and gets every common attribute.
      { productId: 'prod4', attributes: { BRAND: 'Propia', GENDER: 'Mujer', MATERIAL: 'Encaje' } },
    ]);
    expect(within(card).getByTestId('meli-bulk-result-prod2')).toHaveTextContent('Bombacha Vedetina: publicado (MLA200)');
    expect(within(card).getByTestId('meli-bulk-result-prod3')).toHaveTextContent(
      'Conjunto Encaje Rojo: Faltan datos que Mercado Libre pide para esta categoría: Indicá guía de talles',
    );
    expect(within(card).getByTestId('meli-bulk-result-prod4')).toHaveTextContent('Body Tul: publicado (MLA400)');
    expect(progress).toHaveTextContent('');

    await user.click(within(card).getByRole('button', { name: 'Reintentar el que falló' }));
    await waitFor(() => expect(posts()).toHaveLength(4));
    expect(progress).toHaveTextContent('Publicando 1 de 1…');
    gates[3]!.resolve({ status: 201, data: { listing: listing('prod3', 'MLA300') } });
    await within(card).findByRole('heading', { name: 'Resultado: 3 publicados, 0 con error' });
    expect(bodyOf(posts()[3]!)).toEqual({ productId: 'prod3', categoryId: 'MLA2', attributes: { BRAND: 'Propia', MATERIAL: 'Encaje' } });
    // Nothing lost: the first run's publications are still listed.
    expect(within(card).getByTestId('meli-bulk-result-prod2')).toHaveTextContent('publicado (MLA200)');
    expect(within(card).getByTestId('meli-bulk-result-prod3')).toHaveTextContent('publicado (MLA300)');
    expect(within(card).queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();
    expect(mostInFlight).toBe(1);
  });

  it('asks each product’s own price when the rule is a price per product', async () => {
    signInStorage();
    const settings: MercadoLibreSettings = { ...DEFAULT_MERCADOLIBRE_SETTINGS, priceRule: { kind: 'perProduct' } };
    const calls = mockApi(
      routes([], (request) => ({ status: 201, data: { listing: listing(String(bodyOf(request).productId), 'MLA900') } }), settings),
    );
    const user = userEvent.setup();
    const card = await openCard();
    await user.click(within(card).getByRole('checkbox', { name: 'Body Tul' }));
    await user.click(within(card).getByRole('button', { name: 'Publicar 1 producto' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Indicá el precio en Mercado Libre de Body Tul');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(card).getByLabelText('Precio en Mercado Libre de Body Tul'), '25000');
    await user.click(within(card).getByRole('button', { name: 'Publicar 1 producto' }));
    await within(card).findByRole('heading', { name: 'Resultado: 1 publicado, 0 con error' });
    expect(bodyOf(calls.find((c) => c.method === 'POST')!)).toEqual({ productId: 'prod4', attributes: {}, price: 25000 });
  });
});
