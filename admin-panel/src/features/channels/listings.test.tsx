import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MercadoLibreListing } from '@shop/shared';
import { mercadoLibreChannel, mercadoLibreProduct } from '@/test/fixtures';
import { renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { MercadoLibrePage } from './mercadolibre-page';

const CONNECTED = mercadoLibreChannel();
const PRODUCT = mercadoLibreProduct('prod1', 'Corpiño Soft Encaje', { description: 'Corpiño sin aro' });
const LISTING: MercadoLibreListing = {
  productId: 'prod1',
  productTitle: 'Corpiño Soft Encaje',
  itemId: 'MLA1234567890',
  status: 'active',
  categoryId: 'MLA109283',
  permalink: 'https://articulo.mercadolibre.com.ar/MLA-1234567890',
  price: null,
  variations: [{ variantId: 'v1', sku: 'CORPINO-NEGRO-S', variationId: 111, availableQuantity: 4 }],
  lastError: 'Mercado Libre no aceptó el precio',
  syncedAt: null,
  pending: true,
};
const ATTRIBUTES = {
  required: [
    { id: 'BRAND', name: 'Marca', message: 'Indicá marca', values: [] },
    {
      id: 'GENDER',
      name: 'Género',
      message: 'Indicá género (Mujer, Hombre)',
      values: [
        { id: '1', name: 'Mujer' },
        { id: '2', name: 'Hombre' },
      ],
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('Canales › Mercado Libre: publications', () => {
  it('publishes a product with the predicted category and the required attributes asked in Spanish', async () => {
    signInStorage();
    const calls = mockApi({
      'GET /channels/mercadolibre': () => ({ data: CONNECTED }),
      'GET /channels/mercadolibre/listings': () => ({ data: { listings: [] } }),
      'GET /products': () => ({
        data: { status: 'success', payload: [PRODUCT], totalPages: 1, totalDocs: 1, totalProducts: 1, page: 1, limit: 20 },
      }),
      'GET /channels/mercadolibre/categories': () => ({
        data: { categories: [{ categoryId: 'MLA109283', categoryName: 'Corpiños', domainName: 'Corpiños' }] },
      }),
      'GET /channels/mercadolibre/categories/*/attributes': () => ({ data: ATTRIBUTES }),
      'POST /channels/mercadolibre/listings': () => ({ status: 201, data: { listing: LISTING } }),
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre' });
    const user = userEvent.setup();
    const form = await screen.findByTestId('meli-publish');
    await waitFor(() => expect(within(form).getByRole('option', { name: PRODUCT.title })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Producto'), 'prod1');
    expect(await within(form).findByRole('option', { name: 'Corpiños (MLA109283)' })).toBeInTheDocument();
    const brand = await within(form).findByLabelText('Marca');
    // Missing attributes are asked before anything is sent.
    await user.click(within(form).getByRole('button', { name: 'Publicar en Mercado Libre' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(brand, 'Propia');
    await user.selectOptions(within(form).getByLabelText('Género'), 'Mujer');
    await user.click(within(form).getByRole('button', { name: 'Publicar en Mercado Libre' }));
    expect(await within(form).findByText('Publicado en Mercado Libre: MLA1234567890')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post && bodyOf(post)).toEqual({ productId: 'prod1', categoryId: 'MLA109283', attributes: { BRAND: 'Propia', GENDER: 'Mujer' } });
  });

  it("opened from a product's page, the product is chosen already, even when the first results do not hold it", async () => {
    signInStorage();
    const other = { ...PRODUCT, _id: 'prod2', title: 'Bombacha Algodón' };
    const calls = mockApi({
      'GET /channels/mercadolibre': () => ({ data: CONNECTED }),
      'GET /channels/mercadolibre/listings': () => ({ data: { listings: [] } }),
      'GET /products': () => ({
        data: { status: 'success', payload: [other], totalPages: 1, totalDocs: 1, totalProducts: 1, page: 1, limit: 20 },
      }),
      'GET /products/prod1': () => ({ data: { product: PRODUCT } }),
      'GET /channels/mercadolibre/categories': () => ({
        data: { categories: [{ categoryId: 'MLA109283', categoryName: 'Corpiños', domainName: 'Corpiños' }] },
      }),
      'GET /channels/mercadolibre/categories/*/attributes': () => ({ data: { required: [] } }),
      'POST /channels/mercadolibre/listings': () => ({ status: 201, data: { listing: LISTING } }),
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre?publicar=prod1' });
    const user = userEvent.setup();
    const form = await screen.findByTestId('meli-publish');
    await waitFor(() => expect(within(form).getByLabelText('Producto')).toHaveValue('prod1'));
    expect(await within(form).findByRole('option', { name: 'Corpiños (MLA109283)' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Publicar en Mercado Libre' }));
    expect(await within(form).findByText('Publicado en Mercado Libre: MLA1234567890')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post && bodyOf(post)).toMatchObject({ productId: 'prod1', categoryId: 'MLA109283' });
  });

  it('shows Mercado Libre’s refusal in Spanish', async () => {
    signInStorage();
    mockApi({
      'GET /channels/mercadolibre': () => ({ data: CONNECTED }),
      'GET /channels/mercadolibre/listings': () => ({ data: { listings: [] } }),
      'GET /products': () => ({
        data: { status: 'success', payload: [PRODUCT], totalPages: 1, totalDocs: 1, totalProducts: 1, page: 1, limit: 20 },
      }),
      'GET /channels/mercadolibre/categories': () => ({ data: { categories: [] } }),
      'GET /channels/mercadolibre/categories/*/attributes': () => ({ data: { required: [] } }),
      'POST /channels/mercadolibre/listings': () => ({
        status: 400,
        data: { message: 'Mercado Libre rechazó la publicación: Mercado Libre no aceptó el precio' },
      }),
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre' });
    const user = userEvent.setup();
    const form = await screen.findByTestId('meli-publish');
    await waitFor(() => expect(within(form).getByRole('option', { name: PRODUCT.title })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Producto'), 'prod1');
    await user.click(within(form).getByRole('button', { name: 'Publicar en Mercado Libre' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Mercado Libre rechazó la publicación: Mercado Libre no aceptó el precio',
    );
  });

  it('lists the listings with status, units and last error; pauses, and closes only after the confirmation; links by item id', async () => {
    signInStorage();
    let listing = LISTING;
    const calls = mockApi({
      'GET /channels/mercadolibre': () => ({ data: CONNECTED }),
      'GET /channels/mercadolibre/listings': () => ({ data: { listings: [listing] } }),
      'GET /products': () => ({
        data: { status: 'success', payload: [], totalPages: 1, totalDocs: 0, totalProducts: 0, page: 1, limit: 20 },
      }),
      'PUT /channels/mercadolibre/listings/*': (request) => {
        const body = bodyOf(request);
        listing = {
          ...listing,
          ...(typeof body.status === 'string' ? { status: body.status } : {}),
          itemId: String(body.itemId ?? listing.itemId),
        };
        return { data: { listing } };
      },
    });
    renderApp(<MercadoLibrePage />, { route: '/channels/mercadolibre' });
    const user = userEvent.setup();
    const row = await screen.findByTestId('meli-listing-MLA1234567890');
    expect(row).toHaveTextContent('Activa');
    expect(row).toHaveTextContent('CORPINO-NEGRO-S: 4');
    expect(row).toHaveTextContent('Mercado Libre no aceptó el precio');
    expect(row).toHaveTextContent('enviando cambios');
    await user.click(within(row).getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(screen.getByTestId('meli-listing-MLA1234567890')).toHaveTextContent('Pausada'));
    expect(bodyOf(calls.find((c) => c.method === 'PUT')!)).toEqual({ status: 'paused' });

    await user.click(within(screen.getByTestId('meli-listing-MLA1234567890')).getByRole('button', { name: 'Finalizar' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    await user.type(screen.getByLabelText('Id del producto en la tienda'), 'prod2');
    await user.type(screen.getByLabelText('Número de publicación (MLA…)'), 'mla999888777');
    await user.click(screen.getByRole('button', { name: 'Vincular' }));
    expect(await screen.findByText('Publicación MLA999888777 vinculada')).toBeInTheDocument();
    const link = calls.filter((c) => c.method === 'PUT')[1]!;
    expect(link.url).toBe('/channels/mercadolibre/listings/prod2');
    expect(bodyOf(link)).toEqual({ itemId: 'MLA999888777' });
  });
});
