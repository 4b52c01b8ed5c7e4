import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHECKOUT_SHIPPING_MSG, POSTAL_CODE_MSG, SHIPPING_MSG, type ShippingOption } from '@shop/shared';
import type { FakeCarrier } from '../../../scripts/lib/fake-carrier-http.mjs';
import { api, type CallOptions } from '../helpers/api';
import { bothCarriersOn, carrierAccounts, carrierMode, startCarrierShop, stopCarrierShop } from '../helpers/carriers';
import { createProduct, orderBody, SHOPPER, type TestProduct } from '../helpers/orders';
import { documentPath, panel, panelToken } from '../helpers/panel';
import { type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * National shipping at checkout (issue 48, part 2): POST /checkout/quote with deliveryType 'carrier' answers the
 * carriers' options for the cart (and the Neuquén zones first for a postal code inside them); POST /orders takes the
 * signed option and its branch, and its total is the quote's to the peso. A shop of its own (the carriers' URLs are
 * env vars, and the carriers' settings are the shop's).
 */
const ACCOUNTS = carrierAccounts();

let correo: FakeCarrier;
let andreani: FakeCarrier;
let database: TestDatabase;
let shop: RunningStrapi;
let owner: string;
let product: TestProduct;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const lines = (quantity = 1) => [{ productId: product._id, quantity, size: 'M', color: 'Negro' }];
const CORDOBA = {
  street: 'Bv. San Juan',
  number: '450',
  floor: '3',
  apartment: 'B',
  locality: 'Córdoba',
  province: 'AR-X',
  postalCode: '5000',
};

const quote = (address: unknown, extra: Record<string, unknown> = {}) =>
  call('/checkout/quote', { body: { items: lines(), paymentMethod: 'cash', deliveryType: 'carrier', address, ...extra } });
const order = (address: unknown, extra: Record<string, unknown> = {}) =>
  call('/orders', { body: orderBody(lines(), { deliveryType: 'carrier', address, ...extra }) });

const mode = carrierMode;

beforeAll(async () => {
  ({ correo, andreani, database, shop, owner } = await startCarrierShop(inject('databaseKind'), ACCOUNTS, {
    RATE_LIMIT_QUOTE_MAX: '100000',
    RATE_LIMIT_ORDERS_MAX: '100000',
  }));
  const settings = await call('/shipping/settings', {
    method: 'PUT',
    token: owner,
    body: bothCarriersOn(ACCOUNTS, { correo: { handlingFee: 500, handlingPercent: 10 } }),
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  product = await createProduct({ stock: 50, price: 18990 }, { baseUrl: shop.url, token: owner });
});

afterAll(async () => {
  await stopCarrierShop({ correo, andreani, database, shop });
});

describe('checkout quote with deliveryType carrier', () => {
  it('5000 Córdoba: both carriers, to the door and to a branch; the chosen option priced into the quote', async () => {
    const res = await quote({ postalCode: '5000', province: 'AR-X' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.unavailable).toEqual([]);
    expect(res.body.localDelivery).toBeNull();
    const options = res.body.shippingOptions as ShippingOption[];
    const kinds = new Set(options.map((o) => `${o.carrier}/${o.type}`));
    expect(kinds).toEqual(new Set(['correo-argentino/door', 'correo-argentino/branch', 'andreani/door', 'andreani/branch']));
    for (const o of options) {
      expect(Number.isInteger(o.price) && o.price > 0).toBe(true);
      expect(o.id).toMatch(/^[\w-]+\.[\w-]+$/);
    }
    // No option chosen yet: the goods and the cash fee, shipping 0.
    expect(res.body.quote.shippingCost).toBe(0);
    const goods = res.body.quote.total as number;
    const chosen = options.find((o) => o.carrier === 'correo-argentino' && o.type === 'door')!;
    const priced = await quote({ postalCode: '5000', province: 'AR-X' }, { shippingOptionId: chosen.id });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.quote.shippingCost).toBe(chosen.price);
    expect(priced.body.quote.total).toBe(goods + chosen.price);
  });

  it('a Neuquén postal code inside the zones: the zone and the meeting points come first, the carriers after', async () => {
    const res = await quote({ postalCode: 'Q8300ABC', province: 'AR-Q' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.localDelivery).toMatchObject({ zone: { id: 'neuquen-centro', name: 'Neuquén centro', cost: 2500 }, pickup: true });
    expect(res.body.localDelivery.message).toMatch(/zona de Neuquén/);
    expect(res.body.shippingOptions.length).toBeGreaterThan(0);
  });

  it('an invalid postal code, a CPA of another province or no address: Spanish 400', async () => {
    const bad = await quote({ postalCode: '12', province: 'AR-X' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(POSTAL_CODE_MSG.format);
    const mismatch = await quote({ postalCode: 'X5000ABC', province: 'AR-B' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('El CPA X5000ABC es de Córdoba, no de Buenos Aires: revisá la provincia o el código postal');
    const none = await call('/checkout/quote', { body: { items: lines(), paymentMethod: 'cash', deliveryType: 'carrier' } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(CHECKOUT_SHIPPING_MSG.address);
  });

  it('a carrier down is left out with its Spanish note; the other still quotes', async () => {
    await mode(correo, 'down');
    try {
      const res = await quote({ postalCode: '5500', province: 'AR-M' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.unavailable).toEqual([
        { carrier: 'correo-argentino', message: 'Correo Argentino no está disponible en este momento' },
      ]);
      expect(new Set((res.body.shippingOptions as ShippingOption[]).map((o) => o.carrier))).toEqual(new Set(['andreani']));
    } finally {
      await mode(correo, 'ok');
    }
  });

  it('junk input is a Spanish 400, never a 500', async () => {
    const cases: unknown[] = [
      { postalCode: 5000, province: 'AR-X' },
      { postalCode: '5000', province: 'Córdoba' },
      { postalCode: '5000' },
      'Bv. San Juan 450',
      [],
      { postalCode: '5000', province: 'AR-X', street: 'x'.repeat(5000) },
    ];
    for (const address of cases) {
      const res = await quote(address);
      expect(res.status, JSON.stringify(address).slice(0, 60)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const junkId = await quote({ postalCode: '5000', province: 'AR-X' }, { shippingOptionId: { price: 1 } });
    expect(junkId.status).toBe(400);
    expect(junkId.body.message).toBe(CHECKOUT_SHIPPING_MSG.option);
  });
});

describe('orders shipped by a carrier', () => {
  it('a branch option: the order stores the carrier, service, branch and address, and its total is the quote to the peso', async () => {
    const quoted = await quote({ postalCode: '5000', province: 'AR-X' });
    const option = (quoted.body.shippingOptions as ShippingOption[]).find((o) => o.carrier === 'andreani' && o.type === 'branch')!;
    const priced = await quote({ postalCode: '5000', province: 'AR-X' }, { shippingOptionId: option.id });
    const branches = await call('/shipping/branches?carrier=andreani&postalCode=5000');
    expect(branches.status).toBe(200);
    const branch = branches.body.branches[0];
    const res = await order(CORDOBA, { shippingOptionId: option.id, branchId: branch.id, shippingCost: 1, total: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.total).toBe(priced.body.quote.total);
    expect(res.body.order.shippingCost).toBe(option.price);
    const staff = await call(`/orders/${res.body.order._id}`, { token: owner });
    expect(staff.status).toBe(200);
    expect(staff.body.order.deliveryType).toBe('carrier');
    expect(staff.body.order.nationalShipping).toEqual({
      carrier: 'andreani',
      service: option.service,
      serviceCode: expect.any(String),
      type: 'branch',
      price: option.price,
      days: option.days,
      branch,
      address: CORDOBA,
    });
    expect(staff.body.order.shippingInfo).toMatchObject({
      address: 'Bv. San Juan 450 piso 3 depto. B',
      city: 'Córdoba',
      postalCode: '5000',
    });
    const tracked = await call(`/orders/by-number/${res.body.order.orderNumber}?contact=${encodeURIComponent(SHOPPER.email)}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body.order.nationalShipping).toMatchObject({
      carrier: 'andreani',
      type: 'branch',
      branch,
      address: { locality: 'Córdoba' },
    });
    expect(JSON.stringify(tracked.body)).not.toContain('San Juan 450');
  });

  it('a door option of Correo Argentino, with its fees: the total equals the quote', async () => {
    const quoted = await quote({ postalCode: '5000', province: 'AR-X' });
    const option = (quoted.body.shippingOptions as ShippingOption[]).find((o) => o.carrier === 'correo-argentino' && o.type === 'door')!;
    const priced = await quote({ postalCode: '5000', province: 'AR-X' }, { shippingOptionId: option.id });
    const res = await order(CORDOBA, { shippingOptionId: option.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.total).toBe(priced.body.quote.total);
    expect(res.body.order.nationalShipping).toMatchObject({ carrier: 'correo-argentino', type: 'door', branch: null });
  });

  it('a forged id is a 400; an id quoted for another cart or postal code a 409; nothing is written', async () => {
    const quoted = await quote({ postalCode: '5000', province: 'AR-X' });
    const option = (quoted.body.shippingOptions as ShippingOption[]).find((o) => o.type === 'door')!;
    const [payload, signature] = option.id.split('.');
    const signed = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const cheaper = Buffer.from(JSON.stringify({ ...signed, p: 1 })).toString('base64url');
    const forged = await order(CORDOBA, { shippingOptionId: `${cheaper}.${signature}` });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(CHECKOUT_SHIPPING_MSG.option);
    const otherCode = await order({ ...CORDOBA, postalCode: '5001' }, { shippingOptionId: option.id });
    expect(otherCode.status).toBe(409);
    expect(otherCode.body.message).toBe(CHECKOUT_SHIPPING_MSG.expired);
    const otherCart = await call('/orders', {
      body: orderBody([{ productId: product._id, quantity: 2 }], {
        deliveryType: 'carrier',
        address: CORDOBA,
        shippingOptionId: option.id,
      }),
    });
    expect(otherCart.status).toBe(409);
    const none = await order(CORDOBA);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(CHECKOUT_SHIPPING_MSG.option);
  });

  it('a branch option needs one of the carrier branches near the postal code', async () => {
    const quoted = await quote({ postalCode: '5000', province: 'AR-X' });
    const option = (quoted.body.shippingOptions as ShippingOption[]).find((o) => o.carrier === 'correo-argentino' && o.type === 'branch')!;
    const without = await order(CORDOBA, { shippingOptionId: option.id });
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(CHECKOUT_SHIPPING_MSG.branch);
    const unknown = await order(CORDOBA, { shippingOptionId: option.id, branchId: 'no-existe' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(CHECKOUT_SHIPPING_MSG.unknownBranch);
  });

  it('the order needs the whole address (street, number, locality): Spanish 400', async () => {
    const quoted = await quote({ postalCode: '5000', province: 'AR-X' });
    const option = (quoted.body.shippingOptions as ShippingOption[])[0]!;
    const res = await order({ postalCode: '5000', province: 'AR-X' }, { shippingOptionId: option.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/calle|altura|localidad/);
  });
});

/** A new product's body: a bombacha (its category's parcel applies) with five units in M. */
const bombacha = () => ({
  title: `Body ${randomUUID().slice(0, 6)}`,
  description: 'd',
  price: 9000,
  category: 'bombachas',
  size: ['M'],
  stockBySize: { M: 5 },
  thumbnails: ['/images/x.webp'],
});

describe('parcels: product, then category, then shop', () => {
  it('GET /shipping/availability tells the checkout national shipping is offered (public)', async () => {
    const res = await call('/shipping/availability');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ national: true, carriers: ['correo-argentino', 'andreani'] });
  });

  it('the product form takes the packed parcel, refused out of range with the shared Spanish message', async () => {
    const body = bombacha();
    for (const [parcel, message] of [
      [{ weight: 0 }, SHIPPING_MSG.weight],
      [{ weight: 40_000 }, SHIPPING_MSG.weight],
      [{ height: 2.5 }, SHIPPING_MSG.side],
      [{ length: 151 }, SHIPPING_MSG.side],
    ] as const) {
      const res = await call('/products', { token: owner, body: { ...body, parcel } });
      expect(res.status, JSON.stringify(parcel)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const junk = await call('/products', { token: owner, body: { ...body, parcel: { weight: '180', volume: 3 } } });
    expect(junk.status).toBe(400);
    const created = await call('/products', { token: owner, body: { ...body, parcel: { weight: 180, height: 3 } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.product.parcel).toEqual({ weight: 180, length: null, width: null, height: 3 });
    const cleared = await call(`/products/${created.body.product._id}`, {
      method: 'PUT',
      token: owner,
      body: { parcel: { height: null } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.product.parcel).toEqual({ weight: 180, length: null, width: null, height: null });
  });

  it("Strapi's panel edits are held to the same limits (the lifecycle)", async () => {
    const made = await createProduct({ stock: 3, category: 'bombachas' }, { baseUrl: shop.url, token: owner });
    const token = await panelToken(shop.url);
    const path = documentPath('api::product.product', made._id);
    const form = (await panel(path, { token, baseUrl: shop.url })).body.data;
    const refused = await panel(path, { method: 'PUT', token, baseUrl: shop.url, body: { ...form, packedWeight: 0 } });
    expect(refused.status).toBe(400);
    const saved = await panel(path, { method: 'PUT', token, baseUrl: shop.url, body: { ...form, packedWeight: 220 } });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    expect((await call(`/products/${made._id}`, { token: owner })).body.product.parcel.weight).toBe(220);
  });

  it('a quote packs each unit as its product parcel, each missing measure from its category, then the shop', async () => {
    const settings = await call('/shipping/settings', {
      method: 'PUT',
      token: owner,
      body: {
        defaultParcel: { weight: 500, length: 30, width: 20, height: 10 },
        categoryParcels: { bombachas: { weight: 90, length: 20, width: 14, height: 2 } },
      },
    });
    expect(settings.status).toBe(200);
    const own = await call('/products', {
      token: owner,
      body: { ...bombacha(), parcel: { weight: 130, length: 26 } },
    });
    const plain = await createProduct({ stock: 5, category: 'corpinos' }, { baseUrl: shop.url, token: owner });
    const res = await call('/shipping/quote', {
      body: {
        address: { postalCode: '3500', province: 'AR-H' },
        items: [
          { productId: own.body.product._id, quantity: 2 },
          { productId: plain._id, quantity: 1 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rates = correo.state.calls.filter((c) => c.path === '/rates').at(-1);
    // 2 × (130 g, 26 × 14 × 2) from the product and its category, 1 × the shop's (500 g, 30 × 20 × 10).
    expect(rates?.body.dimensions).toEqual({ weight: 760, length: 30, width: 20, height: 14 });
  });
});
