// Test-only helpers of the counter screen's component tests: the API as the server answers it.
import type { CounterTicket, Register } from '@shop/shared';
import { orderFixture, productFixture } from '@/test/fixtures';
import { mockApi, type MockRoutes } from '@/test/mock-api';
import { ADMIN_USER, signInStorage } from '@/test/render';

export const OPEN: Register = {
  id: 1,
  name: 'Caja 1',
  openSession: { id: 7, openedAt: '2026-11-26T12:00:00.000Z', openingCash: 5000, openedBy: null },
};
export const CLOSED: Register = { id: 2, name: 'Caja 2', openSession: null };
export const ORDER_NUMBER = 'JL-20261126-0042';

/** 'Corpiño Negro' at $10.000: variant M (barcode 7790001, SKU CN-M) with 5 units. */
export const PRODUCT = productFixture({
  _id: 'p-negro',
  title: 'Corpiño Negro',
  price: 10000,
  variants: [{ id: 'v-m', sku: 'CN-M', color: 'Negro', size: 'M', stock: 5, barcode: '7790001', active: true, available: true }],
});

export function ticketFixture(over: Partial<CounterTicket> = {}): CounterTicket {
  return {
    shop: {
      businessName: 'Lencería Neuquén',
      address: 'Av. Argentina 100, Neuquén',
      cuit: '20-12345678-6',
      taxCondition: 'Responsable Monotributo',
    },
    orderNumber: ORDER_NUMBER,
    createdAt: '2026-11-26T15:30:00.000Z',
    registerName: 'Caja 1',
    clerk: 'Vero',
    customer: 'Consumidor final',
    lines: [{ title: 'Corpiño Negro', color: 'Negro', size: 'M', sku: 'CN-M', quantity: 2, unitPrice: 10000, lineTotal: 20000 }],
    subtotal: 20000,
    discounts: [],
    cashFee: 0,
    total: 20000,
    netTotal: 16529,
    payments: [{ method: 'cash', amount: 20000, tendered: 25000, change: 5000 }],
    change: 5000,
    invoicingOn: true,
    invoice: {
      status: 'authorized',
      name: 'Factura C',
      numberText: '00003-00000012',
      cae: '71234567890123',
      caeDueDate: '2026-12-06',
      qrUrl: 'https://www.afip.gob.ar/fe/qr/?p=eyJ2ZXIiOjF9',
    },
    ...over,
  };
}

const quoteOf = (body: { items: { quantity: number }[] }) => {
  const units = body.items.reduce((sum, i) => sum + i.quantity, 0);
  const total = units * 10000;
  return {
    quote: {
      items: body.items.map((i) => ({
        productId: 'p-negro',
        sku: 'CN-M',
        title: 'Corpiño Negro',
        color: 'Negro',
        size: 'M',
        quantity: i.quantity,
        unitPrice: 10000,
        lineTotal: i.quantity * 10000,
      })),
      subtotal: total,
      shippingCost: 0,
      cashFee: 0,
      discounts: [],
      discountTotal: 0,
      total,
    },
  };
};

/** A signed-in sales assistant and the counter's API; `routes` add or replace answers. */
export function setupScreen(routes: MockRoutes = {}, registers: Register[] = [OPEN, CLOSED]) {
  const user = { ...ADMIN_USER, staffRole: 'sales' as const };
  signInStorage(user);
  return mockApi({
    'GET /auth/check': () => ({ data: { user } }),
    'GET /registers': () => ({ data: { registers } }),
    'GET /products': (request) => ({
      data: {
        status: 'success',
        payload: ['7790001', 'CN-M'].includes(String(request.params.searchTerm).toUpperCase()) ? [PRODUCT] : [],
        totalPages: 1,
        totalDocs: 1,
        totalProducts: 1,
        page: 1,
        limit: 25,
      },
    }),
    'POST /checkout/quote': (request) => ({ data: quoteOf(request.body as { items: { quantity: number }[] }) }),
    'POST /orders/manual': () => ({
      status: 201,
      data: {
        order: orderFixture(42, { orderNumber: ORDER_NUMBER, total: 20000 }),
        orderNumber: ORDER_NUMBER,
        paymentUrl: null,
        whatsappUrl: null,
        change: 0,
      },
    }),
    'GET /cash-sessions/tickets/*': () => ({ data: { ticket: ticketFixture() } }),
    ...routes,
  });
}
