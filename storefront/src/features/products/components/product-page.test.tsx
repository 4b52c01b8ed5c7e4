import { screen, waitFor } from '@testing-library/react';
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

function setup(product = makeProduct({ stock: 2, discount: 10 })) {
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
  });
  renderWithApp(<ProductPage />, { route: `/product/${product._id}`, path: '/product/:id' });
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

  it('shows sold-out sizes struck through and unselectable, and caps the stepper at the chosen size', async () => {
    const { user } = setup(makeProduct({ stock: 6, size: ['85B', '90C', '95C'], stockBySize: { '85B': 0, '90C': 2, '95C': 4 } }));
    const soldOut = await screen.findByRole('button', { name: '85B, agotada' });
    expect(soldOut).toHaveAttribute('aria-disabled', 'true');
    expect(soldOut).toHaveClass('chip--soldout');
    expect(screen.getByText('Las tallas tachadas están agotadas.')).toBeInTheDocument();
    await user.click(soldOut);
    expect(soldOut).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByTestId('add-to-cart'));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor selecciona una talla');
    expect(localStorage.getItem('cart') ?? '[]').toBe('[]');

    await user.click(screen.getByRole('button', { name: '95C' }));
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
