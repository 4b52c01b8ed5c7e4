import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTER_TICKET_MESSAGES,
  STAFF_FORBIDDEN_MESSAGE,
  counterTicketAnswerSchema,
  manualOrderAnswerSchema,
  registersAnswerSchema,
  type CounterTicket,
} from '@shop/shared';
import { startFakeArca, type FakeArca } from '../../../scripts/fake-arca.mjs';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { ownerWithTwoFactor, qrPayloadOf, SETTINGS, setUpInvoicing, waitUntil } from '../helpers/invoicing';
import { createProduct, enableCashAndTransfer, staffSaleBody, type TestProduct } from '../helpers/orders';
import { startStaffedShop } from '../helpers/staffed-shop';
import { type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * A counter sale's ticket (GET /cash-sessions/tickets/{orderNumber}, docs/api.md "Counter"): the order's lines and
 * money as stored, the payments with the change, the shop's fiscal data and, once ARCA authorises it, the invoice's
 * number, CAE and QR; an anonymous counter sale ("Consumidor final"); the permission matrix and junk. Its own Strapi,
 * database and fake ARCA (the cash fee at 0, so a sale's total is its price).
 */
let fake: FakeArca;
let shop: RunningStrapi;
let database: TestDatabase;
let firstOwner: string;
let sales: string;
let catalog: string;
let product: TestProduct;
let registerId: number;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asSales = (pathname: string, options: CallOptions = {}) => call(pathname, { token: sales, ...options });
const ticketPath = (orderNumber: string) => `/cash-sessions/tickets/${encodeURIComponent(orderNumber)}`;

async function ticketOf(orderNumber: string): Promise<CounterTicket> {
  const res = await asSales(ticketPath(orderNumber));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return counterTicketAnswerSchema.parse(res.body).ticket;
}

/** A counter sale of `quantity` units (price 10.000) paid with `payments`; its order number. */
async function counterSale(payments: unknown, quantity: number, shippingInfo: Record<string, string>, extra = {}): Promise<string> {
  const res = await asSales('/orders/manual', {
    body: staffSaleBody(product, 'local', { shippingInfo, registerId, payments, ...extra }, quantity),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return manualOrderAnswerSchema.parse(res.body).orderNumber;
}

beforeAll(async () => {
  fake = await startFakeArca();
  ({
    database,
    shop,
    owner: firstOwner,
    sales,
    catalog,
  } = await startStaffedShop({
    RATE_LIMIT_ORDERS_MAX: '100000',
    RATE_LIMIT_QUOTE_MAX: '100000',
    ARCA_WSAA_URL: fake.wsaaUrl,
    ARCA_WSFE_URL: fake.wsfeUrl,
    ARCA_SWEEP_MS: '300',
    ARCA_RETRY_MS: '300',
    ARCA_TIMEOUT_MS: '10000',
  }));
  await enableCashAndTransfer(shop.url, firstOwner);
  product = await createProduct({ stock: 100, size: ['M'], price: 10000 }, { baseUrl: shop.url, token: firstOwner });
  registerId = registersAnswerSchema.parse((await asSales('/registers')).body).registers[0]?.id ?? 0;
  const opened = await asSales(`/registers/${registerId}/sessions`, { body: { openingCash: 5000 } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  await fake?.close();
});

describe('the ticket', () => {
  it('an anonymous cash sale with change: lines, total, payment and change as stored; no invoicing, no invoice', async () => {
    const orderNumber = await counterSale([{ method: 'cash', amount: 20000, tendered: 25000 }], 2, { fullName: 'Consumidor final' });
    const ticket = await ticketOf(orderNumber.toLowerCase());
    expect(ticket).toMatchObject({
      orderNumber,
      registerName: 'Caja 1',
      customer: 'Consumidor final',
      subtotal: 20000,
      cashFee: 0,
      total: 20000,
      // Ley 27.743: the total without national taxes, at the shop's 21 % (20.000 / 1,21 = 16.528,93 → 16.529).
      netTotal: 16529,
      payments: [{ method: 'cash', amount: 20000, tendered: 25000, change: 5000 }],
      change: 5000,
      invoicingOn: false,
      invoice: null,
      shop: { cuit: '' },
    });
    expect(ticket.lines).toEqual([
      expect.objectContaining({ title: product.title, quantity: 2, unitPrice: 10000, lineTotal: 20000, size: 'M', color: 'Negro' }),
    ]);
    expect(ticket.clerk).toBeTruthy();
  });

  it('a split sale with a discount, once invoicing is on: the shop data, then the authorised invoice with CAE and QR', async () => {
    const owner = await ownerWithTwoFactor(firstOwner, shop.url);
    await setUpInvoicing(owner, shop.url, (csr) => fake.signCsr(csr));
    const orderNumber = await counterSale(
      [
        { method: 'cash', amount: 20000 },
        { method: 'transfer', amount: 7000 },
      ],
      3,
      { fullName: 'Ana Pérez', phone: '299 555 1234' },
      { manualDiscount: { amount: 3000, reason: 'Clienta frecuente' } },
    );
    const ticket = await waitUntil(
      () => ticketOf(orderNumber),
      (t) => t.invoice?.status === 'authorized',
    );
    expect(ticket).toMatchObject({
      subtotal: 30000,
      total: 27000,
      change: 0,
      invoicingOn: true,
      shop: { businessName: SETTINGS.businessName, address: SETTINGS.address, cuit: SETTINGS.cuit, taxCondition: expect.any(String) },
      payments: [
        { method: 'cash', amount: 20000, tendered: null, change: null },
        { method: 'transfer', amount: 7000, tendered: null, change: null },
      ],
    });
    expect(ticket.discounts).toEqual([expect.objectContaining({ kind: 'manual', amount: 3000 })]);
    const invoice = ticket.invoice;
    expect(invoice?.cae).toMatch(/^\d{14}$/);
    expect(invoice?.caeDueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(invoice?.numberText).toMatch(/^00003-\d{8}$/);
    expect(invoice?.name).toMatch(/^Factura [ABC]$/);
    expect(qrPayloadOf(invoice?.qrUrl ?? '')).toMatchObject({ importe: 27000, codAut: Number(invoice?.cae), ptoVta: 3 });
  });
});

describe('who may read it, and junk', () => {
  let orderNumber: string;
  beforeAll(async () => {
    orderNumber = await counterSale(
      [{ method: 'transfer', amount: 10000 }],
      1,
      { fullName: 'Eva', phone: '299 444 0000' },
      {
        paymentMethod: 'transfer',
      },
    );
  });

  it('no token or a garbage token: 401; a role without counter.use (catalog): 403', async () => {
    expect((await call(ticketPath(orderNumber))).status).toBe(401);
    expect((await call(ticketPath(orderNumber), { token: GARBAGE_TOKEN })).status).toBe(401);
    const forbidden = await call(ticketPath(orderNumber), { token: catalog });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
    expect(forbidden.body.ticket).toBeUndefined();
  });

  it('a junk number is a 400; an unknown order and a sale not taken at a register are a 404', async () => {
    for (const junk of ['%20', 'JL_1', '-JL', 'x'.repeat(41), '%27%3B--', 'Ñandú']) {
      const res = await asSales(`/cash-sessions/tickets/${junk}`);
      expect(res.status, junk).toBe(400);
      expect(res.body.message).toBe(COUNTER_TICKET_MESSAGES.badNumber);
    }
    const unknown = await asSales(ticketPath('JL-20000101-9999'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(COUNTER_TICKET_MESSAGES.notCounterSale);
    const whatsapp = await asSales('/orders/manual', {
      body: {
        items: [{ productId: product._id, quantity: 1, size: 'M', color: 'Negro', price: 1 }],
        paymentMethod: 'transfer',
        channel: 'whatsapp',
        shippingInfo: { fullName: 'Sol', phone: '299 111 2222' },
      },
    });
    expect(whatsapp.status, JSON.stringify(whatsapp.body)).toBe(201);
    const notCounter = await asSales(ticketPath(whatsapp.body.orderNumber as string));
    expect(notCounter.status).toBe(404);
    expect(notCounter.body.message).toBe(COUNTER_TICKET_MESSAGES.notCounterSale);
  });

  it('a sale not at a register still needs a phone or an e-mail', async () => {
    const res = await asSales('/orders/manual', {
      body: {
        items: [{ productId: product._id, quantity: 1, size: 'M', color: 'Negro', price: 1 }],
        paymentMethod: 'transfer',
        channel: 'whatsapp',
        shippingInfo: { fullName: 'Sin contacto' },
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Indicá un teléfono o un e-mail del cliente');
  });
});
