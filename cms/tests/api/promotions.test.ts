import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { couponAnswerSchema, livePromotionsAnswerSchema, quoteAnswerSchema, type SiteContent } from '@shop/shared';
import { adminToken, api, expectMessage, type CallOptions } from '../helpers/api';
import { expectAdminOnly } from '../helpers/auth-matrix';
import { LONG_10K, NUL_TEXT, OVER_VARCHAR } from '../helpers/junk';
import { createProduct, orderBody, SHOPPER, extraStrapi, stockOf, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { inviteStaff } from '../helpers/staff';
import { startStrapi } from '../helpers/strapi-process';

// Two processes of their own on the shared database (orders unlimited): the concurrency test hits both at once.
// Category names are unique to this file so that its promotions never touch another file's products.
const RUN = Date.now().toString(36);
const BASICS = `basicos-${RUN}`;
const LACE = `encaje-${RUN}`;
let first: ShopHandle;
let second: ShopHandle;
let basic: TestProduct;
let lace: TestProduct;
let originalContent: SiteContent;

const on =
  (shop: ShopHandle) =>
  (pathname: string, options: CallOptions = {}) =>
    api(pathname, { baseUrl: shop.url, ...options });
const call = (pathname: string, options: CallOptions = {}) => on(first)(pathname, options);
const staff = async (pathname: string, options: CallOptions = {}) => call(pathname, { token: await adminToken(), ...options });

let codes = 0;
const newCode = (prefix: string) => `${prefix}${RUN}${(codes += 1)}`.toUpperCase();

async function createCoupon(fields: Record<string, unknown>) {
  const res = await staff('/coupons', { body: { type: 'percent', value: 10, ...fields } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return couponAnswerSchema.parse(res.body).coupon;
}

async function couponByCode(code: string) {
  const res = await staff('/coupons');
  expect(res.status).toBe(200);
  return (res.body.coupons as { code: string; uses: number; revenue: number; discountGiven: number }[]).find((c) => c.code === code);
}

const quoteOf = async (body: Record<string, unknown>) => {
  const res = await call('/checkout/quote', { body: { paymentMethod: 'cash', deliveryType: 'pickup', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return quoteAnswerSchema.parse(res.body).quote;
};

const basicLine = (quantity = 1) => ({ productId: basic._id, quantity, size: 'M', color: 'Negro' });
const laceLine = (quantity = 1) => ({ productId: lace._id, quantity, size: 'M', color: 'Negro' });

beforeAll(async () => {
  [first, second] = await Promise.all([extraStrapi(0), extraStrapi(1)]);
  originalContent = (await api('/content')).body.content;
  // Categories of this file's own, so that its promotions touch no other file's products.
  const content = structuredClone(originalContent);
  content.productCatalog.categories = [
    ...content.productCatalog.categories,
    { name: BASICS, display_name: 'Básicos' },
    { name: LACE, display_name: 'Encaje' },
  ];
  const saved = await api('/content', { method: 'PUT', body: content, token: await adminToken() });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  originalContent = content;
  basic = await createProduct({ stock: 200, price: 5000, category: BASICS, size: ['M'] });
  lace = await createProduct({ stock: 200, price: 20000, discount: 10, category: LACE, size: ['M'] });
});

afterAll(async () => {
  for (const product of [basic, lace]) if (product) await api(`/products/${product._id}`, { method: 'DELETE', token: await adminToken() });
  if (originalContent) {
    const restored = structuredClone(originalContent);
    restored.productCatalog.categories = restored.productCatalog.categories.filter((c) => c.name !== BASICS && c.name !== LACE);
    await api('/content', { method: 'PUT', body: restored, token: await adminToken() });
  }
  await Promise.all([first?.stop(), second?.stop()]);
});

describe('who may manage coupons and promotions', () => {
  it('refuses every staff route without a token, with a garbage token and to a shopper; sales and catalog staff get 403', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/coupons'],
      ['POST', '/coupons', { code: 'HACK', type: 'percent', value: 100 }],
      ['PUT', '/coupons/abc', { code: 'HACK', type: 'percent', value: 100 }],
      ['DELETE', '/coupons/abc'],
      ['GET', '/promotions'],
      ['POST', '/promotions', { name: 'x', type: 'category_percent', category: 'x', percent: 90 }],
      ['PUT', '/promotions/abc', { name: 'x', type: 'category_percent', category: 'x', percent: 90 }],
      ['DELETE', '/promotions/abc'],
    ];
    const owner = await adminToken();
    const sales = await inviteStaff(owner, 'sales');
    const catalog = await inviteStaff(owner, 'catalog');
    for (const [method, path, body] of routes) {
      await expectAdminOnly(method, path, body);
      for (const token of [sales, catalog]) {
        const res = await api(path, { method, body, token });
        expect(res.status, `${method} ${path} as sales/catalog`).toBe(403);
      }
    }
    // Nothing was created by the refused calls.
    expect((await couponByCode('HACK'))?.code).toBeUndefined();
  });

  it('the live promotions are public and say nothing of inactive ones', async () => {
    const res = await call('/promotions/live');
    expect(res.status).toBe(200);
    expect(() => livePromotionsAnswerSchema.parse(res.body)).not.toThrow();
  });
});

describe('coupons: staff CRUD', () => {
  it('creates a coupon with its code in upper case, unique whatever the case', async () => {
    const code = newCode('insta');
    const coupon = await createCoupon({ code: code.toLowerCase(), value: 15, categories: [LACE], maxUses: 5, onePerCustomer: true });
    expect(coupon).toMatchObject({
      code,
      type: 'percent',
      value: 15,
      maxUses: 5,
      onePerCustomer: true,
      categories: [LACE],
      uses: 0,
      revenue: 0,
    });
    const again = await staff('/coupons', { body: { code: code.toLowerCase(), type: 'fixed', value: 100 } });
    expectMessage(again, 409, 'Ya existe un cupón con ese código');
  });

  it('refuses bad values with a Spanish 400 naming the problem, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ code: 'MAL1', type: 'percent', value: 0 }, 'El porcentaje debe ser un número entero entre 1 y 100'],
      [{ code: 'MAL1', type: 'percent', value: 101 }, 'El porcentaje debe ser un número entero entre 1 y 100'],
      [{ code: 'MAL1', type: 'fixed', value: -500 }, /./],
      [{ code: 'MAL1', type: 'fixed', value: 0 }, 'El monto del descuento debe ser un número entero mayor que 0'],
      [
        { code: 'MAL1', type: 'percent', value: 10, startsAt: '2026-12-10', endsAt: '2026-12-01' },
        'La fecha de fin debe ser posterior a la de inicio',
      ],
      [{ code: LONG_10K, type: 'percent', value: 10 }, 'El código solo puede tener letras, números, guiones y guiones bajos (hasta 40)'],
      [{ code: 'con espacio', type: 'percent', value: 10 }, /código solo puede tener/],
      [{ code: NUL_TEXT, type: 'percent', value: 10 }, /./],
      [{ code: 'MAL1', type: 'gratis', value: 10 }, /tipo de cupón/],
      [{ code: 'MAL1', type: 'percent', value: 10, maxUses: 0 }, /máximo de usos/],
      [{ code: 'MAL1', type: 'percent', value: 10, startsAt: 'mañana' }, 'Fecha inválida'],
      [{ code: 'MAL1', type: 'percent', value: 10, categories: [OVER_VARCHAR] }, 'Elige una categoría'],
      [{ code: 'MAL1', type: 'percent', value: 10.5 }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await staff('/coupons', { body });
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.message).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[()]/g, '\\$&')}$`) : message);
    }
    for (const junk of [null, [], 'texto', 42, { code: { $ne: null } }, { code: ['A'], type: 'percent', value: 1 }]) {
      const res = await staff('/coupons', { body: junk });
      expect(res.status, JSON.stringify(junk)).toBe(400);
    }
    expect(await couponByCode('MAL1')).toBeUndefined();
  });

  it('updates and deletes; unknown ids are 404 and junk ids 400', async () => {
    const coupon = await createCoupon({ code: newCode('edit'), value: 5 });
    const updated = await staff(`/coupons/${coupon.id}`, {
      method: 'PUT',
      body: { code: coupon.code, type: 'fixed', value: 1500, active: false },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.coupon).toMatchObject({ type: 'fixed', value: 1500, active: false });
    expectMessage(
      await staff('/coupons/noexiste123', { method: 'PUT', body: { code: 'X1', type: 'percent', value: 5 } }),
      404,
      'El cupón no existe',
    );
    expect((await staff(`/coupons/${encodeURIComponent('../x')}`, { method: 'DELETE' })).status).toBe(400);
    const removed = await staff(`/coupons/${coupon.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await couponByCode(coupon.code)).toBeUndefined();
  });
});

describe('PUT takes any part of the input (partial update)', () => {
  it('a coupon: the fields sent change, the others stay; junk and broken combinations are still a Spanish 400', async () => {
    const coupon = await createCoupon({ code: newCode('parcial'), value: 15, minSubtotal: 3000, maxUses: 7, categories: [BASICS] });
    const put = (body: unknown, id = coupon.id) => staff(`/coupons/${id}`, { method: 'PUT', body });
    const off = await put({ active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(couponAnswerSchema.parse(off.body).coupon).toMatchObject({
      code: coupon.code,
      type: 'percent',
      value: 15,
      minSubtotal: 3000,
      maxUses: 7,
      categories: [BASICS],
      active: false,
    });
    expect((await put({ value: 25 })).body.coupon).toMatchObject({ value: 25, active: false, maxUses: 7 });
    // The whole is still checked: 250% is not a percent, whichever field was sent.
    expectMessage(await put({ value: 250 }), 400, 'El porcentaje debe ser un número entero entre 1 y 100');
    expectMessage(await put({ type: 'fixed', value: 0 }), 400, 'El monto del descuento debe ser un número entero mayor que 0');
    expectMessage(await put({}), 400, 'No hay datos para actualizar');
    const unknownKey = await put({ value: 20, descuentoExtra: 90 });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.message).toMatch(/descuentoExtra/);
    for (const junk of [null, [], 'texto', 42, { code: { $ne: null } }, { value: NUL_TEXT }, { maxUses: 0 }, { startsAt: 'mañana' }]) {
      const res = await put(junk);
      expect(res.status, JSON.stringify(junk)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expectMessage(await put({ active: true }, 'noexiste123'), 404, 'El cupón no existe');
    expect(await couponByCode(coupon.code)).toMatchObject({ value: 25 });
  });

  it('a promotion: the fields sent change, the others stay; a change of type without its numbers is refused', async () => {
    const made = await staff('/promotions', { body: { name: `Parcial ${RUN}`, type: 'category_percent', category: LACE, percent: 15 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id: string = made.body.promotion.id;
    const put = (body: unknown, target = id) => staff(`/promotions/${target}`, { method: 'PUT', body });
    try {
      const renamed = await put({ name: `Parcial nuevo ${RUN}`, active: false });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.promotion).toMatchObject({
        name: `Parcial nuevo ${RUN}`,
        type: 'category_percent',
        category: LACE,
        percent: 15,
        active: false,
        live: false,
      });
      expect((await put({ percent: 30 })).body.promotion).toMatchObject({ percent: 30, name: `Parcial nuevo ${RUN}`, active: false });
      expectMessage(await put({ type: 'buy_x_pay_y' }), 400, 'En "llevá X, pagá Y" X debe ser mayor que Y, Y al menos 1 y X hasta 20');
      expectMessage(await put({ percent: 95 }), 400, 'El porcentaje debe ser un número entero entre 1 y 90');
      expectMessage(await put({}), 400, 'No hay datos para actualizar');
      for (const junk of [null, [], 'texto', { name: LONG_10K }, { category: OVER_VARCHAR }, { percent: '30' }, { otra: 1 }]) {
        const res = await put(junk);
        expect(res.status, JSON.stringify(junk).slice(0, 80)).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
      expectMessage(await put({ active: true }, 'noexiste123'), 404, 'La promoción no existe');
    } finally {
      expect((await staff(`/promotions/${id}`, { method: 'DELETE' })).status).toBe(200);
    }
  });
});

describe('coupons at checkout', () => {
  it('the quote applies a coupon to the lines it covers, or says why not', async () => {
    const code = newCode('lace');
    await createCoupon({ code, value: 10, categories: [LACE] });
    const applied = await quoteOf({ items: [laceLine(), basicLine()], couponCode: code.toLowerCase() });
    // Lace: 20000 − 10 % product discount = 18000; the coupon takes 10 % of that line only.
    expect(applied.subtotal).toBe(18000 + 5000);
    expect(applied.coupon).toEqual({ code, applied: true, message: null });
    expect(applied.discounts).toEqual([{ kind: 'coupon', code, label: `Cupón ${code}`, amount: 1800 }]);
    expect(applied.total).toBe(23000 - 1800);

    expect((await quoteOf({ items: [basicLine()], couponCode: code })).coupon?.message).toBe('El cupón no aplica a estos productos');
    const min = newCode('min');
    await createCoupon({ code: min, value: 10, minSubtotal: 30000 });
    const short = await quoteOf({ items: [laceLine()], couponCode: min });
    expect(short.coupon).toEqual({ code: min, applied: false, message: 'Te faltan $12.000 para usar este cupón' });
    expect(short.discounts).toEqual([]);
    const old = newCode('old');
    await createCoupon({ code: old, value: 10, startsAt: '2025-01-01T00:00:00Z', endsAt: '2025-02-01T00:00:00Z' });
    expect((await quoteOf({ items: [laceLine()], couponCode: old })).coupon?.message).toBe('El cupón venció');
    expect((await quoteOf({ items: [laceLine()], couponCode: 'NOEXISTE' })).coupon?.message).toBe(
      'El cupón no existe o ya no está disponible',
    );
  });

  it('an order stores its discounts as applied; staff see the use and the revenue; tracking shows the lines', async () => {
    const code = newCode('orden');
    await createCoupon({ code, type: 'fixed', value: 3000 });
    const res = await call('/orders', { body: orderBody([laceLine(), basicLine(2)], { couponCode: code.toLowerCase() }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.order;
    expect(order).toMatchObject({ subtotal: 28000, discountTotal: 3000, total: 25000, couponCode: code });
    expect(order.discounts).toEqual([{ kind: 'coupon', code, label: `Cupón ${code}`, amount: 3000 }]);
    expect(await couponByCode(code)).toMatchObject({ uses: 1, revenue: 25000, discountGiven: 3000 });
    const tracked = await call(`/orders/by-number/${order.orderNumber}?contact=${encodeURIComponent(SHOPPER.email)}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body.order).toMatchObject({ detail: 'full', discountTotal: 3000, total: 25000 });
    expect(tracked.body.order.discounts).toEqual(order.discounts);
    // Without the contact: the amount only, not the code.
    const summary = await call(`/orders/by-number/${order.orderNumber}`);
    expect(summary.body.order.discountTotal).toBe(3000);
    expect(JSON.stringify(summary.body)).not.toContain(code);
  });

  it('an order whose coupon stopped applying since the quote is refused with 409 and the new quote; nothing is written', async () => {
    const code = newCode('apagado');
    const coupon = await createCoupon({ code, value: 20 });
    expect((await quoteOf({ items: [basicLine()], couponCode: code })).coupon?.applied).toBe(true);
    await staff(`/coupons/${coupon.id}`, { method: 'PUT', body: { code, type: 'percent', value: 20, active: false } });
    const before = await stockOf(basic._id);
    const res = await call('/orders', { body: orderBody([basicLine()], { couponCode: code }) });
    expectMessage(res, 409, 'El cupón no existe o ya no está disponible');
    const quote = quoteAnswerSchema.shape.quote.parse(res.body.quote);
    expect(quote).toMatchObject({ total: 5000, discountTotal: 0, coupon: { code, applied: false } });
    expect(await stockOf(basic._id)).toBe(before);
    expect(await couponByCode(code)).toMatchObject({ uses: 0 });
  });

  it(`maxUses holds exactly: 50 orders at once over two processes for a coupon of 10 uses, 10 get it`, async () => {
    const code = newCode('diez');
    await createCoupon({ code, value: 10, maxUses: 10 });
    const before = await stockOf(basic._id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        on(i % 2 === 0 ? first : second)('/orders', {
          body: orderBody([basicLine()], { couponCode: code, shippingInfo: { ...SHOPPER, email: `cliente${i}@example.com` } }),
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created.length).toBe(10);
    expect(refused.length).toBe(40);
    for (const r of refused) expect(r.body.message).toBe('Este cupón ya fue usado');
    for (const c of created) expect(c.body.order).toMatchObject({ couponCode: code, discountTotal: 500, total: 4500 });
    expect(await couponByCode(code)).toMatchObject({ uses: 10, revenue: 45000 });
    expect(await stockOf(basic._id)).toBe(before - 10);

    // A cancelled order gives its use back, once however often it is cancelled; then another shopper may use it.
    const cancelled = created[0]!.body.order._id as string;
    for (let i = 0; i < 2; i += 1) {
      const res = await staff(`/orders/${cancelled}/status`, { method: 'PUT', body: { status: 'cancelled' } });
      expect(res.status).toBe(200);
    }
    expect(await couponByCode(code)).toMatchObject({ uses: 9 });
    const late = await call('/orders', {
      body: orderBody([basicLine()], { couponCode: code, shippingInfo: { ...SHOPPER, email: 'tarde@example.com' } }),
    });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(await couponByCode(code)).toMatchObject({ uses: 10 });
    // Reopening the cancelled order would need an eleventh use: refused, as when its units are gone.
    const reopen = await staff(`/orders/${cancelled}/status`, { method: 'PUT', body: { status: 'pending_manual' } });
    expectMessage(reopen, 409, `No se puede reactivar la orden: el cupón ${code} ya no tiene usos disponibles`);
  });

  it('one per customer: the same Gmail with dots, case or a +tag is the same customer', async () => {
    const code = newCode('una');
    await createCoupon({ code, value: 10, onePerCustomer: true });
    const mine = (email: string) => orderBody([basicLine()], { couponCode: code, shippingInfo: { ...SHOPPER, email } });
    expect((await call('/orders', { body: mine('ana.perez@gmail.com') })).status).toBe(201);
    const quote = await quoteOf({ items: [basicLine()], couponCode: code, email: 'AnaPerez+promo@Gmail.com' });
    expect(quote.coupon).toEqual({ code, applied: false, message: 'Este cupón ya fue usado' });
    expectMessage(await call('/orders', { body: mine('a.n.a.p.e.r.e.z+otra@GMAIL.com') }), 409, 'Este cupón ya fue usado');
    expect((await call('/orders', { body: mine('otra.persona@gmail.com') })).status).toBe(201);
    expect(await couponByCode(code)).toMatchObject({ uses: 2 });
  });

  it('a free-shipping coupon keeps the shipping priced and adds "Envío gratis" of the same amount', async () => {
    const code = newCode('envio');
    await createCoupon({ code, type: 'free_shipping', value: 0 });
    const zone =
      originalContent.checkout.shipping.homeDelivery.zones.find((z) => z.enabled && z.freeShippingThreshold === 0) ??
      originalContent.checkout.shipping.homeDelivery.zones.find((z) => z.enabled);
    expect(zone).toBeDefined();
    const quote = await quoteOf({ items: [basicLine()], deliveryType: 'delivery', zoneId: zone!.id, couponCode: code });
    expect(quote.shippingCost).toBe(zone!.cost);
    expect(quote.discounts).toEqual([{ kind: 'coupon', code, label: 'Envío gratis', amount: zone!.cost }]);
    expect(quote.total).toBe(5000);
  });
});

describe('what the shop gave away', () => {
  it('GET /insight/discounts adds up the discount lines of the period per coupon, promotion and payment method; staff only', async () => {
    const code = newCode('tablero');
    await createCoupon({ code, type: 'fixed', value: 700 });
    for (let i = 0; i < 2; i += 1) {
      const placed = await call('/orders', {
        body: orderBody([basicLine()], { couponCode: code, shippingInfo: { ...SHOPPER, email: `t${i}@example.com` } }),
      });
      expect(placed.status).toBe(201);
    }
    const cancelled = await call('/orders', {
      body: orderBody([basicLine()], { couponCode: code, shippingInfo: { ...SHOPPER, email: 't9@example.com' } }),
    });
    await staff(`/orders/${cancelled.body.order._id}/status`, { method: 'PUT', body: { status: 'cancelled' } });
    const res = await staff('/insight/discounts');
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(30);
    expect(res.body.lines).toContainEqual({ kind: 'coupon', code, label: `Cupón ${code}`, orders: 2, amount: 1400 });
    expect(res.body.totals.coupon).toBeGreaterThanOrEqual(1400);
    expectMessage(await staff('/insight/discounts?days=7'), 400, 'El período debe ser de 30 o 90 días');
    await expectAdminOnly('GET', '/insight/discounts');
  });
});

describe('automatic promotions and the payment-method discount', () => {
  it('a 3x2 frees the cheapest unit of each three in its category; a category percent lowers its lines; the live list shows both', async () => {
    const made = await staff('/promotions', { body: { name: '3x2 en básicos', type: 'buy_x_pay_y', category: BASICS, buy: 3, pay: 2 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.promotion).toMatchObject({ type: 'buy_x_pay_y', buy: 3, pay: 2, percent: null, live: true });
    const sale = await staff('/promotions', { body: { name: 'Hot Sale encaje', type: 'category_percent', category: LACE, percent: 20 } });
    expect(sale.status).toBe(201);

    const quote = await quoteOf({ items: [basicLine(7), laceLine()] });
    expect(quote.discounts).toEqual([
      { kind: 'promotion', code: sale.body.promotion.id, label: 'Hot Sale encaje', amount: 3600 },
      { kind: 'promotion', code: made.body.promotion.id, label: '3x2 en básicos', amount: 10000 },
    ]);
    expect(quote.total).toBe(35000 + 18000 - 13600);
    const placed = await call('/orders', { body: orderBody([basicLine(3)]) });
    expect(placed.body.order).toMatchObject({ subtotal: 15000, discountTotal: 5000, total: 10000 });

    const live = livePromotionsAnswerSchema.parse((await call('/promotions/live')).body).promotions;
    expect(live.find((p) => p.id === made.body.promotion.id)?.badge).toBe('3x2');
    expect(live.find((p) => p.id === sale.body.promotion.id)?.badge).toBe('20% OFF');

    // Switched off: gone from the live list (on the other process too) and from prices.
    const off = await staff(`/promotions/${made.body.promotion.id}`, {
      method: 'PUT',
      body: { name: '3x2 en básicos', type: 'buy_x_pay_y', category: BASICS, buy: 3, pay: 2, active: false },
    });
    expect(off.body.promotion.live).toBe(false);
    await expect
      .poll(async () => (await on(second)('/promotions/live')).body.promotions.some((p: { id: string }) => p.id === made.body.promotion.id))
      .toBe(false);
    expect((await quoteOf({ items: [basicLine(3)] })).discountTotal).toBe(0);
    expect((await staff(`/promotions/${sale.body.promotion.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await staff(`/promotions/${made.body.promotion.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('refuses bad promotions in Spanish', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '2x2', type: 'buy_x_pay_y', category: BASICS, buy: 2, pay: 2 }, /X debe ser mayor que Y/],
      [{ name: 'x', type: 'category_percent', category: BASICS, percent: 95 }, /entre 1 y 90/],
      [{ name: '', type: 'category_percent', category: BASICS, percent: 10 }, /nombre de la promoción/],
      [{ name: 'x', type: 'category_percent', category: '', percent: 10 }, /categoría/],
      [{ name: 'x', type: 'nada', category: BASICS }, /tipo de promoción/],
      [{ name: LONG_10K, type: 'category_percent', category: BASICS, percent: 10 }, /nombre de la promoción/],
    ];
    for (const [body, message] of cases) {
      const res = await staff('/promotions', { body });
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('the transfer discount applies last and shows in the quote; a percent over 50 is refused', async () => {
    const content = structuredClone(originalContent);
    content.checkout.paymentInfo.bankTransfer.discountPercent = 10;
    expect((await staff('/content', { method: 'PUT', body: content })).status).toBe(200);
    const code = newCode('antes');
    await createCoupon({ code, type: 'fixed', value: 1000 });
    const quote = await quoteOf({ items: [basicLine()], paymentMethod: 'transfer', couponCode: code });
    expect(quote.discounts).toEqual([
      { kind: 'coupon', code, label: `Cupón ${code}`, amount: 1000 },
      { kind: 'payment_method', code: 'transfer', label: '10% OFF con transferencia', amount: 400 },
    ]);
    expect((await api('/content')).body.content.checkout.paymentInfo.bankTransfer.discountPercent).toBe(10);
    const tooMuch = structuredClone(originalContent);
    tooMuch.checkout.paymentInfo.bankTransfer.discountPercent = 51;
    const res = await staff('/content', { method: 'PUT', body: tooMuch });
    expectMessage(res, 400, 'El descuento por medio de pago debe ser un número entero entre 0 y 50');
    expect((await staff('/content', { method: 'PUT', body: originalContent })).status).toBe(200);
  });
});

describe('coupon codes cannot be found by trying', () => {
  it('failed look-ups are limited per client (429 in Spanish), then even a real code waits', async () => {
    const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
    const limited = await startStrapi(database, { RATE_LIMIT_COUPON_MAX: '3', RATE_LIMIT_PREFIX: `coupon-${process.pid}-${RUN}` });
    try {
      const code = newCode('real');
      await createCoupon({ code, value: 5 });
      const tryCode = (couponCode: string) =>
        on(limited)('/checkout/quote', { body: { items: [basicLine()], paymentMethod: 'cash', deliveryType: 'pickup', couponCode } });
      // Quotes without a coupon or with the real one do not count.
      for (let i = 0; i < 5; i += 1) expect((await tryCode(code)).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await tryCode(`FALSO${i}`)).body.quote.coupon.applied).toBe(false);
      const blocked = await tryCode('FALSO9');
      expectMessage(blocked, 429, 'Probaste demasiados cupones que no existen: esperá 15 minutos y volvé a intentar');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await tryCode(code)).status).toBe(429);
      // A quote without a coupon still answers.
      const plain = await on(limited)('/checkout/quote', { body: { items: [basicLine()], paymentMethod: 'cash', deliveryType: 'pickup' } });
      expect(plain.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
  it('wrong codes at POST /orders cost points from the same budget: past it a wrong code gets 429, and so does a right one', async () => {
    const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
    const limit = 3;
    const limited = await startStrapi(database, {
      RATE_LIMIT_COUPON_MAX: String(limit),
      RATE_LIMIT_ORDERS_MAX: '100000',
      RATE_LIMIT_PREFIX: `coupon-orders-${process.pid}-${RUN}`,
    });
    try {
      const code = newCode('pedido');
      await createCoupon({ code, value: 5 });
      const order = (couponCode?: string) => on(limited)('/orders', { body: orderBody([basicLine()], couponCode ? { couponCode } : {}) });
      const stockBefore = await stockOf(basic._id);
      // Within the budget a right code places its order, and wrong codes are refused as always (409 and the quote).
      const placed = await order(code);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.order.couponCode).toBe(code);
      for (let i = 0; i < limit; i += 1) expectMessage(await order(`FALSO${i}`), 409, 'El cupón no existe o ya no está disponible');
      const blocked = await order('FALSO9');
      expectMessage(blocked, 429, 'Probaste demasiados cupones que no existen: esperá 15 minutos y volvé a intentar');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // As at the quote (the same budget): a right code waits too, and so does the quote; an order without a coupon goes on.
      expect((await order(code)).status).toBe(429);
      const quote = await on(limited)('/checkout/quote', {
        body: { items: [basicLine()], paymentMethod: 'cash', deliveryType: 'pickup', couponCode: code },
      });
      expect(quote.status).toBe(429);
      expect((await order()).status).toBe(201);
      // Only the two placed orders took units.
      expect(await stockOf(basic._id)).toBe(stockBefore - 2);
    } finally {
      await limited.stop();
    }
  });
});
