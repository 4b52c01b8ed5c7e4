import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { makeContent, makeProduct, makeZonedContent } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import CartPage from './cart-page';

function storeCart(lines: unknown[]) {
  localStorage.setItem('cart', JSON.stringify(lines));
}

const line = { id: 'p1', name: 'Corpiño Soft', price: 12000, image: '/a.webp', size: 'M', color: 'Negro', quantity: 1, stock: 2 };

/** The catalogue as the stored line saw it: checking the cart changes nothing. */
const catalogue = {
  'GET /products/*': ({ url }: { url: string }) => ({
    status: 200,
    data: {
      product: makeProduct({
        _id: decodeURIComponent(url.split('/').pop() ?? ''),
        title: url.endsWith('p2') ? 'Bombacha Algodón' : line.name,
        price: line.price,
        discount: 0,
        thumbnails: [line.image],
        stock: line.stock,
      }),
    },
  }),
};

describe('cart page', () => {
  it('restores the cart from storage, caps the stepper at the stock and saves every change under "cart"', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } }, ...catalogue });
    storeCart([line]);
    renderWithApp(<CartPage />);
    const user = userEvent.setup();
    const row = screen.getByTestId('cart-line');
    const plus = within(row).getByRole('button', { name: 'Sumar una unidad de Corpiño Soft' });
    await user.click(plus);
    expect(within(row).getByTestId('line-quantity')).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$24.000');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')[0].quantity).toBe(2);
  });

  it('removes the line when the quantity goes to 0 and shows the empty state', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } }, ...catalogue });
    storeCart([line]);
    renderWithApp(<CartPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restar una unidad de Corpiño Soft' }));
    expect(screen.getByRole('heading', { name: 'Tu carrito está vacío' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explorar productos' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
  });

  it('empties the cart with "Vaciar carrito"', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } }, ...catalogue });
    storeCart([line, { ...line, id: 'p2', name: 'Bombacha Algodón' }]);
    renderWithApp(<CartPage />);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: /Vaciar carrito/ }));
    expect(screen.getByText('Tu carrito está vacío')).toBeInTheDocument();
  });

  it('builds the WhatsApp link from the "Teléfono" contact card with items, total and a stock question', async () => {
    const content = makeContent((c) => {
      c.contact.contactInfo = [{ icon: 'Phone', title: 'Teléfono', details: ['+54 9 299 444-5566'] }];
    });
    mockApi({ 'GET /content': { status: 200, data: { content } }, ...catalogue });
    storeCart([{ ...line, quantity: 2 }]);
    renderWithApp(<CartPage />);
    const link = await screen.findByRole('link', { name: /Consultar por WhatsApp/ });
    await vi.waitFor(() => expect(link.getAttribute('href')).toContain('https://wa.me/5492994445566?text='));
    const text = decodeURIComponent(link.getAttribute('href')?.split('text=')[1] ?? '');
    expect(text).toContain('Corpiño Soft (Talla: M, Color: Negro) x2 - $24.000');
    expect(text).toContain('Total estimado: $24.000');
    expect(text).toContain('¿Tienen stock disponible?');
  });

  describe('tells what home delivery costs before checkout', () => {
    async function teaserWith(content: ReturnType<typeof makeContent>) {
      mockApi({ 'GET /content': { status: 200, data: { content } }, ...catalogue });
      storeCart([line]);
      renderWithApp(<CartPage />);
      await vi.waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$12.000'));
    }

    /** The teaser names the lowest delivery price and the free-shipping threshold. */
    async function expectTeaser(from: string, free: string) {
      const teaser = await screen.findByTestId('cart-delivery-teaser');
      await vi.waitFor(() => expect(teaser).toHaveTextContent(from));
      expect(teaser).toHaveTextContent(free);
    }

    it('from the one price and its free-shipping threshold', async () => {
      await teaserWith(makeContent());
      await expectTeaser('Envío desde $3.000', 'Envío gratis desde $50.000');
    });

    it('from the cheapest enabled zone and the lowest threshold', async () => {
      await teaserWith(
        makeZonedContent((c) => {
          // A disabled zone cheaper than all never counts.
          const plottier = c.checkout.shipping.homeDelivery.zones[2];
          if (plottier) plottier.cost = 500;
        }),
      );
      await expectTeaser('Envío desde $2.000', 'Envío gratis desde $60.000');
    });

    it('says nothing of delivery when the shop does not deliver', async () => {
      await teaserWith(
        makeContent((c) => {
          c.checkout.shipping.homeDelivery.enabled = false;
        }),
      );
      await vi.waitFor(() => expect(screen.queryByTestId('cart-delivery-teaser')).not.toBeInTheDocument());
      expect(screen.getByText('El costo de envío, si corresponde, se calcula al finalizar la compra.')).toBeInTheDocument();
    });
  });

  describe('checks the cart against the catalogue', () => {
    it('shows the current price and stock and tells the shopper, in a status region', async () => {
      const requests = mockApi({
        'GET /content': { status: 200, data: { content: makeContent() } },
        'GET /products/p1': {
          status: 200,
          data: {
            product: makeProduct({ _id: 'p1', title: 'Corpiño Soft', price: 15000, discount: 10, thumbnails: ['/b.webp'], stock: 1 }),
          },
        },
        'GET /products/p2': { status: 404, data: { message: 'Producto no encontrado' } },
      });
      storeCart([
        { ...line, quantity: 2 },
        { ...line, id: 'p2', name: 'Bombacha Algodón' },
      ]);
      renderWithApp(<CartPage />);

      const status = await screen.findByText('Actualizamos los precios de tu carrito según el catálogo.');
      expect(status.closest('[role="status"]')).toBe(screen.getByTestId('cart-changes-notice'));
      expect(screen.getByText('Quitamos del carrito productos que ya no están disponibles.')).toBeInTheDocument();
      expect(screen.getByText('Ajustamos cantidades al stock disponible.')).toBeInTheDocument();

      const [row] = screen.getAllByTestId('cart-line');
      expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
      if (!row) throw new Error('the cart shows one line');
      expect(within(row).getByText('$13.500 c/u')).toBeInTheDocument();
      expect(within(row).getByTestId('line-quantity')).toHaveTextContent('1');
      expect(within(row).getByRole('button', { name: 'Sumar una unidad de Corpiño Soft' })).toBeDisabled();
      expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$13.500');
      // The cart is written to the browser's storage by an effect after the render that showed it: waited for.
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([
          expect.objectContaining({ id: 'p1', price: 13500, originalPrice: 15000, discount: 10, image: '/b.webp', stock: 1, quantity: 1 }),
        ]),
      );
      expect(
        requests
          .filter((r) => r.url.startsWith('/products/'))
          .map((r) => r.url)
          .sort(),
      ).toEqual(['/products/p1', '/products/p2']);
    });

    it('says nothing when the catalogue agrees with the cart', async () => {
      const requests = mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } }, ...catalogue });
      storeCart([line]);
      renderWithApp(<CartPage />);
      await vi.waitFor(() => expect(requests.some((r) => r.url === '/products/p1')).toBe(true));
      await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('cart') ?? '[]')[0].category).toBe('conjuntos'));
      expect(screen.getByTestId('cart-changes-notice')).toBeEmptyDOMElement();
      expect(screen.getByText('$12.000 c/u')).toBeInTheDocument();
    });

    it('changes nothing when the catalogue cannot be reached', async () => {
      const requests = mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } }, 'GET /products/*': 'network' });
      storeCart([{ ...line, quantity: 2 }]);
      renderWithApp(<CartPage />);
      await vi.waitFor(() => expect(requests.some((r) => r.url === '/products/p1')).toBe(true));
      expect(screen.getByTestId('cart-changes-notice')).toBeEmptyDOMElement();
      expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
      expect(screen.getByTestId('line-quantity')).toHaveTextContent('2');
      expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toEqual([{ ...line, quantity: 2 }]);
    });

    it('keeps telling the shopper after every line was removed', async () => {
      mockApi({
        'GET /content': { status: 200, data: { content: makeContent() } },
        'GET /products/*': { status: 404, data: { message: 'Producto no encontrado' } },
      });
      storeCart([line]);
      renderWithApp(<CartPage />);
      expect(await screen.findByText('Quitamos del carrito productos que ya no están disponibles.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Tu carrito está vacío' })).toBeInTheDocument();
      expect(screen.queryByText('Actualizamos los precios de tu carrito según el catálogo.')).not.toBeInTheDocument();
    });
  });
});
