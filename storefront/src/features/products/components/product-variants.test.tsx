import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { makeContent, makeProduct, makeVariant } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import ProductPage from './product-page';
import QuickView from './quick-view';

/**
 * Negro in 85B (3), 90C (1) and 95C (0); Nude in 85B (2) and 90C (4 units, but paused), not sold in 95C.
 * One photo of each colour, plus one without a colour.
 */
function variantProduct(): Product {
  return makeProduct({
    title: 'Corpiño Soft',
    category: 'corpiños',
    size: ['85B', '90C', '95C'],
    stock: 6,
    stockBySize: { '85B': 5, '90C': 1, '95C': 0 },
    colors: [
      { name: 'Negro', value: '#000000' },
      { name: 'Nude', value: '#E8C4A8' },
    ],
    thumbnails: ['/uploads/negro.webp', '/uploads/detalle.webp', '/uploads/nude.webp'],
    photoColors: { '/uploads/negro.webp': 'Negro', '/uploads/nude.webp': 'Nude' },
    variants: [
      makeVariant('Negro', '85B', 3),
      makeVariant('Negro', '90C', 1),
      makeVariant('Negro', '95C', 0),
      makeVariant('Nude', '85B', 2),
      makeVariant('Nude', '90C', 4, false),
    ],
  });
}

function setup(product: Product, search = '') {
  const requests = mockApi({
    'GET /content': { status: 200, data: { content: makeContent() } },
    'GET /products/*': { status: 200, data: { product } },
    'GET /products': {
      status: 200,
      data: { status: 'success', payload: [product], totalPages: 1, totalDocs: 1, totalProducts: 1, page: 1, limit: 5 },
    },
    'POST /interactions': { status: 201, data: {} },
    'POST /products/*/stock-alerts': {
      status: 201,
      data: { message: 'Listo: te avisamos por email cuando vuelva el talle 90C.', size: '90C' },
    },
  });
  renderWithApp(<ProductPage />, { route: `/product/${product._id}${search}`, path: '/product/:id' });
  return { requests, user: userEvent.setup() };
}

const sizeNames = () =>
  within(screen.getByTestId('size-selector'))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);
const mainPicture = () => within(screen.getByTestId('product-gallery')).getAllByRole('img')[0]?.getAttribute('src') ?? '';
const location = () => screen.getByTestId('location').textContent ?? '';
const storedCart = () =>
  JSON.parse(localStorage.getItem('cart') ?? '[]') as { color?: string; size: string; quantity: number; stock?: number }[];

describe('product page with colours × sizes', () => {
  it('choosing a colour shows only its sizes (sold-out ones struck through), its photos first, and puts it in the link', async () => {
    const { user } = setup(variantProduct());
    const negro = await screen.findByRole('button', { name: 'Color Negro' });
    const nude = screen.getByRole('button', { name: 'Color Nude' });
    expect(negro).toHaveAttribute('aria-pressed', 'true');
    expect(nude).toHaveAttribute('aria-pressed', 'false');
    expect(sizeNames()).toEqual(['85B', '90C', '95C, agotada']);
    expect(mainPicture()).toContain('negro');

    await user.click(nude);
    expect(nude).toHaveAttribute('aria-pressed', 'true');
    expect(negro).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('group', { name: 'Color: Nude' })).toBeInTheDocument();
    // 95C is not sold in Nude: not offered at all; 90C is paused: sold out.
    expect(sizeNames()).toEqual(['85B', '90C, agotada']);
    expect(mainPicture()).toContain('nude');
    expect(location()).toBe('/product/p1?color=Nude');

    await user.click(screen.getByRole('button', { name: '85B' }));
    expect(location()).toBe('/product/p1?color=Nude&talle=85B');
    // Keyboard: the swatches are buttons in the tab order, chosen with Enter or Space.
    negro.focus();
    await user.keyboard('{Enter}');
    expect(negro).toHaveAttribute('aria-pressed', 'true');
    // Negro is sold in 85B too, so the size stays chosen.
    expect(screen.getByRole('button', { name: '85B' })).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/product/p1?color=Negro&talle=85B');
  });

  it('limits the quantity and the cart to the variant stock, not the size total', async () => {
    const { user } = setup(variantProduct());
    await user.click(await screen.findByRole('button', { name: 'Color Nude' }));
    await user.click(screen.getByRole('button', { name: '85B' }));
    // 85B has 5 units in all, 2 of them Nude.
    expect(screen.getByTestId('stock-note')).toHaveTextContent('Stock disponible en talla 85B: 2');
    const plus = screen.getByRole('button', { name: 'Sumar una unidad' });
    await user.click(plus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    await user.click(screen.getByTestId('add-to-cart'));
    expect(storedCart()).toMatchObject([{ color: 'Nude', size: '85B', quantity: 2, stock: 2 }]);
    await user.click(screen.getByTestId('add-to-cart'));
    expect(screen.getByRole('alert')).toHaveTextContent('Solo quedan 2 unidades en talla 85B y ya están en tu carrito.');

    // The same size in the other colour is a line of its own, with its own stock.
    await user.click(screen.getByRole('button', { name: 'Color Negro' }));
    expect(screen.getByTestId('quantity')).toHaveTextContent('2');
    await user.click(screen.getByTestId('add-to-cart'));
    expect(storedCart()).toMatchObject([
      { color: 'Nude', size: '85B', quantity: 2 },
      { color: 'Negro', size: '85B', quantity: 2, stock: 3 },
    ]);
  });

  it('a sold-out variant (paused or without units) offers "Avisame" for that colour and size', async () => {
    const { user, requests } = setup(variantProduct());
    await user.click(await screen.findByRole('button', { name: 'Color Nude' }));
    expect(screen.queryByRole('form', { name: 'Avisame cuando vuelva' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '90C, agotada' }));
    const form = screen.getByRole('form', { name: 'Avisame cuando vuelva' });
    expect(within(form).getByTestId('stock-alert-variant')).toHaveTextContent('Nude · 90C');
    expect(form).toHaveTextContent('El talle 90C está agotado.');
    expect(screen.getByTestId('add-to-cart')).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Avisame' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Listo');
    expect(requests.filter((r) => r.url === '/products/p1/stock-alerts').map((r) => r.body)).toEqual([
      { size: '90C', color: 'Nude', email: 'ana@example.com' },
    ]);

    // Negro 90C has units: no alert, and the answer for Nude does not show for another colour.
    await user.click(screen.getByRole('button', { name: 'Color Negro' }));
    expect(screen.queryByRole('form', { name: 'Avisame cuando vuelva' })).not.toBeInTheDocument();
    expect(screen.getByTestId('add-to-cart')).toBeEnabled();
  });

  it('opens the variant a link names (?color=nude&talle=85b, any case or accent)', async () => {
    setup(variantProduct(), '?color=NÚDE&talle=85b');
    expect(await screen.findByRole('button', { name: 'Color Nude' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '85B' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('stock-note')).toHaveTextContent('Stock disponible en talla 85B: 2');
    expect(mainPicture()).toContain('nude');
  });

  it('a link to a size the colour does not sell opens the colour without a size; one to a sold-out variant offers the alert', async () => {
    setup(variantProduct(), '?color=Nude&talle=95C');
    expect(await screen.findByRole('button', { name: 'Color Nude' })).toHaveAttribute('aria-pressed', 'true');
    expect(sizeNames()).toEqual(['85B', '90C, agotada']);
    expect(within(screen.getByTestId('size-selector')).queryAllByRole('button', { pressed: true })).toHaveLength(0);
    cleanup();

    setup(variantProduct(), '?talle=95C');
    // No colour named: the colour that sells the size (only Negro, sold out there) and the alert form.
    expect(await screen.findByRole('button', { name: 'Color Negro' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('form', { name: 'Avisame cuando vuelva' })).toHaveTextContent('El talle 95C está agotado.');
  });

  it('a product with one colour shows its name, without a choice', async () => {
    setup(makeProduct({ colors: [{ name: 'Rojo', value: '#C00000' }] }));
    expect(await screen.findByTestId('color-selector')).toHaveTextContent('Color: Rojo');
    expect(screen.queryByRole('button', { name: /^Color / })).not.toBeInTheDocument();
    expect(sizeNames()).toEqual(['S', 'M', 'L']);
  });
});

describe('quick view with colours × sizes', () => {
  it('offers the sizes of the chosen colour and adds that colour', async () => {
    mockApi({ 'GET /promotions/live': { status: 200, data: { promotions: [] } } });
    renderWithApp(<QuickView product={variantProduct()} categoryName="Corpiños" onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Color Nude' }));
    expect(screen.queryByRole('button', { name: '95C' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '90C, agotada' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: '85B' }));
    await user.click(screen.getByRole('button', { name: 'Agregar al Carrito' }));
    expect(storedCart()).toMatchObject([{ color: 'Nude', size: '85B', quantity: 1, stock: 2 }]);
  });
});
