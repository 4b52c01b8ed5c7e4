import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, shopDayKey, type Order, type SiteContent } from '@shop/shared';
import { adminToken, api, shopperToken } from '../helpers/api';
import { GARBAGE_TOKEN, expectAdminOnly } from '../helpers/auth-matrix';
import {
  SHOPPER,
  createProduct,
  orderBody,
  sequenceOf,
  extraStrapi,
  stockOf,
  uploadProof,
  type LineInput,
  type TestProduct,
} from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';

// Orders are created on a second Strapi process on the same database whose order rate limit is raised, so that
// this file can place many orders; the shared process keeps the real limit (checked at the end).
let shop: ShopHandle;
let originalContent: SiteContent | undefined;

const BASE_COST = 3000;
const FREE_FROM = 50000;
const CASH_FEE = 500;

async function placeOrder(items: LineInput[], extra: Record<string, unknown> = {}) {
  return api('/orders', { body: orderBody(items, extra), baseUrl: shop.url });
}

async function placed(items: LineInput[], extra: Record<string, unknown> = {}) {
  const res = await placeOrder(items, extra);
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  const body: { order: Order; orderNumber: string } = res.body;
  return body;
}

async function setStatus(id: string, status: string, adminNotes?: string) {
  return api(`/orders/${id}/status`, { method: 'PUT', body: { status, adminNotes }, token: await adminToken() });
}

type Checkout = SiteContent['checkout'];

/** Saves the site content with these checkout rules (every option enabled unless given otherwise). */
async function putCheckoutRules(
  homeDelivery: Partial<Checkout['shipping']['homeDelivery']>,
  cashOnDelivery: Partial<Checkout['paymentInfo']['cashOnDelivery']>,
) {
  if (!originalContent) throw new Error('site content not loaded');
  const content = structuredClone(originalContent);
  const { shipping, paymentInfo } = content.checkout;
  shipping.enabled = true;
  // These tests price home delivery with the single base cost: no zones unless a test gives some.
  shipping.homeDelivery = { ...shipping.homeDelivery, enabled: true, zones: [], ...homeDelivery };
  paymentInfo.cashOnDelivery = { ...paymentInfo.cashOnDelivery, enabled: true, ...cashOnDelivery };
  paymentInfo.bankTransfer = { ...paymentInfo.bankTransfer, enabled: true };
  const res = await api('/content', { method: 'PUT', body: content, token: await adminToken() });
  expect(res.status).toBe(200);
}

/** Puts back the checkout rules every test starts from. */
const restoreCheckoutRules = () => putCheckoutRules({ baseCost: BASE_COST, freeShippingThreshold: FREE_FROM }, { additionalFee: CASH_FEE });

beforeAll(async () => {
  shop = await extraStrapi();
  const content = await api('/content');
  expect(content.status).toBe(200);
  originalContent = content.body.content;
  await restoreCheckoutRules();
});

afterAll(async () => {
  if (originalContent) await api('/content', { method: 'PUT', body: originalContent, token: await adminToken() });
  await shop?.stop();
});

describe('POST /orders: the server sets every figure', () => {
  // Some tests here change the checkout rules; every test starts from the same ones.
  afterEach(restoreCheckoutRules);

  it('ignores tampered prices and totals and stores its own (delivery + cash fee)', async () => {
    const product = await createProduct({ stock: 10, price: 10000, discount: 20 });
    const { order, orderNumber } = await placed([{ productId: product._id, quantity: 2, price: 1, title: 'Gratis' }], {
      deliveryType: 'delivery',
      subtotal: 1,
      shippingCost: 0,
      total: 1,
    });
    expect(orderNumber).toBe(order.orderNumber);
    expect(orderNumber).toMatch(new RegExp(`^JL-${shopDayKey()}-\\d{4}$`));
    expect(order.items).toEqual([
      {
        productId: product._id,
        title: product.title,
        image: '/images/products/prueba.webp',
        quantity: 2,
        price: 8000,
        // The one order line: unit price and line total, and the variant sold.
        unitPrice: 8000,
        lineTotal: 16000,
        size: 'M',
        color: 'Negro',
        variantId: 'negro~M',
        sku: product.variants?.find((v) => v.id === 'negro~M')?.sku,
      },
    ]);
    expect(order).toMatchObject({ subtotal: 16000, shippingCost: BASE_COST, cashFee: CASH_FEE, total: 16000 + BASE_COST + CASH_FEE });
    const stored = await api(`/orders/${order._id}`);
    expect(stored.status).toBe(200);
    expect(stored.body.order).toMatchObject({ subtotal: 16000, shippingCost: BASE_COST, cashFee: CASH_FEE, total: 19500 });
    // Ley 27.743: the total without national taxes, kept with the order (21 %: 19.500 / 1,21 = 16.115,70 → 16.116).
    expect(order.netTotal).toBe(16116);
    expect(stored.body.order.netTotal).toBe(16116);
  });

  it('keeps the total without national taxes at each line’s VAT rate, as it was when the order was placed', async () => {
    if (!originalContent) throw new Error('site content not loaded');
    const content = structuredClone((await api('/content')).body.content as SiteContent);
    // Another of the shop's categories (a product must be in one of them when the shop lists any).
    const named = content.productCatalog.categories.map((c) => c.name).filter((name) => name !== '' && name !== 'conjuntos');
    const category = named[0] ?? `netos-${Date.now().toString(36)}`;
    const reduced = await createProduct({ stock: 5, price: 11050, category });
    const general = await createProduct({ stock: 5, price: 12100 });
    content.taxes = { vatRate: 21, categoryRates: [{ category, rate: 10.5 }] };
    expect((await api('/content', { method: 'PUT', body: content, token: await adminToken() })).status).toBe(200);
    const lines = [
      { productId: reduced._id, quantity: 1 },
      { productId: general._id, quantity: 1 },
    ];
    const { order } = await placed(lines, { paymentMethod: 'transfer' });
    // Pickup by transfer: 23.150 in all; 11.050 / 1,105 + 12.100 / 1,21 = 10.000 + 10.000.
    expect(order.total).toBe(23150);
    expect(order.netTotal).toBe(20000);
    // A later change of the rates never changes what the order states (its receipt, its ticket).
    content.taxes = { vatRate: 21, categoryRates: [] };
    expect((await api('/content', { method: 'PUT', body: content, token: await adminToken() })).status).toBe(200);
    expect((await api(`/orders/${order._id}`)).body.order.netTotal).toBe(20000);
  });

  it('charges no shipping for pickup nor from the free-shipping threshold, and no cash fee on transfers', async () => {
    const product = await createProduct({ stock: 20, price: 30000 });
    const pickup = await placed([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer' });
    expect(pickup.order).toMatchObject({ subtotal: 30000, shippingCost: 0, cashFee: 0, total: 30000, deliveryType: 'pickup' });
    const free = await placed([{ productId: product._id, quantity: 2 }], { deliveryType: 'delivery' });
    expect(free.order).toMatchObject({ subtotal: 60000, shippingCost: 0, cashFee: CASH_FEE, total: 60500 });
  });

  it('charges 2500 for home delivery when no base cost is configured', async () => {
    await putCheckoutRules({ baseCost: 0, freeShippingThreshold: 0 }, { additionalFee: 0 });
    const product = await createProduct({ stock: 5, price: 100000 });
    const { order } = await placed([{ productId: product._id, quantity: 1 }], { deliveryType: 'delivery' });
    expect(order).toMatchObject({ subtotal: 100000, shippingCost: 2500, cashFee: 0, total: 102500 });
  });

  it('refuses a delivery type or payment method that the shop disabled', async () => {
    const product = await createProduct({ stock: 5 });
    await putCheckoutRules({ enabled: false }, { enabled: false });
    const delivery = await placeOrder([{ productId: product._id, quantity: 1 }], { deliveryType: 'delivery', paymentMethod: 'transfer' });
    expect(delivery.status).toBe(400);
    expect(delivery.body.message).toBe('El envío a domicilio no está disponible en este momento');
    const cash = await placeOrder([{ productId: product._id, quantity: 1 }], { paymentMethod: 'cash' });
    expect(cash.status).toBe(400);
    expect(cash.body.message).toBe('El pago en efectivo no está disponible en este momento');
    expect((await placed([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer' })).order.status).toBe(
      'pending_transfer_proof',
    );
    expect(await stockOf(product._id)).toBe(4);
  });

  it('refuses every option the owner switched off, pickup included (an order without a delivery type is a pickup)', async () => {
    const product = await createProduct({ stock: 5 });
    const line = [{ productId: product._id, quantity: 1 }];
    /** Saves the original content with only these checkout switches changed. */
    const switches = async (set: (c: Checkout) => void) => {
      if (!originalContent) throw new Error('site content not loaded');
      const content = structuredClone(originalContent);
      const { checkout } = content;
      checkout.deliveryInfo.meetingPoint.enabled = true;
      checkout.shipping.enabled = true;
      checkout.shipping.homeDelivery.enabled = true;
      checkout.paymentInfo.cashOnDelivery.enabled = true;
      checkout.paymentInfo.bankTransfer.enabled = true;
      set(checkout);
      expect((await api('/content', { method: 'PUT', body: content, token: await adminToken() })).status).toBe(200);
    };
    const refused = async (extra: Record<string, unknown>, message: string) => {
      const res = await placeOrder(line, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message, JSON.stringify(extra)).toBe(message);
    };
    const pickupOff = 'El retiro en el punto de encuentro no está disponible en este momento; elige envío a domicilio';
    await switches((c) => {
      c.deliveryInfo.meetingPoint.enabled = false;
    });
    await refused({ deliveryType: 'pickup' }, pickupOff);
    await refused({ deliveryType: undefined }, pickupOff);
    expect((await placed(line, { deliveryType: 'delivery' })).order.deliveryType).toBe('delivery');

    // The shipping section's own switch turns home delivery off as well.
    await switches((c) => {
      c.shipping.enabled = false;
    });
    await refused({ deliveryType: 'delivery' }, 'El envío a domicilio no está disponible en este momento');

    await switches((c) => {
      c.paymentInfo.bankTransfer.enabled = false;
    });
    await refused({ paymentMethod: 'transfer' }, 'El pago por transferencia no está disponible en este momento');

    // Nothing left to choose: a clear message whatever the order asks for.
    await switches((c) => {
      c.deliveryInfo.meetingPoint.enabled = false;
      c.shipping.homeDelivery.enabled = false;
    });
    for (const deliveryType of ['pickup', 'delivery', undefined]) {
      await refused({ deliveryType }, 'En este momento la tienda no ofrece retiro ni envío a domicilio: no se pueden tomar pedidos');
    }
    await switches((c) => {
      c.paymentInfo.cashOnDelivery.enabled = false;
      c.paymentInfo.bankTransfer.enabled = false;
    });
    for (const paymentMethod of ['cash', 'transfer']) {
      await refused({ paymentMethod }, 'En este momento la tienda no ofrece ningún medio de pago: no se pueden tomar pedidos');
    }
    // Only the one accepted order took stock.
    expect(await stockOf(product._id)).toBe(4);
  });

  it('maps the payment method to the initial status', async () => {
    const product = await createProduct({ stock: 10 });
    const line = [{ productId: product._id, quantity: 1 }];
    const proof = await uploadProof(shop.url);
    expect((await placed(line, { paymentMethod: 'cash' })).order.status).toBe('pending_manual');
    expect((await placed(line, { paymentMethod: 'transfer' })).order.status).toBe('pending_transfer_proof');
    expect((await placed(line, { paymentMethod: 'transfer', transferProofUrl: '' })).order.status).toBe('pending_transfer_proof');
    const withProof = await placed(line, { paymentMethod: 'transfer', transferProofUrl: proof });
    expect(withProof.order).toMatchObject({ status: 'pending_transfer_confirmation', transferProofUrl: proof });
    // A cash order ignores the field (and does not use up the proof).
    const cashWithProof = await placed(line, { paymentMethod: 'cash', transferProofUrl: await uploadProof(shop.url) });
    expect(cashWithProof.order).toMatchObject({ status: 'pending_manual', transferProofUrl: null });
  });
});

describe('POST /orders: validation (400, Spanish message, nothing written)', () => {
  let product: TestProduct;
  let inactive: TestProduct;
  let noSizes: TestProduct;
  beforeAll(async () => {
    product = await createProduct({ stock: 10, title: 'Corpiño Validación' });
    inactive = await createProduct({ stock: 10, status: false, title: 'Body Inactivo' });
    noSizes = await createProduct({ stock: 10, size: ['Único'], title: 'Pijama Talle Único' });
  });

  const cases: [string, () => Record<string, unknown>, string | RegExp][] = [
    [
      'fullName missing',
      () => orderBody([{ productId: product._id, quantity: 1 }], { shippingInfo: { ...SHOPPER, fullName: '  ' } }),
      'El nombre completo es requerido',
    ],
    [
      'email missing',
      () => orderBody([{ productId: product._id, quantity: 1 }], { shippingInfo: { ...SHOPPER, email: '' } }),
      'El email es requerido',
    ],
    [
      'email malformed',
      () => orderBody([{ productId: product._id, quantity: 1 }], { shippingInfo: { ...SHOPPER, email: 'maria@' } }),
      'Formato de email inválido',
    ],
    [
      'phone missing',
      () => orderBody([{ productId: product._id, quantity: 1 }], { shippingInfo: { ...SHOPPER, phone: undefined } }),
      'El teléfono es requerido',
    ],
    [
      'address missing for delivery',
      () => orderBody([{ productId: product._id, quantity: 1 }], { deliveryType: 'delivery', shippingInfo: { ...SHOPPER, address: '' } }),
      'La dirección es requerida para el envío',
    ],
    [
      'city missing for delivery',
      () => orderBody([{ productId: product._id, quantity: 1 }], { deliveryType: 'delivery', shippingInfo: { ...SHOPPER, city: '' } }),
      'La ciudad es requerida para el envío',
    ],
    ['no items', () => orderBody([]), 'La orden debe incluir al menos un producto'],
    ['items not a list', () => ({ ...orderBody([]), items: 'todo' }), 'La orden debe incluir productos'],
    ['quantity 0', () => orderBody([{ productId: product._id, quantity: 0 }]), 'La cantidad debe ser un número entero mayor o igual a 1'],
    [
      'fractional quantity',
      () => orderBody([{ productId: product._id, quantity: 1.5 }]),
      'La cantidad debe ser un número entero mayor o igual a 1',
    ],
    [
      'quantity as text',
      () => ({ ...orderBody([]), items: [{ productId: product._id, quantity: '2', size: 'M' }] }),
      'La cantidad debe ser un número entero mayor o igual a 1',
    ],
    [
      'unknown payment method',
      () => orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: 'bitcoin' }),
      'El método de pago debe ser efectivo, transferencia o Mercado Pago',
    ],
    [
      'unknown product',
      () => orderBody([{ productId: 'noexiste123', quantity: 1, title: 'Conjunto Fantasma' }]),
      'El producto "Conjunto Fantasma" no existe o ya no está disponible',
    ],
    [
      'inactive product',
      () => orderBody([{ productId: inactive._id, quantity: 1, title: 'Body Inactivo' }]),
      'El producto "Body Inactivo" no existe o ya no está disponible',
    ],
    ['size missing', () => orderBody([{ productId: product._id, quantity: 1, size: '' }]), 'Elige una talla para "Corpiño Validación"'],
    [
      'foreign proof URL',
      () =>
        orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer', transferProofUrl: 'https://evil.example/x.png' }),
      'El comprobante de transferencia debe subirse desde la tienda',
    ],
  ];

  it.each(cases)('%s', async (_name, body, message) => {
    const before = await stockOf(product._id);
    const res = await api('/orders', { body: body(), baseUrl: shop.url });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message instanceof RegExp ? expect.stringMatching(message) : message);
    expect(await stockOf(product._id)).toBe(before);
  });

  it.each([
    ['shippingInfo as text', { shippingInfo: 'texto' }],
    ['a line that is not an object', { items: ['x'] }],
    ['notes as a number', { notes: 5 }],
  ])('answers %s with a Spanish 400', async (_name, override) => {
    const res = await api('/orders', { body: { ...orderBody([{ productId: 'x', quantity: 1 }]), ...override }, baseUrl: shop.url });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message).not.toMatch(/Invalid|expected|received|Required/);
  });

  it('refuses malformed JSON and non-object bodies', async () => {
    const malformed = await api('/orders', { raw: '{"items": [', headers: { 'content-type': 'application/json' }, baseUrl: shop.url });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('El cuerpo de la petición no es un JSON válido');
    const list = await api('/orders', { body: [1, 2], baseUrl: shop.url });
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('El cuerpo de la petición debe ser un objeto JSON');
  });

  it('stores the longest values the validation accepts (address, image URL)', async () => {
    const longImage = `/images/${'p'.repeat(1900)}.webp`;
    const res = await api('/products', {
      body: { title: 'Body Largo', description: 'x', price: 1000, category: 'bodys', stock: 2, size: ['M'], thumbnails: [longImage] },
      token: await adminToken(),
    });
    expect(res.status).toBe(201);
    const address = 'Calle '.padEnd(300, 'x');
    const { order } = await placed([{ productId: res.body.product._id, quantity: 1 }], {
      deliveryType: 'delivery',
      shippingInfo: { ...SHOPPER, address, notes: 'n'.repeat(1000) },
    });
    expect(order).toMatchObject({ shippingInfo: { address } });
    expect(order.items[0]?.image).toBe(longImage);
  });

  it('refuses a total beyond what the database stores, with nothing written', async () => {
    const luxury = await createProduct({ stock: 5, price: 1_000_000_000, title: 'Conjunto de Oro' });
    const res = await api('/orders', { body: orderBody([{ productId: luxury._id, quantity: 3 }]), baseUrl: shop.url });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El total de la orden supera el máximo permitido; divide la compra en varias órdenes');
    expect(await stockOf(luxury._id)).toBe(5);
  });

  it('accepts sizes case-insensitively and stores the catalogue spelling', async () => {
    const { order } = await placed([{ productId: noSizes._id, quantity: 1, size: 'único' }]);
    expect(order.items[0]?.size).toBe('ÚNICO');
  });
});

describe('POST /orders: the transfer proof must be a real, unused upload of this shop', () => {
  const NOT_FROM_SHOP = 'El comprobante de transferencia debe subirse desde la tienda';
  let product: TestProduct;
  beforeAll(async () => {
    product = await createProduct({ stock: 20, title: 'Conjunto Comprobante' });
  });
  const transfer = (transferProofUrl: string) =>
    placeOrder([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer', transferProofUrl });

  it('refuses a proof the shop never stored, a staff image, another origin and lookalikes (400, nothing written)', async () => {
    const token = await adminToken();
    const real = await uploadProof(shop.url);
    const staffImage = await uploadProof(shop.url, token);
    const countBefore = (await api('/orders?limit=1', { token })).body.totalOrders;
    const refused = [
      // The shape of a proof, never uploaded.
      '/uploads/comprobante_0123456789abcdef0123456789abcdef_1a2b3c4d5e.png',
      // A hero image uploaded by staff is not a proof.
      staffImage,
      // A real proof's path on another origin, and on this shop's own origin while PUBLIC_URL is not set.
      `https://evil.example${real}`,
      `${shop.url}${real}`,
      `${real}?v=1`,
      `${real}#foto`,
      `/uploads/../uploads/${real.slice('/uploads/'.length)}`,
      '/images/products/prueba.webp',
    ];
    for (const url of refused) {
      const res = await transfer(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(NOT_FROM_SHOP);
    }
    expect(await stockOf(product._id)).toBe(20);
    expect((await api('/orders?limit=1', { token })).body.totalOrders).toBe(countBefore);
    // None of those attempts used up the real proof.
    const accepted = await transfer(real);
    expect(accepted.status).toBe(201);
    expect(accepted.body.order).toMatchObject({ transferProofUrl: real, status: 'pending_transfer_confirmation' });
  });

  it('one proof, one order: a second order with it is refused; an order refused for another reason does not use it up', async () => {
    const proof = await uploadProof(shop.url);
    const scarce = await createProduct({ stock: 1, title: 'Body Escaso' });
    const noStock = await placeOrder([{ productId: scarce._id, quantity: 2 }], { paymentMethod: 'transfer', transferProofUrl: proof });
    expect(noStock.status).toBe(409);
    const stockBefore = await stockOf(product._id);
    const first = await transfer(proof);
    expect(first.status).toBe(201);
    expect(first.body.order.transferProofUrl).toBe(proof);
    const second = await transfer(proof);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Este comprobante ya se usó en otro pedido: sube el comprobante de esta compra');
    expect(await stockOf(product._id)).toBe(stockBefore - 1);
  });
});

describe('stock', () => {
  it('takes stock on creation and returns it exactly once on cancel/refund', async () => {
    const product = await createProduct({ stock: 5 });
    const { order } = await placed([{ productId: product._id, quantity: 2 }]);
    expect(await stockOf(product._id)).toBe(3);

    expect((await setStatus(order._id, 'cancelled')).status).toBe(200);
    expect(await stockOf(product._id)).toBe(5);
    expect((await setStatus(order._id, 'cancelled')).status).toBe(200);
    expect((await setStatus(order._id, 'refunded')).status).toBe(200);
    expect(await stockOf(product._id)).toBe(5);

    // Back to an active status takes the units again; cancelling again returns them again (once).
    expect((await setStatus(order._id, 'pending_manual')).status).toBe(200);
    expect(await stockOf(product._id)).toBe(3);
    expect((await setStatus(order._id, 'paid')).status).toBe(200);
    expect(await stockOf(product._id)).toBe(3);

    // Two cancels at the same time, on two processes: the stock comes back once.
    const token = await adminToken();
    const both = await Promise.all([
      api(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'cancelled' }, token }),
      api(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'refunded' }, token, baseUrl: shop.url }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await stockOf(product._id)).toBe(5);
  });

  it('refuses an order that exceeds stock, naming the product, and writes nothing', async () => {
    const plenty = await createProduct({ stock: 4, title: 'Bombacha Suficiente' });
    const scarce = await createProduct({ stock: 2, title: 'Conjunto Aurora' });
    const first = await placed([{ productId: plenty._id, quantity: 1 }]);
    const token = await adminToken();
    const countBefore = (await api('/orders?limit=1', { token })).body.totalOrders;

    const refused = await placeOrder([
      { productId: plenty._id, quantity: 1 },
      { productId: scarce._id, quantity: 3 },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Stock insuficiente para "Conjunto Aurora". Quedan 2 de Negro M');
    expect(await stockOf(plenty._id)).toBe(3);
    expect(await stockOf(scarce._id)).toBe(2);
    expect((await api('/orders?limit=1', { token })).body.totalOrders).toBe(countBefore);

    // Two colours of one size are two stocks (variants): the 2 units are Negro M, Blanco M has none.
    const split = await placeOrder([
      { productId: scarce._id, quantity: 1, size: 'M', color: 'Negro' },
      { productId: scarce._id, quantity: 2, size: 'm', color: 'Blanco' },
    ]);
    expect(split.status).toBe(409);
    expect(split.body.message).toBe('Stock insuficiente para "Conjunto Aurora". Quedan 0 de Blanco M');
    expect(await stockOf(scarce._id)).toBe(2);

    // No order number was consumed by the refused orders.
    const next = await placed([{ productId: scarce._id, quantity: 2 }]);
    expect(sequenceOf(next.orderNumber)).toBe(sequenceOf(first.orderNumber) + 1);
    expect(await stockOf(scarce._id)).toBe(0);
  });

  it('refuses to reactivate a cancelled order when its units were sold meanwhile', async () => {
    const product = await createProduct({ stock: 2, title: 'Body Encaje' });
    const { order } = await placed([{ productId: product._id, quantity: 2 }]);
    expect((await setStatus(order._id, 'cancelled')).status).toBe(200);
    await placed([{ productId: product._id, quantity: 1 }]);
    const back = await setStatus(order._id, 'confirmado');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('No se puede reactivar la orden: Stock insuficiente para "Body Encaje". Quedan 1 de Negro M');
    expect(await stockOf(product._id)).toBe(1);
    expect((await api(`/orders/${order._id}`)).body.order.status).toBe('cancelled');
  });

  it('reactivates an order whose product was hidden since, but not one whose product was deleted', async () => {
    const token = await adminToken();
    const hidden = await createProduct({ stock: 3, title: 'Bombis Oculto' });
    const kept = await placed([{ productId: hidden._id, quantity: 2 }]);
    expect((await setStatus(kept.order._id, 'cancelled')).status).toBe(200);
    expect((await api(`/products/${hidden._id}`, { method: 'PUT', body: { status: false }, token })).status).toBe(200);
    expect((await setStatus(kept.order._id, 'pending_manual')).status).toBe(200);
    expect(await stockOf(hidden._id)).toBe(1);

    const gone = await createProduct({ stock: 3, title: 'Pijama Borrado' });
    const orphan = await placed([{ productId: gone._id, quantity: 1 }]);
    expect((await setStatus(orphan.order._id, 'refunded')).status).toBe(200);
    expect((await api(`/products/${gone._id}`, { method: 'DELETE', token })).status).toBe(200);
    const back = await setStatus(orphan.order._id, 'paid');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('No se puede reactivar la orden: el producto "Pijama Borrado" ya no existe');
    expect((await api(`/orders/${orphan.order._id}`)).body.order.status).toBe('refunded');
  });
});

describe('PUT /orders/:id/status and PATCH /orders/:id/confirm', () => {
  it('sets any status (Mercado Pago’s wait only for its orders), keeps admin notes, stamps paidAt on paid, and refuses unknown statuses', async () => {
    const product = await createProduct({ stock: 50 });
    const { order } = await placed([{ productId: product._id, quantity: 1 }]);
    const bad = await setStatus(order._id, 'enviado');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Estado de orden inválido');
    for (const status of ORDER_STATUSES.filter((s) => s !== 'pending_payment')) {
      const res = await setStatus(order._id, status, `nota ${status}`);
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ _id: order._id, status, adminNotes: `nota ${status}` });
    }
    // A cash order never waits for a Mercado Pago payment.
    expect((await setStatus(order._id, 'pending_payment')).status).toBe(400);
    const paid = await setStatus(order._id, 'paid');
    expect(paid.body.order.paidAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(paid.body.order.paidAt)).toBeLessThan(60_000);
    const missing = await setStatus('noexiste123', 'paid');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Orden no encontrada');
  });

  it('confirms only from pending_manual', async () => {
    const product = await createProduct({ stock: 10 });
    const token = await adminToken();
    const cash = await placed([{ productId: product._id, quantity: 1 }]);
    const ok = await api(`/orders/${cash.order._id}/confirm`, { method: 'PATCH', token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, order: { _id: cash.order._id, status: 'confirmado' } });
    const again = await api(`/orders/${cash.order._id}/confirm`, { method: 'PATCH', token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      success: false,
      error: expect.stringContaining('Solo se pueden confirmar'),
      message: expect.stringContaining('Confirmado'),
    });

    const transfer = await placed([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer' });
    const refused = await api(`/orders/${transfer.order._id}/confirm`, { method: 'PATCH', token });
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    expect((await api(`/orders/${transfer.order._id}`)).body.order.status).toBe('pending_transfer_proof');

    const missing = await api('/orders/noexiste123/confirm', { method: 'PATCH', token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: 'Orden no encontrada' });
  });
});

describe('DELETE /orders/:id', () => {
  it('deletes an order; an active one gives its stock back, a paid one does not', async () => {
    const product = await createProduct({ stock: 6 });
    const token = await adminToken();
    const active = await placed([{ productId: product._id, quantity: 2 }]);
    const paid = await placed([{ productId: product._id, quantity: 3 }]);
    expect(await stockOf(product._id)).toBe(1);
    await setStatus(paid.order._id, 'paid');

    const del = await api(`/orders/${active.order._id}`, { method: 'DELETE', token });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(`Orden ${active.orderNumber} eliminada; su stock fue devuelto`);
    expect(await stockOf(product._id)).toBe(3);
    expect((await api(`/orders/${active.order._id}`)).status).toBe(404);

    const delPaid = await api(`/orders/${paid.order._id}`, { method: 'DELETE', token });
    expect(delPaid.body.message).toBe(`Orden ${paid.orderNumber} eliminada`);
    expect(await stockOf(product._id)).toBe(3);

    const again = await api(`/orders/${paid.order._id}`, { method: 'DELETE', token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Orden no encontrada');
  });
});

describe('reading orders', () => {
  it('GET /orders/:id gives the shopper the whole order but staff notes; unknown ids are a Spanish 404', async () => {
    const product = await createProduct({ stock: 5 });
    const { order } = await placed([{ productId: product._id, quantity: 1 }], { deliveryType: 'delivery', notes: 'Sin bolsa' });
    const res = await api(`/orders/${order._id}`);
    expect(res.status).toBe(200);
    const { adminNotes, ...shopperView } = order;
    expect(adminNotes).toBeNull();
    expect(res.body.order).toEqual(shopperView);
    expect(res.body.order).toMatchObject({ shippingInfo: SHOPPER, notes: 'Sin bolsa', deliveryType: 'delivery' });
    await setStatus(order._id, 'pending_manual', 'Cliente pidió factura A');
    const shopper = await api(`/orders/${order._id}`, { token: await shopperToken() });
    expect(shopper.body.order).not.toHaveProperty('adminNotes');
    expect(JSON.stringify(shopper.body)).not.toContain('factura A');
    const staff = await api(`/orders/${order._id}`, { token: await adminToken() });
    expect(staff.body.order.adminNotes).toBe('Cliente pidió factura A');
    const missing = await api('/orders/xxxxxxxxxxxxxxxxxxxxxxxx');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Orden no encontrada');
  });

  it('GET /orders lists newest first with page, limit, status and Argentine-day filters', async () => {
    const product = await createProduct({ stock: 20 });
    const token = await adminToken();
    const created = [];
    for (let i = 0; i < 3; i += 1) created.push(await placed([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer' }));
    const page1 = await api('/orders?limit=2&page=1', { token });
    expect(page1.status).toBe(200);
    expect(page1.body.orders.map((o: { _id: string }) => o._id)).toEqual([created[2]?.order._id, created[1]?.order._id]);
    expect(page1.body).toMatchObject({ page: 1, totalPages: Math.ceil(page1.body.totalOrders / 2) });
    const page2 = await api('/orders?limit=2&page=2', { token });
    expect(page2.body.orders[0]._id).toBe(created[0]?.order._id);

    const byStatus = await api('/orders?status=pending_transfer_proof&limit=100', { token });
    expect(byStatus.body.orders.length).toBeGreaterThanOrEqual(3);
    expect(byStatus.body.orders.every((o: { status: string }) => o.status === 'pending_transfer_proof')).toBe(true);

    const key = shopDayKey();
    const today = `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;
    // Other test files share this database (one backdates an order): today's list holds this test's orders, and
    // nothing dated another day.
    const todays = await api(`/orders?date=${today}&limit=100`, { token });
    const todayIds = todays.body.orders.map((o: { _id: string }) => o._id);
    for (const c of created) expect(todayIds).toContain(c.order._id);
    expect(todays.body.totalOrders).toBeLessThanOrEqual(page1.body.totalOrders);
    const dayOf = (iso: string) => new Date(new Date(iso).getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const o of todays.body.orders as { createdAt: string }[]) expect(dayOf(o.createdAt)).toBe(today);
    const longAgo = await api('/orders?date=2001-02-03', { token });
    expect(longAgo.body).toMatchObject({ orders: [], totalOrders: 0, totalPages: 0 });

    expect((await api('/orders?limit=500', { token })).body.orders.length).toBeLessThanOrEqual(100);
    const badDate = await api('/orders?date=ayer', { token });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe('Fecha inválida: usa el formato AAAA-MM-DD');
    const badStatus = await api('/orders?status=enviado', { token });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('Estado de orden inválido');
  });

  it('GET /orders/summary counts by status and payment method and sums paid totals, as the list shows', async () => {
    const product = await createProduct({ stock: 10, price: 12345 });
    const token = await adminToken();
    const cash = await placed([{ productId: product._id, quantity: 1 }]);
    const transfer = await placed([{ productId: product._id, quantity: 2 }], { paymentMethod: 'transfer' });
    await setStatus(cash.order._id, 'paid');
    await setStatus(transfer.order._id, 'paid');

    const res = await api('/orders/summary', { token });
    expect(res.status).toBe(200);
    const { summary } = res.body;
    expect(Object.keys(summary.summaryByStatusAndPaymentMethod).sort()).toEqual([...ORDER_STATUSES].sort());
    let counted = 0;
    for (const status of ORDER_STATUSES) {
      // Every payment method: another file on the shared database may have left a Mercado Pago order.
      const { cash: c, transfer: t, mercadopago: m = 0 } = summary.summaryByStatusAndPaymentMethod[status];
      const listed = await api(`/orders?status=${status}&limit=100`, { token });
      expect(c + t + m).toBe(listed.body.totalOrders);
      if (listed.body.totalOrders <= 100) {
        expect(c).toBe(listed.body.orders.filter((o: { paymentMethod: string }) => o.paymentMethod === 'cash').length);
      }
      counted += c + t + m;
      if (status === 'paid') {
        expect(listed.body.totalOrders).toBeLessThanOrEqual(100);
        const revenue = listed.body.orders.reduce((sum: number, o: { total: number }) => sum + o.total, 0);
        // Net sales: what returns gave back (other files' returns on the shared database) comes off the paid total.
        expect(summary.totalRevenue + (summary.returnsTotal ?? 0)).toBe(revenue);
        expect(revenue).toBeGreaterThanOrEqual(cash.order.total + transfer.order.total);
      }
    }
    expect(summary.totalOrders).toBe(counted);
    expect(summary.totalOrders).toBe((await api('/orders?limit=1', { token })).body.totalOrders);
  });
});

describe('auth matrix of the order routes', () => {
  let order: { _id: string; orderNumber: string };
  beforeAll(async () => {
    const product = await createProduct({ stock: 10 });
    order = (await placed([{ productId: product._id, quantity: 1 }])).order;
  });

  it.each([
    ['GET', '/orders'],
    ['GET', '/orders/summary'],
  ])('%s %s is for admins only', async (method, path) => {
    await expectAdminOnly(method, path);
    expect((await api(path, { method, token: await adminToken() })).status).toBe(200);
  });

  it('PUT /orders/:id/status, PATCH /orders/:id/confirm and DELETE /orders/:id are for admins only', async () => {
    await expectAdminOnly('PUT', `/orders/${order._id}/status`, { status: 'paid' });
    await expectAdminOnly('PATCH', `/orders/${order._id}/confirm`);
    await expectAdminOnly('DELETE', `/orders/${order._id}`);
    const still = await api(`/orders/${order._id}`);
    expect(still.body.order.status).toBe('pending_manual');
    const token = await adminToken();
    expect((await api(`/orders/${order._id}/confirm`, { method: 'PATCH', token })).status).toBe(200);
    expect((await api(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'paid' }, token })).status).toBe(200);
    expect((await api(`/orders/${order._id}`, { method: 'DELETE', token })).status).toBe(200);
  });

  it('creating, reading by id and tracking are public (any token or none)', async () => {
    const product = await createProduct({ stock: 10 });
    for (const token of [null, GARBAGE_TOKEN, await shopperToken(), await adminToken()]) {
      const created = await api('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }]), token, baseUrl: shop.url });
      expect(created.status).toBe(201);
      expect((await api(`/orders/${created.body.order._id}`, { token })).status).toBe(200);
      expect((await api(`/orders/by-number/${created.body.orderNumber}`, { token })).status).toBe(200);
    }
  });
});

describe('rate limit', () => {
  it('the shared process answers 429 in Spanish after too many orders from one client', async () => {
    const statuses: number[] = [];
    let last = await api('/orders', { body: {} });
    statuses.push(last.status);
    for (let i = 0; i < 40 && last.status !== 429; i += 1) {
      last = await api('/orders', { body: {} });
      statuses.push(last.status);
    }
    expect(last.status).toBe(429);
    expect(last.body.message).toBe('Demasiadas peticiones. Por favor, espera 15 minutos antes de intentar nuevamente.');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 400).length).toBe(30);
  });
});
