import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  amountToCollect,
  dispatchAnswerSchema,
  quoteAnswerSchema,
  shopIsoDay,
  MAX_DISPATCH_PAGE_SIZE,
  type DeliveryZone,
  type MeetingPoint,
  type Order,
  type SiteContent,
} from '@shop/shared';
import { adminToken, api, expectMessage, shopperToken, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN, expectAdminOnly } from '../helpers/auth-matrix';
import { testDatabase } from '../helpers/database';
import { SHOPPER, createProduct, orderBody, startExtraStrapi, stockOf, type TestProduct } from '../helpers/orders';
import { panel, panelToken } from '../helpers/panel';
import { startStrapi, type RunningStrapi } from '../helpers/strapi-process';

// A process of its own on the shared database: orders unlimited, quotes limited to QUOTE_LIMIT so the last test
// can reach the limit quickly (its rate-limit keys are its own).
const QUOTE_LIMIT = 80;
let shop: RunningStrapi;
let originalContent: SiteContent;
let product: TestProduct;

const ZONES: DeliveryZone[] = [
  {
    id: 'zona-centro',
    name: 'Centro de prueba',
    barrios: ['Centro', 'Santa Genoveva'],
    postalCodes: ['8300'],
    cost: 2500,
    freeShippingThreshold: 30000,
    estimatedDays: '24 horas',
    enabled: true,
  },
  {
    id: 'zona-plottier',
    name: 'Plottier de prueba',
    barrios: ['Plottier'],
    postalCodes: ['8316'],
    cost: 4500,
    freeShippingThreshold: 50000,
    estimatedDays: '48 a 72 horas',
    enabled: true,
  },
  {
    id: 'zona-cerrada',
    name: 'Cipolletti de prueba',
    barrios: ['Cipolletti'],
    postalCodes: ['8324'],
    cost: 5000,
    freeShippingThreshold: 0,
    estimatedDays: '',
    enabled: false,
  },
];
const POINTS: MeetingPoint[] = [
  {
    id: 'punto-centro',
    title: 'Punto Centro',
    address: 'Av. Argentina 250',
    schedule: 'Lun a Vie 17 a 20',
    notes: 'Timbre B',
    enabled: true,
  },
  { id: 'punto-cerrado', title: 'Punto cerrado', address: 'Sin atención', schedule: '', notes: '', enabled: false },
];

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const quote = (body: unknown) => call('/checkout/quote', { body });
const staff = async (pathname: string, options: CallOptions = {}) => call(pathname, { token: await adminToken(), ...options });

function contentWith(zones: unknown, points: unknown = POINTS): Record<string, unknown> {
  const content = structuredClone(originalContent);
  // Junk on purpose in some tests: the lists are written as given.
  Object.assign(content.checkout.shipping.homeDelivery, { zones });
  Object.assign(content.checkout.deliveryInfo, { meetingPoints: points });
  return { ...content };
}

async function putContent(content: unknown) {
  return staff('/content', { method: 'PUT', body: content });
}

const line = () => ({ productId: product._id, quantity: 1, size: 'M', color: 'Negro' });

beforeAll(async () => {
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  shop = await startStrapi(database, {
    RATE_LIMIT_ORDERS_MAX: '100000',
    RATE_LIMIT_QUOTE_MAX: String(QUOTE_LIMIT),
    RATE_LIMIT_PREFIX: `zones-${process.pid}-${Date.now()}`,
  });
  const content = await api('/content');
  originalContent = content.body.content;
  const saved = await putContent(contentWith(ZONES));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  product = await createProduct({ stock: 0, price: 12000, discount: 10, size: ['S', 'M'], stockBySize: { S: 4, M: 40 } });
});

afterAll(async () => {
  if (originalContent) await putContent(originalContent);
  await shop?.stop();
});

describe('site content: zones and meeting points', () => {
  it('seeds demo zones and meeting points, the single meeting point kept as it was', async () => {
    const seeded = originalContent.checkout;
    expect(seeded.shipping.homeDelivery.zones.map((z) => z.id)).toEqual([
      'neuquen-centro',
      'neuquen-oeste',
      'plottier',
      'centenario',
      'cipolletti',
    ]);
    expect(seeded.deliveryInfo.meetingPoints.map((p) => p.id)).toEqual(['centro', 'alto-comahue']);
    expect(seeded.deliveryInfo.meetingPoint.address).toMatch(/Neuquén/);
  });

  it('refuses bad zones with a Spanish message naming the field, and stores nothing', async () => {
    const cases: [unknown, string | RegExp][] = [
      [[{ ...ZONES[0], cost: -100 }], 'El costo de la zona debe ser un número entero de pesos mayor o igual a 0'],
      [
        [{ ...ZONES[0], freeShippingThreshold: 'mil' }],
        'El envío gratis desde de la zona debe ser un número entero de pesos mayor o igual a 0',
      ],
      [[{ ...ZONES[0], cost: 10.5 }], /costo de la zona/],
      [[ZONES[0], { ...ZONES[1], id: 'zona-centro' }], 'Zonas de envío: el id "zona-centro" está repetido'],
      [
        [ZONES[0], { ...ZONES[1], barrios: ['SANTA GENOVEVA'] }],
        'Zonas de envío: el barrio "SANTA GENOVEVA" está en dos zonas activas ("Centro de prueba" y "Plottier de prueba")',
      ],
      [[ZONES[0], { ...ZONES[1], postalCodes: ['8300'] }], /el código postal "8300" está en dos zonas activas/],
      [[{ ...ZONES[0], id: 'Zona Centro!' }], /id de cada zona/],
      [[{ ...ZONES[0], id: 'x'.repeat(41) }], /id de cada zona/],
      [[{ ...ZONES[0], barrios: Array.from({ length: 101 }, (_, i) => `Barrio ${i}`) }], 'Cada zona puede tener hasta 100 barrios'],
      [[{ ...ZONES[0], barrios: ['x'.repeat(81)] }], 'Cada barrio debe tener entre 1 y 80 caracteres'],
      [
        Array.from({ length: 51 }, (_, i) => ({ ...ZONES[0], id: `z-${i}`, barrios: [], postalCodes: [] })),
        'Puede haber hasta 50 zonas de envío',
      ],
      ['todas', /.+/],
      [[null], /.+/],
    ];
    for (const [zones, message] of cases) {
      const res = await putContent(contentWith(zones));
      expect(res.status, JSON.stringify(zones).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const points = await putContent(contentWith(ZONES, [POINTS[0], POINTS[0]]));
    expectMessage(points, 400, 'Puntos de encuentro: el id "punto-centro" está repetido');
    const tooMany = await putContent(
      contentWith(
        ZONES,
        Array.from({ length: 21 }, (_, i) => ({ ...POINTS[0], id: `p-${i}` })),
      ),
    );
    expectMessage(tooMany, 400, 'Puede haber hasta 20 puntos de encuentro');
    // A disabled zone may share barrios with an enabled one (the owner is moving them).
    const shared = await putContent(
      contentWith([...ZONES, { ...ZONES[2], id: 'zona-vieja', barrios: ['Cipolletti'], postalCodes: ['8324'] }]),
    );
    expect(shared.status).toBe(200);
    // Nothing refused was stored: the zones are the last accepted ones.
    const stored = (await api('/content', { baseUrl: shop.url })).body.content.checkout.shipping.homeDelivery.zones;
    expect(stored.map((z: DeliveryZone) => z.id)).toEqual(['zona-centro', 'zona-plottier', 'zona-cerrada', 'zona-vieja']);
    expect((await putContent(contentWith(ZONES))).status).toBe(200);
  });

  it('an empty list of zones keeps the single base cost for every address', async () => {
    const flat = contentWith([]);
    const homeDelivery = (flat.checkout as SiteContent['checkout']).shipping.homeDelivery;
    homeDelivery.baseCost = 3100;
    homeDelivery.freeShippingThreshold = 90000;
    expect((await putContent(flat)).status).toBe(200);
    try {
      const res = await quote({ items: [line()], paymentMethod: 'transfer', deliveryType: 'delivery', barrio: 'Cualquier lugar' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.quote).toMatchObject({ subtotal: 10800, shippingCost: 3100, total: 13900, freeShippingFrom: 90000 });
      expect(res.body.quote.zone).toBeUndefined();
    } finally {
      expect((await putContent(contentWith(ZONES))).status).toBe(200);
    }
  });
});

describe('POST /checkout/quote', () => {
  it('prices by barrio (accents and case aside), postal code or zone id, with the order of the answer documented', async () => {
    const res = await quote({
      items: [{ ...line(), quantity: 2 }],
      paymentMethod: 'cash',
      deliveryType: 'delivery',
      barrio: 'santa genovéva',
      surprise: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(quoteAnswerSchema.parse(res.body)).toEqual(res.body);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.quote).toEqual({
      items: [
        {
          productId: product._id,
          title: product.title,
          size: 'M',
          color: 'Negro',
          // The variant the line resolved to.
          variantId: 'negro~M',
          sku: product.variants?.find((v) => v.id === 'negro~M')?.sku,
          quantity: 2,
          unitPrice: 10800,
          lineTotal: 21600,
        },
      ],
      subtotal: 21600,
      shippingCost: 2500,
      cashFee: 0,
      discounts: [],
      discountTotal: 0,
      total: 24100,
      zone: { id: 'zona-centro', name: 'Centro de prueba', estimatedDays: '24 horas' },
      freeShippingFrom: 30000,
    });
    const byCode = await quote({ items: [line()], paymentMethod: 'transfer', deliveryType: 'delivery', postalCode: 'Q8316ABC' });
    expect(byCode.body.quote).toMatchObject({ shippingCost: 4500, zone: { id: 'zona-plottier' } });
    const byId = await quote({
      items: [line()],
      paymentMethod: 'transfer',
      deliveryType: 'delivery',
      zoneId: 'zona-plottier',
      barrio: 'Centro',
    });
    expect(byId.body.quote.zone.id).toBe('zona-plottier');
    // Free exactly from the zone's threshold: 3 units = 32400 ≥ 30000.
    const free = await quote({
      items: [{ ...line(), quantity: 3 }],
      paymentMethod: 'transfer',
      deliveryType: 'delivery',
      barrio: 'Centro',
    });
    expect(free.body.quote).toMatchObject({ subtotal: 32400, shippingCost: 0, total: 32400 });
  });

  it('prices a pickup at the chosen meeting point, free', async () => {
    const res = await quote({ items: [line()], paymentMethod: 'transfer', deliveryType: 'pickup', meetingPointId: 'punto-centro' });
    expect(res.status).toBe(200);
    expect(res.body.quote).toMatchObject({
      shippingCost: 0,
      total: 10800,
      meetingPoint: { id: 'punto-centro', title: 'Punto Centro', address: 'Av. Argentina 250', schedule: 'Lun a Vie 17 a 20' },
    });
  });

  it('answers 400 in Spanish for every cart or place it cannot price', async () => {
    const delivery = { paymentMethod: 'transfer', deliveryType: 'delivery', barrio: 'Centro' };
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [
        { ...delivery, items: [{ productId: 'no-existe', quantity: 1, title: 'Body fantasma' }] },
        'El producto "Body fantasma" no existe o ya no está disponible',
      ],
      [{ ...delivery, items: [{ ...line(), size: 'XXL' }] }, `La talla XXL no existe para "${product.title}"`],
      [{ ...delivery, items: [{ ...line(), size: 'S', quantity: 5 }] }, `Stock insuficiente para "${product.title}". Quedan 4 de Negro S`],
      [
        {
          ...delivery,
          items: [
            { ...line(), size: 'S', quantity: 4 },
            { ...line(), quantity: 6 },
            { ...line(), quantity: 1, color: 'Blanco' },
          ],
        },
        /^Puedes llevar hasta 10 unidades/,
      ],
      [
        { ...delivery, barrio: 'Villa La Angostura', items: [line()] },
        'No llegamos a ese barrio con envío a domicilio; escribinos por WhatsApp y lo coordinamos',
      ],
      [
        { ...delivery, barrio: 'Cipolletti', items: [line()] },
        'No llegamos a ese barrio con envío a domicilio; escribinos por WhatsApp y lo coordinamos',
      ],
      [{ ...delivery, barrio: undefined, zoneId: 'zona-cerrada', items: [line()] }, /no hacemos envíos a esa zona/],
      [{ ...delivery, barrio: undefined, zoneId: 'zona-inventada', items: [line()] }, /no existe/],
      [{ ...delivery, barrio: undefined, items: [line()] }, 'Indicá tu barrio o código postal para calcular el envío a domicilio'],
      [
        { ...delivery, deliveryType: 'pickup', meetingPointId: 'punto-cerrado', items: [line()] },
        'Ese punto de encuentro no está disponible en este momento; elegí otro',
      ],
      [
        { ...delivery, deliveryType: 'pickup', meetingPointId: 'punto-x', items: [line()] },
        'El punto de encuentro elegido no existe; elegí otro',
      ],
      // Junk ids and huge lists never reach a query.
      [{ ...delivery, zoneId: 'z'.repeat(5000), items: [line()] }, 'El id de la zona no puede superar 40 caracteres'],
      [{ ...delivery, zoneId: { $ne: null }, items: [line()] }, 'El id de la zona debe ser un texto'],
      [
        { ...delivery, meetingPointId: ['punto-centro'], deliveryType: 'pickup', items: [line()] },
        'El id del punto de encuentro debe ser un texto',
      ],
      [{ ...delivery, items: Array.from({ length: 51 }, () => line()) }, 'La orden no puede tener más de 50 líneas'],
      // NUL (PostgreSQL refuses it in any text) never reaches the product query.
      [{ ...delivery, items: [{ ...line(), productId: `${product._id}\u0000` }] }, 'La petición contiene caracteres no válidos'],
      [{ ...delivery, barrio: 'Centro\u0000' }, 'La petición contiene caracteres no válidos'],
      [{ ...delivery, items: [] }, 'La orden debe incluir al menos un producto'],
      [{ ...delivery, paymentMethod: 'bitcoin', items: [line()] }, 'El método de pago debe ser efectivo, transferencia o Mercado Pago'],
      [{ ...delivery, items: [{ ...line(), quantity: -2 }] }, 'La cantidad debe ser un número entero mayor o igual a 1'],
    ];
    for (const [body, message] of cases) {
      const res = await quote(body);
      expect(res.status, `${JSON.stringify(body).slice(0, 120)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const malformed = await call('/checkout/quote', {
      method: 'POST',
      raw: '{"items": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('writes nothing: no order, no stock taken', async () => {
    const before = await staff('/orders?limit=1');
    const stock = await stockOf(product._id);
    for (let i = 0; i < 3; i += 1)
      expect((await quote({ items: [{ ...line(), quantity: 6 }], paymentMethod: 'cash', deliveryType: 'pickup' })).status).toBe(200);
    expect(await stockOf(product._id)).toBe(stock);
    expect((await staff('/orders?limit=1')).body.totalOrders).toBe(before.body.totalOrders);
  });

  it('follows a product or content change at once (cached answers are dropped)', async () => {
    const body = { items: [line()], paymentMethod: 'transfer', deliveryType: 'delivery', barrio: 'Plottier' };
    expect((await quote(body)).body.quote.shippingCost).toBe(4500);
    const cheaper = contentWith([ZONES[0], { ...ZONES[1], cost: 3900 }, ZONES[2]]);
    expect((await putContent(cheaper)).status).toBe(200);
    try {
      expect((await quote(body)).body.quote.shippingCost).toBe(3900);
      const priced = await staff(`/products/${product._id}`, { method: 'PUT', body: { discount: 50 } });
      expect(priced.status).toBe(200);
      expect((await quote(body)).body.quote).toMatchObject({ subtotal: 6000, total: 9900 });
    } finally {
      await staff(`/products/${product._id}`, { method: 'PUT', body: { discount: 10 } });
      expect((await putContent(contentWith(ZONES))).status).toBe(200);
    }
  });
});

describe('orders priced by zone', () => {
  it('agree with the quote to the peso and keep a snapshot of the zone that later edits never change', async () => {
    const priced = { items: [{ ...line(), quantity: 2 }], paymentMethod: 'cash', deliveryType: 'delivery', barrio: 'Plottier' };
    const q = await quote(priced);
    expect(q.status).toBe(200);
    const placed = await call('/orders', { body: orderBody([], { ...priced, shippingInfo: { ...SHOPPER, postalCode: '8300' } }) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order: Order = placed.body.order;
    for (const key of ['subtotal', 'shippingCost', 'cashFee', 'total'] as const) expect(order[key], key).toBe(q.body.quote[key]);
    expect(order.zone).toEqual({ id: 'zona-plottier', name: 'Plottier de prueba', cost: 4500 });
    expect(order.meetingPoint).toBeNull();

    // The owner renames and reprices the zone: the placed order keeps what it was priced with.
    expect((await putContent(contentWith([ZONES[0], { ...ZONES[1], name: 'Plottier nuevo', cost: 9999 }, ZONES[2]]))).status).toBe(200);
    try {
      const again = await api(`/orders/${order._id}`);
      expect(again.body.order).toMatchObject({ zone: { id: 'zona-plottier', name: 'Plottier de prueba', cost: 4500 }, shippingCost: 4500 });
    } finally {
      expect((await putContent(contentWith(ZONES))).status).toBe(200);
    }
    // Tracking with the contact names the zone, never the street.
    const tracked = await api(`/orders/by-number/${order.orderNumber}?contact=${encodeURIComponent(SHOPPER.email)}`, { baseUrl: shop.url });
    expect(tracked.body.order).toMatchObject({ detail: 'full', delivery: { zoneName: 'Plottier de prueba' }, meetingPoint: null });
    expect(JSON.stringify(tracked.body)).not.toContain(SHOPPER.address);
    const summary = await api(`/orders/by-number/${order.orderNumber}`, { baseUrl: shop.url });
    expect(JSON.stringify(summary.body)).not.toContain('Plottier');
  });

  it('falls back to the shipping postal code for older clients, and refuses a delivery outside every zone (nothing written)', async () => {
    const old = await call('/orders', {
      body: orderBody([line()], { deliveryType: 'delivery', shippingInfo: { ...SHOPPER, postalCode: '8316' } }),
    });
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    expect(old.body.order).toMatchObject({ shippingCost: 4500, zone: { id: 'zona-plottier' } });
    const stock = await stockOf(product._id);
    const outside = await call('/orders', {
      body: orderBody([line()], { deliveryType: 'delivery', shippingInfo: { ...SHOPPER, postalCode: '9999' } }),
    });
    expectMessage(outside, 400, 'No llegamos a ese barrio con envío a domicilio; escribinos por WhatsApp y lo coordinamos');
    const disabled = await call('/orders', { body: orderBody([line()], { deliveryType: 'delivery', zoneId: 'zona-cerrada' }) });
    expect(disabled.status).toBe(400);
    expect(disabled.body.message).toMatch(/no hacemos envíos a esa zona/);
    expect(await stockOf(product._id)).toBe(stock);
  });

  it('stores the meeting point of a pickup; a disabled point is refused', async () => {
    const placed = await call('/orders', { body: orderBody([line()], { meetingPointId: 'punto-centro' }) });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      shippingCost: 0,
      zone: null,
      meetingPoint: { id: 'punto-centro', title: 'Punto Centro', address: 'Av. Argentina 250', schedule: 'Lun a Vie 17 a 20' },
    });
    // An older client names no point: the first enabled one.
    const legacy = await call('/orders', { body: orderBody([line()]) });
    expect(legacy.body.order.meetingPoint.id).toBe('punto-centro');
    const refused = await call('/orders', { body: orderBody([line()], { meetingPointId: 'punto-cerrado' }) });
    expectMessage(refused, 400, 'Ese punto de encuentro no está disponible en este momento; elegí otro');
  });
});

describe('staff: filters and the delivery sheet', () => {
  let plottier: Order;
  let transferPaid: Order;

  beforeAll(async () => {
    const placed = await call('/orders', {
      body: orderBody([line()], { deliveryType: 'delivery', zoneId: 'zona-plottier', paymentMethod: 'cash' }),
    });
    plottier = placed.body.order;
    const transfer = await call('/orders', {
      body: orderBody([line()], { deliveryType: 'delivery', barrio: 'Centro', paymentMethod: 'transfer' }),
    });
    transferPaid = transfer.body.order;
    const paid = await staff(`/orders/${transferPaid._id}/status`, { method: 'PUT', body: { status: 'paid' } });
    expect(paid.status).toBe(200);
  });

  it('lists orders by zone and by meeting point', async () => {
    const byZone = await staff('/orders?zone=zona-plottier&limit=100');
    expect(byZone.status).toBe(200);
    expect(byZone.body.orders.length).toBeGreaterThan(0);
    expect(byZone.body.orders.every((o: Order) => o.zone?.id === 'zona-plottier')).toBe(true);
    expect(byZone.body.orders.map((o: Order) => o._id)).toContain(plottier._id);
    const byPoint = await staff('/orders?meetingPoint=punto-centro&limit=100');
    expect(byPoint.body.orders.length).toBeGreaterThan(0);
    expect(byPoint.body.orders.every((o: Order) => o.meetingPoint?.id === 'punto-centro')).toBe(true);
    for (const junk of ['zone=%27%20OR%201%3D1', `zone=${'a'.repeat(41)}`, 'meetingPoint=Punto%20Centro']) {
      const res = await staff(`/orders?${junk}`);
      expect(res.status, junk).toBe(400);
      expect(res.body.message).toMatch(/filtro de/);
    }
  });

  it('groups orders still to hand over by zone, with the cash to collect, and pickups by meeting point', async () => {
    // The whole day's sheet in one page: other files' orders not yet delivered share it (fulfilment keeps them on it).
    const sheet = await staff(`/orders/dispatch?type=delivery&limit=${MAX_DISPATCH_PAGE_SIZE}`);
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    expect(dispatchAnswerSchema.parse(sheet.body)).toEqual(sheet.body);
    const groupOf = (id: string) => sheet.body.groups.find((g: { id: string }) => g.id === id);
    const plottierGroup = groupOf('zona-plottier');
    const cashLine = plottierGroup.orders.find((o: { _id: string }) => o._id === plottier._id);
    expect(cashLine).toMatchObject({
      fullName: SHOPPER.fullName,
      phone: SHOPPER.phone,
      address: SHOPPER.address,
      total: plottier.total,
      toCollect: plottier.total,
    });
    expect(plottierGroup.toCollect).toBe(plottierGroup.orders.reduce((sum: number, o: { toCollect: number }) => sum + o.toCollect, 0));
    const paidLine = groupOf('zona-centro').orders.find((o: { _id: string }) => o._id === transferPaid._id);
    expect(paidLine).toMatchObject({ paymentMethod: 'transfer', toCollect: 0 });
    // Each line says what the order itself says (the sheet reads only the columns it shows, not the whole order).
    const lines = sheet.body.groups.flatMap((g: { id: string; orders: Record<string, unknown>[] }) =>
      g.orders.map((o) => ({ group: g.id, o })),
    );
    for (const { group, o } of lines.slice(0, 12)) {
      const whole: Order = (await staff(`/orders/${String(o._id)}`)).body.order;
      expect(o, String(o.orderNumber)).toEqual({
        _id: whole._id,
        orderNumber: whole.orderNumber,
        createdAt: whole.createdAt,
        status: whole.status,
        paymentMethod: whole.paymentMethod,
        fulfillment: whole.fulfillment,
        fullName: whole.shippingInfo.fullName,
        phone: whole.shippingInfo.phone,
        address: whole.shippingInfo.address,
        city: whole.shippingInfo.city,
        postalCode: whole.shippingInfo.postalCode,
        notes: whole.shippingInfo.notes,
        units: whole.items.reduce((sum, item) => sum + item.quantity, 0),
        total: whole.total,
        toCollect: amountToCollect(whole),
      });
      expect(group).toBe(whole.zone?.id ?? '');
    }
    // Pickups are not on the delivery sheet; they are on the pickup list.
    const allIds = sheet.body.groups.flatMap((g: { orders: { _id: string }[] }) => g.orders.map((o) => o._id));
    // Every page of the pickup list (other files' pickups share the day).
    const pickupGroups: { id: string; detail: string; orders: { _id: string }[] }[] = [];
    for (let page = 1; ; page += 1) {
      const res = await staff(`/orders/dispatch?type=pickup&limit=${MAX_DISPATCH_PAGE_SIZE}&page=${page}`);
      pickupGroups.push(...res.body.groups);
      if (page >= res.body.totalPages) break;
    }
    expect(pickupGroups.map((g) => g.id)).toContain('punto-centro');
    expect(pickupGroups.find((g) => g.id === 'punto-centro')?.detail).toBe('Av. Argentina 250 · Lun a Vie 17 a 20');
    for (const group of pickupGroups) for (const o of group.orders) expect(allIds).not.toContain(o._id);
    // A cancelled order leaves the sheet.
    await staff(`/orders/${plottier._id}/status`, { method: 'PUT', body: { status: 'cancelled' } });
    const after = await staff(`/orders/dispatch?limit=${MAX_DISPATCH_PAGE_SIZE}`);
    expect(after.body.groups.flatMap((g: { orders: { _id: string }[] }) => g.orders.map((o) => o._id))).not.toContain(plottier._id);
    expectMessage(await staff('/orders/dispatch?type=drone'), 400, 'El tipo de hoja debe ser delivery (reparto) o pickup (retiros)');
  });

  it('the sheet of a day (today in the shop by default) pages through every order instead of stopping', async () => {
    const placed: Order[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call('/orders', { body: orderBody([line()], { deliveryType: 'delivery', zoneId: 'zona-plottier' }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      placed.push(res.body.order);
    }
    const idsOf = (body: { groups: { orders: { _id: string }[] }[] }) => body.groups.flatMap((g) => g.orders.map((o) => o._id));
    const whole = await staff(`/orders/dispatch?type=delivery&limit=${MAX_DISPATCH_PAGE_SIZE}`);
    expect(whole.status).toBe(200);
    const sheet = dispatchAnswerSchema.parse(whole.body);
    expect(sheet.date).toBe(shopIsoDay());
    expect(sheet.totalOrders).toBe(idsOf(sheet).length);
    expect(idsOf(sheet)).toEqual(expect.arrayContaining(placed.map((o) => o._id)));

    // Two per page: every order once, in the same order, and nothing past the last page.
    const pageSize = 2;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(sheet.totalOrders / pageSize); page += 1) {
      const res = dispatchAnswerSchema.parse((await staff(`/orders/dispatch?type=delivery&limit=${pageSize}&page=${page}`)).body);
      expect(res).toMatchObject({ page, pageSize, totalOrders: sheet.totalOrders, totalPages: Math.ceil(sheet.totalOrders / pageSize) });
      expect(idsOf(res).length).toBeLessThanOrEqual(pageSize);
      seen.push(...idsOf(res));
    }
    expect([...seen].sort()).toEqual([...idsOf(sheet)].sort());
    const past = await staff(`/orders/dispatch?type=delivery&limit=${pageSize}&page=${sheet.totalPages + 100}`);
    expect(past.body.groups).toEqual([]);
    expect((await staff('/orders/dispatch?limit=100000')).body.pageSize).toBe(MAX_DISPATCH_PAGE_SIZE);

    // An order placed two days ago is on yesterday's sheet; those placed today are not.
    const db = testDatabase();
    try {
      await db('orders')
        .where('document_id', placed[0]!._id)
        .update({ created_at: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) });
    } finally {
      await db.destroy();
    }
    const yesterday = shopIsoDay(new Date(Date.now() - 24 * 60 * 60 * 1000));
    const before = dispatchAnswerSchema.parse((await staff(`/orders/dispatch?type=delivery&date=${yesterday}`)).body);
    expect(before.date).toBe(yesterday);
    expect(idsOf(before)).toContain(placed[0]!._id);
    expect(idsOf(before)).not.toContain(placed[1]!._id);
    expect(idsOf(dispatchAnswerSchema.parse((await staff(`/orders/dispatch?date=${shopIsoDay()}`)).body))).toContain(placed[1]!._id);

    for (const junk of ['date=ayer', 'date=2026-13-45', 'date=2026-01-01T00:00', `date=${'9'.repeat(300)}`]) {
      expectMessage(await staff(`/orders/dispatch?${junk}`), 400, 'Fecha inválida: usa el formato AAAA-MM-DD');
    }
    expectMessage(await staff('/orders/dispatch?date=2026-01-01&date=2026-01-02'), 400, 'Cada filtro se indica una sola vez');
    expectMessage(await staff('/orders/dispatch?type=delivery&type=pickup'), 400, 'Cada filtro se indica una sola vez');
    for (const order of placed) await staff(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'cancelled' } });
  });

  it('is staff only: no token, a garbage token and a shopper are refused', async () => {
    await expectAdminOnly('GET', '/orders/dispatch');
    await expectAdminOnly('GET', `/orders/dispatch?date=${shopIsoDay()}&page=2`);
    await expectAdminOnly('GET', '/orders?zone=zona-centro');
    const shopper = await api('/orders/dispatch?type=pickup', { token: await shopperToken() });
    expect(JSON.stringify(shopper.body)).not.toContain(SHOPPER.phone);
    const garbage = await api('/orders/dispatch', { token: GARBAGE_TOKEN });
    expect(JSON.stringify(garbage.body)).not.toContain(SHOPPER.phone);
  });
});

describe("Strapi's panel (/cms) writes the content through the same rules", () => {
  it('refuses a zone with a negative cost or a barrio in two zones, naming the field; a valid edit lands', async () => {
    const token = await panelToken(shop.url);
    const uid = '/content-manager/single-types/api::site-content.site-content';
    const current = await panel(uid, { token, baseUrl: shop.url });
    expect(current.status, JSON.stringify(current.body).slice(0, 300)).toBe(200);
    const data = structuredClone(current.body.data.data);
    data.checkout.shipping.homeDelivery.zones[1].cost = -3;
    const negative = await panel(uid, { method: 'PUT', token, body: { data }, baseUrl: shop.url });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('El costo de la zona debe ser un número entero de pesos mayor o igual a 0');
    data.checkout.shipping.homeDelivery.zones[1].cost = 4700;
    data.checkout.shipping.homeDelivery.zones[1].barrios = ['Centro'];
    const twice = await panel(uid, { method: 'PUT', token, body: { data }, baseUrl: shop.url });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('está en dos zonas activas');
    data.checkout.shipping.homeDelivery.zones[1].barrios = ['Plottier'];
    const fine = await panel(uid, { method: 'PUT', token, body: { data }, baseUrl: shop.url });
    expect(fine.status, JSON.stringify(fine.body).slice(0, 300)).toBe(200);
    // The shop prices with it at once.
    const priced = await quote({ items: [line()], paymentMethod: 'transfer', deliveryType: 'delivery', barrio: 'Plottier' });
    expect(priced.body.quote.shippingCost).toBe(4700);
    expect((await putContent(contentWith(ZONES))).status).toBe(200);
  });
});

describe('meeting point of content saved before the list', () => {
  it('is moved into the list on the next start, nothing else changed', async () => {
    const db = testDatabase();
    const restore = structuredClone(originalContent);
    try {
      const row = await db('site_contents').first('id', 'data');
      const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
      delete data.checkout.deliveryInfo.meetingPoints;
      data.checkout.deliveryInfo.meetingPoint = {
        ...data.checkout.deliveryInfo.meetingPoint,
        title: 'Local viejo',
        address: 'Alcorta 50',
        schedule: 'Sábados',
        notes: 'Tocar',
      };
      data.hero.slogan = 'Eslogan de la dueña';
      await db('site_contents')
        .where('id', row.id)
        .update({ data: JSON.stringify(data) });
      const restarted = await startExtraStrapi();
      try {
        const content: SiteContent = (await api('/content', { baseUrl: restarted.url })).body.content;
        expect(content.checkout.deliveryInfo.meetingPoints).toEqual([
          { id: 'principal', title: 'Local viejo', address: 'Alcorta 50', schedule: 'Sábados', notes: 'Tocar', enabled: true },
        ]);
        expect(content.hero.slogan).toBe('Eslogan de la dueña');
        expect(content.checkout.shipping.homeDelivery.zones.map((z) => z.id)).toEqual(ZONES.map((z) => z.id));
      } finally {
        await restarted.stop();
      }
    } finally {
      await db.destroy();
      expect((await putContent({ ...contentWith(ZONES), hero: restore.hero })).status).toBe(200);
    }
  });
});

describe('the quote rate limit', () => {
  it('answers 429 in Spanish once a client has spent its quotes', async () => {
    const body = { items: [line()], paymentMethod: 'transfer', deliveryType: 'pickup' };
    let limited: Awaited<ReturnType<typeof quote>> | null = null;
    for (let i = 0; i <= QUOTE_LIMIT && !limited; i += 1) {
      const res = await quote(body);
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited?.status).toBe(429);
    expect(limited?.body.message).toMatch(/espera|intenta/i);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
