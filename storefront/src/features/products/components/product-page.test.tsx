import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeContent, makeProduct } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import ProductPage from './product-page';

const content = makeContent((c) => {
  c.sizeGuides = ['corpiños', 'bombachas', 'bombis'].map((category) => ({
    category,
    title: `Guía ${category}`,
    subtitle: '',
    enabled: true,
    tableHeaders: ['Talla', 'Contorno'],
    tableRows: [{ size: 'M', measurements: ['90'] }],
    notes: '',
  }));
  c.productDetail.expandableSections = [
    { id: 'a', title: 'Cuidados', content: 'Lavar a mano.', enabled: true },
    { id: 'b', title: 'Envíos', content: 'A todo Neuquén.', enabled: true },
  ];
});

function setup(product = makeProduct({ stock: 2, discount: 10 }), search = '') {
  const requests = mockApi({
    'GET /content': { status: 200, data: { content } },
    'GET /products/*': { status: 200, data: { product } },
    'GET /products': {
      status: 200,
      data: {
        status: 'success',
        payload: [product, makeProduct({ _id: 'p2', title: 'Conjunto Noche' })],
        totalPages: 1,
        totalDocs: 2,
        totalProducts: 2,
        page: 1,
        limit: 5,
      },
    },
    'POST /interactions': { status: 201, data: {} },
    'POST /products/*/stock-alerts': {
      status: 201,
      data: { message: 'Listo: te avisamos por email cuando vuelva el talle 85B.', size: '85B' },
    },
  });
  renderWithApp(<ProductPage />, { route: `/product/${product._id}${search}`, path: '/product/:id' });
  return { requests, user: userEvent.setup() };
}

describe('product page', () => {
  it('requires a size, caps the quantity at the stock, adds to the cart with a toast and records the view', async () => {
    const { user, requests } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Conjunto Encaje Rosa' })).toBeInTheDocument();
    expect(screen.getByText('10% OFF')).toBeInTheDocument();
    await user.click(screen.getByTestId('add-to-cart'));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor selecciona una talla');

    await user.click(screen.getByRole('button', { name: 'L' }));
    const plus = screen.getByRole('button', { name: 'Sumar una unidad' });
    await user.click(plus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    await user.click(screen.getByTestId('add-to-cart'));
    expect(screen.getByTestId('toast')).toHaveTextContent('¡Producto agregado al carrito!');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([
      { id: 'p1', size: 'L', color: 'Negro', quantity: 2, price: 18000 },
    ]);
    const views = requests.filter((r) => r.url === '/interactions');
    expect(views).toHaveLength(1);
    expect(views[0]?.body).toMatchObject({ type: 'product_view', data: { productId: 'p1', productCategory: 'conjuntos' } });
  });

  it('shows sold-out sizes struck through: choosing one offers the alert form and never adds it to the cart', async () => {
    const { user } = setup(makeProduct({ stock: 6, size: ['85B', '90C', '95C'], stockBySize: { '85B': 0, '90C': 2, '95C': 4 } }));
    const soldOut = await screen.findByRole('button', { name: '85B, agotada' });
    expect(soldOut).not.toHaveAttribute('aria-disabled');
    expect(soldOut).toHaveClass('chip--soldout');
    expect(screen.getByText('Las tallas tachadas están agotadas. Elegí una y te avisamos cuando vuelva.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Avisame cuando vuelva' })).not.toBeInTheDocument();
    await user.click(soldOut);
    expect(soldOut).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('form', { name: 'Avisame cuando vuelva' })).toHaveTextContent('El talle 85B está agotado.');
    expect(screen.getByTestId('add-to-cart')).toBeDisabled();
    expect(screen.getByTestId('add-to-cart')).toHaveTextContent('Sin stock');
    expect(screen.getByTestId('stock-note')).toHaveTextContent('Talla 85B agotada por el momento.');
    expect(localStorage.getItem('cart') ?? '[]').toBe('[]');

    await user.click(screen.getByRole('button', { name: '95C' }));
    expect(screen.queryByRole('form', { name: 'Avisame cuando vuelva' })).not.toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Sumar una unidad' });
    for (let i = 0; i < 3; i += 1) await user.click(plus);
    expect(screen.getByTestId('quantity')).toHaveTextContent('4');
    // Switching to a size with fewer units brings the quantity down to them.
    await user.click(screen.getByRole('button', { name: '90C' }));
    expect(screen.getByTestId('quantity')).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    expect(screen.getByTestId('stock-note')).toHaveTextContent('Stock disponible en talla 90C: 2');
    await user.click(screen.getByTestId('add-to-cart'));
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toMatchObject([{ size: '90C', quantity: 2, stock: 2 }]);
    await user.click(screen.getByTestId('add-to-cart'));
    expect(screen.getByRole('alert')).toHaveTextContent('Solo quedan 2 unidades en talla 90C y ya están en tu carrito.');
  });

  it('preselects the size a link asks for (?talle=, any case) and ignores one the product does not offer', async () => {
    setup(makeProduct({ stock: 6, size: ['85B', '90C'], stockBySize: { '85B': 1, '90C': 5 } }), '?talle=90c');
    expect(await screen.findByRole('button', { name: '90C' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('stock-note')).toHaveTextContent('Stock disponible en talla 90C: 5');
    expect(screen.getByTestId('add-to-cart')).toBeEnabled();
    cleanup();

    setup(makeProduct({ stock: 6, size: ['85B', '90C'] }), '?talle=110E');
    expect(await screen.findByRole('button', { name: '90C' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: '85B' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opened on a sold-out size (?talle=), asks for an alert for that size and shows the answer', async () => {
    const { user, requests } = setup(makeProduct({ stock: 3, size: ['85B', '90C'], stockBySize: { '85B': 0, '90C': 3 } }), '?talle=85B');
    const form = await screen.findByRole('form', { name: 'Avisame cuando vuelva' });
    expect(screen.getByRole('button', { name: '85B, agotada' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('add-to-cart')).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Avisame' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Listo: te avisamos por email cuando vuelva el talle 85B.');
    const sent = requests.filter((r) => r.url === '/products/p1/stock-alerts');
    expect(sent).toHaveLength(1);
    // The product has colours: the alert names the chosen one (the first, Negro).
    expect(sent[0]?.body).toEqual({ size: '85B', color: 'Negro', email: 'ana@example.com' });
  });

  it('offers the alert for a product without sizes and without stock (no size sent, the colour is)', async () => {
    const { user, requests } = setup(makeProduct({ stock: 0, size: [] }));
    const form = await screen.findByRole('form', { name: 'Avisame cuando vuelva' });
    expect(form).toHaveTextContent('Este producto está agotado.');
    expect(screen.getByTestId('add-to-cart')).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.type(within(form).getByRole('textbox', { name: 'WhatsApp (opcional)' }), '299 555 1234');
    await user.click(within(form).getByRole('button', { name: 'Avisame' }));
    await waitFor(() => expect(requests.filter((r) => r.url === '/products/p1/stock-alerts')).toHaveLength(1));
    expect(requests.find((r) => r.url === '/products/p1/stock-alerts')?.body).toEqual({
      color: 'Negro',
      email: 'ana@example.com',
      phone: '299 555 1234',
    });
  });

  it('shows three size-guide tabs for conjuntos, independent sections and related products', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Guía de tallas/ }));
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Cuidados' }));
    expect(screen.getByText('Lavar a mano.')).toBeVisible();
    expect(screen.getByText('A todo Neuquén.')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Envíos' }));
    expect(screen.getByText('Lavar a mano.')).toBeVisible();
    expect(screen.getByText('A todo Neuquén.')).toBeVisible();
    await waitFor(() => expect(screen.getByText('También te puede interesar')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Conjunto Noche' })).toBeInTheDocument();
  });

  it("shows 'Producto no encontrado' with a way home", async () => {
    mockApi({
      'GET /content': { status: 200, data: { content } },
      'GET /products/*': { status: 404, data: { message: 'Producto no encontrado' } },
    });
    renderWithApp(<ProductPage />, { route: '/product/nope', path: '/product/:id' });
    expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});
