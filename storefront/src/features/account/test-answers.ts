import type { AccountOrder } from '@shop/shared';
import { makeAccount, makeSavedAddress } from '@/test/fixtures';

/** Canned answers of her account's routes, for the account's unit tests. */
export const ACCOUNT = makeAccount({
  preferences: { cartRecovery: true, stockAlerts: true, news: false },
  sizes: [
    { productTitle: 'Conjunto Encaje', category: 'conjuntos', size: 'M', source: 'exchange' as const, at: '2026-02-01T12:00:00.000Z' },
    { productTitle: 'Corpiño Soft', category: 'corpinos', size: '90B', source: 'purchase' as const, at: '2026-02-02T12:00:00.000Z' },
  ],
});

export function accountOrder(overrides: Partial<AccountOrder> = {}): AccountOrder {
  return {
    orderNumber: 'JL-20260301-0001',
    createdAt: '2026-03-01T15:00:00.000Z',
    channel: 'web',
    status: 'paid',
    fulfillment: 'shipped',
    total: 36000,
    paymentMethod: 'transfer',
    items: [
      {
        productId: 'p1',
        slug: 'conjunto-encaje',
        title: 'Conjunto Encaje',
        size: 'M',
        color: 'Negro',
        quantity: 2,
        unitPrice: 18000,
        available: true,
      },
      { productId: 'p2', slug: 'body-rubi', title: 'Body Rubí', size: 'S', color: 'Rojo', quantity: 1, unitPrice: 15000, available: false },
    ],
    checkoutUrl: null,
    tracking: { carrier: 'Andreani', number: 'AND123', url: 'https://andreani.example/AND123' },
    invoiced: true,
    ...overrides,
  };
}

/** Every route of a signed-in account, with these orders; `extra` adds or replaces routes. */
export function accountRoutes(orders: AccountOrder[] = [accountOrder()]) {
  return {
    'GET /account': { data: { account: ACCOUNT } },
    'GET /account/orders': { data: { orders, total: orders.length, totalPages: 1, page: 1 } },
    'GET /account/addresses': {
      data: {
        addresses: [makeSavedAddress()],
      },
    },
    'GET /account/measurements': { data: { measurements: { cintura: 70 } } },
    'GET /account/favorites': {
      data: { favorites: [{ productId: 'p1', slug: 'conjunto-encaje', title: 'Conjunto Encaje', price: 18000, image: null }] },
    },
    'GET /account/alerts': {
      data: {
        alerts: [
          {
            id: 7,
            productId: 'p2',
            productTitle: 'Body Rubí',
            slug: 'body-rubi',
            size: 'S',
            color: 'Rojo',
            createdAt: '2026-03-02T12:00:00.000Z',
          },
        ],
      },
    },
  };
}
