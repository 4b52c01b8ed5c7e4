import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import CheckoutPage from './checkout-page';

/** The line the shopper's cart holds when the checkout opens. */
const line = { id: 'p1', name: 'Conjunto Encaje', price: 18000, image: '/a.webp', size: 'M', color: 'Negro', quantity: 2, stock: 5 };

/** The checkout page with that line in the cart, the content answer given and these routes of the API. */
export function renderCheckout(contentAnswer: object, routes: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('cart', JSON.stringify([line]));
  // The catalogue agrees with the stored line, so the cart check changes nothing the shopper sees.
  const product = makeProduct({ _id: 'p1', title: line.name, price: line.price, discount: 0, thumbnails: [line.image], stock: line.stock });
  const requests = mockApi({
    'GET /content': { status: 200, data: contentAnswer },
    'GET /products/p1': { status: 200, data: { product } },
    ...routes,
  });
  renderWithApp(<CheckoutPage />, { route: '/checkout', path: '/checkout' });
  return { requests, user: userEvent.setup({ applyAccept: false }) };
}

/** The order is made: the cart is emptied and the tab remembers the order and the contact, for the tracking page. */
export function expectOrderRemembered(order: { _id: string; orderNumber: string }) {
  expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
  expect(JSON.parse(sessionStorage.getItem('lastOrder') ?? '{}')).toEqual({
    id: order._id,
    orderNumber: order.orderNumber,
    contact: 'ana@example.com',
  });
}

/** Name, e-mail and phone of the shopper. */
export async function fillPersonalData(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre completo *'), 'Ana Pérez');
  await user.type(screen.getByLabelText('Email *'), 'ana@example.com');
  await user.type(screen.getByLabelText('Teléfono *'), '2995551234');
}
