import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { makeContent } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import CartPage from './cart-page';

function storeCart(lines: unknown[]) {
  localStorage.setItem('cart', JSON.stringify(lines));
}

const line = { id: 'p1', name: 'Corpiño Soft', price: 12000, image: '/a.webp', size: 'M', color: 'Negro', quantity: 1, stock: 2 };

describe('cart page', () => {
  it('restores the cart from storage, caps the stepper at the stock and saves every change under "cart"', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
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
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
    storeCart([line]);
    renderWithApp(<CartPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restar una unidad de Corpiño Soft' }));
    expect(screen.getByRole('heading', { name: 'Tu carrito está vacío' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explorar productos' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
  });

  it('empties the cart with "Vaciar carrito"', async () => {
    mockApi({ 'GET /content': { status: 200, data: { content: makeContent() } } });
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
    mockApi({ 'GET /content': { status: 200, data: { content } } });
    storeCart([{ ...line, quantity: 2 }]);
    renderWithApp(<CartPage />);
    const link = await screen.findByRole('link', { name: /Consultar por WhatsApp/ });
    await vi.waitFor(() => expect(link.getAttribute('href')).toContain('https://wa.me/5492994445566?text='));
    const text = decodeURIComponent(link.getAttribute('href')?.split('text=')[1] ?? '');
    expect(text).toContain('Corpiño Soft (Talla: M, Color: Negro) x2 - $24.000');
    expect(text).toContain('Total estimado: $24.000');
    expect(text).toContain('¿Tienen stock disponible?');
  });
});
