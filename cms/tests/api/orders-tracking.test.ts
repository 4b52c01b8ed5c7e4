import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { MSG, orderLineSchema, type Order } from '@shop/shared';
import { api, type CallOptions } from '../helpers/api';
import { SHOPPER, createProduct, orderBody, uploadProof } from '../helpers/orders';
import { startStrapi, type RunningStrapi } from '../helpers/strapi-process';

// Its own Strapi process on the shared test database, behind a trusted proxy so that each test is its own client
// (X-Forwarded-For) with a low tracking budget of its own.
const TRACKING_MAX = 10;
let shop: RunningStrapi;
let clients = 0;

beforeAll(async () => {
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  shop = await startStrapi(database, {
    TRUST_PROXY: 'true',
    RATE_LIMIT_ORDERS_MAX: '100000',
    RATE_LIMIT_TRACKING_MAX: String(TRACKING_MAX),
  });
});

afterAll(async () => {
  await shop?.stop();
});

/** A caller with an address of its own, so that its tracking budget is its own. */
function newClient() {
  clients += 1;
  const headers = { 'x-forwarded-for': `203.0.113.${clients}` };
  return (path: string, options: CallOptions = {}) =>
    api(path, { ...options, headers: { ...headers, ...options.headers }, baseUrl: shop.url });
}

interface Placed {
  order: Order;
  orderNumber: string;
  proof: string;
  title: string;
}

/** A home-delivery transfer order of three units in two lines, with everything a tracking answer must not leak. */
async function placeOrder(): Promise<Placed> {
  const product = await createProduct({
    stock: 10,
    title: `Body Encaje Rojo ${Date.now().toString(36)}`,
    // Lines name a colour the product sells (a colour it does not sell is refused).
    colors: [
      { name: 'Bordó', value: '#6D071A' },
      { name: 'Nude', value: '#E3BC9A' },
    ],
    variants: [
      { color: 'Bordó', size: 'S', stock: 4 },
      { color: 'Bordó', size: 'M', stock: 2 },
      { color: 'Nude', size: 'L', stock: 4 },
    ],
  });
  const proof = await uploadProof(shop.url);
  const res = await newClient()('/orders', {
    body: orderBody(
      [
        { productId: product._id, quantity: 2, size: 'S', color: 'Bordó' },
        { productId: product._id, quantity: 1, size: 'L', color: 'Nude' },
      ],
      { deliveryType: 'delivery', paymentMethod: 'transfer', transferProofUrl: proof, notes: 'Dejar con el portero' },
    ),
  });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...(res.body as { order: Order; orderNumber: string }), proof, title: product.title };
}

const SUMMARY_KEYS = [
  'cashFee',
  'createdAt',
  'deliveryType',
  'detail',
  'discountTotal',
  // Where the goods are and when each step was marked (no staff names).
  'fulfillment',
  'fulfillmentSteps',
  'orderNumber',
  'paidAt',
  'reservedUntil',
  'shippingCost',
  'status',
  'subtotal',
  'total',
  'units',
  'updatedAt',
];

/** Nothing of the shopper, the address, the proof or the internal id. */
function expectNoPrivateData(text: string, placed: Placed) {
  for (const secret of [
    SHOPPER.email,
    SHOPPER.phone,
    '555',
    'Av. Argentina',
    'Gómez',
    'portero',
    'timbre',
    placed.proof,
    'comprobante_',
    placed.order._id,
  ]) {
    expect(text).not.toContain(secret);
  }
}

/** What both tracking cards (summary and full) say of the order placed for these tests. */
function cardFields({ orderNumber, order }: Placed) {
  return {
    orderNumber,
    status: 'pending_transfer_confirmation',
    deliveryType: 'delivery',
    units: 3,
    subtotal: order.subtotal,
    shippingCost: order.shippingCost,
    cashFee: order.cashFee,
    discountTotal: 0,
    total: order.total,
    paidAt: null,
    reservedUntil: null,
    // Not prepared yet: no step marked.
    fulfillment: 'unfulfilled',
    fulfillmentSteps: [],
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

let placed: Placed;
beforeAll(async () => {
  placed = await placeOrder();
});

describe('GET /orders/by-number/{orderNumber} without the contact', () => {
  it('answers only status, dates, delivery type, units and totals: no name, city, title, size, colour, e-mail or phone', async () => {
    const call = newClient();
    const res = await call(`/orders/by-number/${placed.orderNumber.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['order']);
    expect(Object.keys(res.body.order).sort()).toEqual(SUMMARY_KEYS);
    expect(res.body.order).toEqual({ detail: 'summary', ...cardFields(placed) });
    const text = JSON.stringify(res.body);
    expectNoPrivateData(text, placed);
    for (const hidden of ['María', SHOPPER.city, SHOPPER.postalCode, placed.title, 'Bordó', 'Nude', '"S"', '"L"', 'transfer"'])
      expect(text).not.toContain(hidden);
    // A blank contact is no contact.
    const blank = await call(`/orders/by-number/${placed.orderNumber}?contact=%20`);
    expect(blank.body).toEqual(res.body);

    const missing = await call('/orders/by-number/JL-20000101-9999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Pedido no encontrado. Verifica el número e intenta de nuevo');
  });
});

describe('GET /orders/by-number/{orderNumber}?contact=', () => {
  /** Tracks the placed order from a new client with this contact: a 200 that says whether the contact matched. */
  async function trackWithContact(contact: string, matched: boolean) {
    const res = await newClient()(`/orders/by-number/${placed.orderNumber}?contact=${encodeURIComponent(contact)}`);
    expect(res.status).toBe(200);
    expect(res.body.contactMatched).toBe(matched);
    return res;
  }

  it.each([
    ['the e-mail in another case', '  MARIA.Gomez@Example.com '],
    ['the phone as given', SHOPPER.phone],
    ['the phone with 0 and 15', '(0299) 15 555-0199'],
    ['the phone with +54 9', '+54 9 299 5550199'],
    ['the phone as bare digits', '2995550199'],
  ])('with %s answers the tracking card: first name, items with size and colour, delivery without the street', async (_label, contact) => {
    const res = await trackWithContact(contact, true);
    const { order } = placed;
    expect(res.body.order).toEqual({
      detail: 'full',
      ...cardFields(placed),
      paymentMethod: 'transfer',
      firstName: 'María',
      items: order.items.map(({ title, image, quantity, price, size, color }) => ({
        title,
        image,
        quantity,
        unitPrice: price,
        lineTotal: price * quantity,
        price,
        size,
        color,
      })),
      discounts: [],
      // The zone its delivery was priced with (the seeded zone of postal code 8300), never the street.
      delivery: { city: SHOPPER.city, postalCode: SHOPPER.postalCode, zoneName: 'Neuquén centro' },
      meetingPoint: null,
      // Only a Mercado Pago order waiting for its payment has a link to pay.
      checkoutUrl: null,
      // Her exchange and return requests: none, and none to ask for an order not delivered yet.
      returns: { openUntil: null, options: [], requests: [] },
    });
    expect(res.body.order.items.map((i: { size: string; color: string }) => `${i.size}/${i.color}`)).toEqual(['S/Bordó', 'L/Nude']);
    expectNoPrivateData(JSON.stringify(res.body), placed);
  });

  it('answers lines of the one order line: unitPrice, lineTotal = unitPrice × quantity, price, and no SKU or ids', async () => {
    const res = await trackWithContact(SHOPPER.email, true);
    const items: Record<string, unknown>[] = res.body.order.items;
    expect(items).toHaveLength(2);
    // The order's own lines (staff and the shopper by id) carry the SKU and ids tracking leaves out.
    const staffLines = placed.order.items;
    expect(staffLines.every((line) => typeof line.sku === 'string' && typeof line.variantId === 'string')).toBe(true);
    items.forEach((item, i) => {
      expect(Object.keys(item).sort()).toEqual(['color', 'image', 'lineTotal', 'price', 'quantity', 'size', 'title', 'unitPrice']);
      expect(typeof item.unitPrice).toBe('number');
      expect(item.unitPrice).toBeGreaterThan(0);
      expect(item.unitPrice).toBe(staffLines[i]?.unitPrice);
      expect(item.lineTotal).toBe(Number(item.unitPrice) * Number(item.quantity));
      expect(item.price).toBe(item.unitPrice);
    });
    // A subset of the one schema, with `price` beside it (the shared tracking schema reads it as such).
    expect(() =>
      orderLineSchema.omit({ productId: true, variantId: true, sku: true }).extend({ price: z.number() }).strict().array().parse(items),
    ).not.toThrow();
    const text = JSON.stringify(items);
    for (const line of staffLines) {
      for (const hidden of [line.sku, line.variantId, line.productId]) if (hidden) expect(text).not.toContain(hidden);
    }
    expect(text).not.toMatch(/"(sku|variantId|productId|_id|id)"/);
  });

  it.each([
    ['another e-mail', 'maria.gomez@example.org'],
    ['another phone', '+54 299 555-0198'],
    ['part of the phone', '5550199'],
  ])('with %s answers only the summary, and says the contact did not match', async (_label, contact) => {
    const res = await trackWithContact(contact, false);
    expect(Object.keys(res.body.order).sort()).toEqual(SUMMARY_KEYS);
    expect(JSON.stringify(res.body)).not.toContain('María');
  });

  it.each([
    // Refused by the input guard before the route (NUL bytes anywhere in a request).
    ['a NUL byte', `${encodeURIComponent(SHOPPER.email)}%00`, 'La petición contiene caracteres no válidos'],
    ['10,000 characters', 'a'.repeat(10_000), 'El e-mail o teléfono de la compra no es válido'],
    [
      'two values',
      `${encodeURIComponent(SHOPPER.email)}&contact=${encodeURIComponent(SHOPPER.phone)}`,
      'Indicá un solo e-mail o teléfono de la compra',
    ],
  ])('a contact with %s is a Spanish 400', async (_label, query, message) => {
    const res = await newClient()(`/orders/by-number/${placed.orderNumber}?contact=${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it(`wrong contacts count toward the tracking limit (${TRACKING_MAX} per client): each costs five lookups`, async () => {
    const right = newClient();
    for (let i = 0; i < TRACKING_MAX; i += 1) {
      const res = await right(`/orders/by-number/${placed.orderNumber}?contact=${encodeURIComponent(SHOPPER.email)}`);
      expect(res.status).toBe(200);
    }
    expect((await right(`/orders/by-number/${placed.orderNumber}`)).status).toBe(429);

    const guesser = newClient();
    for (const guess of ['adivina@example.com', '2994000000']) {
      const res = await guesser(`/orders/by-number/${placed.orderNumber}?contact=${guess}`);
      expect(res.status).toBe(200);
      expect(res.body.contactMatched).toBe(false);
    }
    const blocked = await guesser(`/orders/by-number/${placed.orderNumber}`);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.rateLimited);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the back office still reads orders by id', () => {
  it('GET /orders/:id answers the whole order, contact data included', async () => {
    const res = await newClient()(`/orders/${placed.order._id}`);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ orderNumber: placed.orderNumber, shippingInfo: SHOPPER });
  });
});

/** Sends bytes no HTTP client library would send (a NUL in a header) and returns the raw answer. */
function rawRequest(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
}

describe('junk in the headers', () => {
  it('a NUL byte in Idempotency-Key is a Spanish 400, never a 500', async () => {
    const body = JSON.stringify(orderBody([{ productId: 'x', quantity: 1 }]));
    const answer = await rawRequest(
      shop.url,
      `POST /api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nIdempotency-Key: clave\u0000-de-prueba\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"message":"La petición no es válida"}');
  });

  it('a NUL byte in the tracking path or query is a Spanish 400 too', async () => {
    const answer = await rawRequest(shop.url, `GET /api/orders/by-number/JL-1?contact=a\u0000b HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"message":"La petición no es válida"}');
  });
});
