import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import {
  CASH_SESSIONS_CSV_HEADER,
  COUNTER_MESSAGES,
  RETURN_MESSAGES,
  cashSessionAnswerSchema,
  returnAnswerSchema,
  staffReturnAnswerSchema,
  trackedOrderAnswerSchema,
  type Order,
  type SiteContent,
} from '@shop/shared';
import { expectMessage } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { testDatabase } from '../helpers/database';
import { SHOPPER, orderBody, type TestProduct } from '../helpers/orders';
import {
  bra,
  deliver,
  ownRegister,
  panty,
  placeOrder,
  requestBody,
  startReturnsShop,
  stopReturnsShop,
  variantId,
  variantStock,
  type ReturnsShop,
} from '../helpers/returns';

/**
 * Size exchanges and returns (POST /returns, GET /returns, GET /returns/{id}, PUT /returns/{id}/status): each
 * refusal, the hold of the exchange units, the steps, units back once, the exchange order, store credit, the
 * shopper's view on tracking and the permission matrix. Its own Strapi on the shared database.
 */
let at: ReturnsShop;
const ask = (body: unknown) => at.call('/returns', { body });
const move = (id: string, body: unknown, token = at.owner) => at.call(`/returns/${id}/status`, { method: 'PUT', body, token });

beforeAll(async () => {
  at = await startReturnsShop();
}, 180_000);

afterAll(() => stopReturnsShop(at));

async function deliveredOrder(product: TestProduct, quantity: number, size = '85B'): Promise<Order> {
  const order = await placeOrder(at, [{ productId: product._id, quantity, size }]);
  await deliver(at, order);
  return order;
}

describe('POST /returns: the refusals', () => {
  it('refuses an order not delivered, a cancelled one, a wrong contact, outside the window, a panty, too many units', async () => {
    const product = await bra(at, { b85: 20, b90: 5 });
    const to90 = await variantId(at, product, '90B');
    const placed = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    expectMessage(await ask(requestBody(placed, [{ quantity: 1, kind: 'return' }])), 400, RETURN_MESSAGES.notDelivered);
    const cancelled = await placeOrder(at, [{ productId: product._id, quantity: 1, size: '85B' }]);
    await at.call(`/orders/${cancelled._id}/status`, { method: 'PUT', body: { status: 'cancelled' }, token: at.owner });
    expectMessage(await ask(requestBody(cancelled, [{ quantity: 1, kind: 'return' }])), 400, RETURN_MESSAGES.cancelled);

    const order = await deliveredOrder(product, 2);
    expectMessage(await ask(requestBody(order, [{ quantity: 1, kind: 'return' }], 'otra@example.com')), 400, RETURN_MESSAGES.contact);
    expectMessage(await ask(requestBody(order, [{ quantity: 3, kind: 'return' }])), 400, RETURN_MESSAGES.tooMany(product.title, 2));
    expectMessage(await ask(requestBody(order, [{ quantity: 1, kind: 'return', lineIndex: 5 }])), 400, RETURN_MESSAGES.noLine);
    expectMessage(await ask(requestBody(order, [{ quantity: 1, kind: 'exchange' }])), 400, RETURN_MESSAGES.exchangeVariant);
    const same = await variantId(at, product, '85B');
    expectMessage(await ask(requestBody(order, [{ quantity: 1, kind: 'exchange', variantId: same }])), 400, RETURN_MESSAGES.sameVariant);
    expect((await ask({ ...requestBody(order, []), lines: 'x' })).status).toBe(400);
    expect((await ask({ ...requestBody(order, [{ quantity: 1, kind: 'return' }]), photoUrl: 'https://evil.example/x.png' })).status).toBe(
      400,
    );

    const bottoms = await panty(at);
    const pantyOrder = await placeOrder(at, [{ productId: bottoms._id, quantity: 1, size: 'M' }]);
    await deliver(at, pantyOrder);
    expectMessage(await ask(requestBody(pantyOrder, [{ quantity: 1, kind: 'return' }])), 400, RETURN_MESSAGES.nonReturnable(bottoms.title));

    // Delivered 31 days ago: the 30 days are over.
    const old = await deliveredOrder(product, 1);
    const db = testDatabase();
    try {
      const long = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
      const steps = JSON.stringify([{ step: 'delivered', at: long, by: { id: null, name: 'Tienda' } }]);
      await db('orders').where('document_id', old._id).update({ fulfillment_steps: steps });
    } finally {
      await db.destroy();
    }
    expectMessage(
      await ask(requestBody(old, [{ quantity: 1, kind: 'exchange', variantId: to90 }])),
      400,
      RETURN_MESSAGES.outsideWindow(30),
    );
    expect(await variantStock(at, product, '90B')).toBe(5);
  });
});

describe('POST /returns: the policy', () => {
  it('refuses every request while the policy is off, and returns of money while it takes exchanges only', async () => {
    const product = await bra(at, { b85: 5, b90: 5 });
    const to90 = await variantId(at, product, '90B');
    const order = await deliveredOrder(product, 1);
    const saved = (await at.call('/content')).body.content as SiteContent;
    const withPolicy = async (returns: Partial<SiteContent['returns']>) => {
      const res = await at.call('/content', {
        method: 'PUT',
        body: { ...saved, returns: { ...saved.returns, ...returns } },
        token: at.owner,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    try {
      await withPolicy({ enabled: false });
      expectMessage(await ask(requestBody(order, [{ quantity: 1, kind: 'return' }])), 400, RETURN_MESSAGES.disabled);
      await withPolicy({ enabled: true, exchangeOnly: true });
      expectMessage(await ask(requestBody(order, [{ quantity: 1, kind: 'return' }])), 400, RETURN_MESSAGES.exchangeOnly);
      // An exchange is still taken, and gives no money back.
      const res = await ask(requestBody(order, [{ quantity: 1, kind: 'exchange', variantId: to90 }]));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(returnAnswerSchema.parse(res.body).return.refundDue).toBe(0);
    } finally {
      await withPolicy({ enabled: true, exchangeOnly: false });
    }
    expect(await variantStock(at, product, '90B')).toBe(4);
  });
});

describe('an exchange from 85B to 90B, held, approved, received once', () => {
  it('holds the last 90B, refuses others with fresh figures, and on "Recibido" (twice at once) returns the 85B once and makes the exchange order', async () => {
    const product = await bra(at, { b85: 4, b90: 1 });
    const to90 = await variantId(at, product, '90B');
    const order = await deliveredOrder(product, 2);
    expect(await variantStock(at, product, '85B')).toBe(2);

    const res = await ask({
      ...requestBody(order, [{ quantity: 1, kind: 'exchange', variantId: to90, reasonText: 'Me aprieta' }]),
      photoUrl: '/uploads/foto.webp',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const request = returnAnswerSchema.parse(res.body).return;
    expect(request).toMatchObject({ status: 'requested', orderNumber: order.orderNumber, refundDue: 0, photoUrl: '/uploads/foto.webp' });
    expect(request.number).toMatch(/^CD-\d{8}-\d{4}$/);
    expect(request.lines[0]).toMatchObject({ kind: 'exchange', from: { size: '85B' }, to: { size: '90B', variantId: to90 } });
    // The request holds the last 90B: nobody else gets it meanwhile.
    expect(await variantStock(at, product, '90B')).toBe(0);
    const other = await deliveredOrder(product, 1);
    const refused = await ask(requestBody(other, [{ quantity: 1, kind: 'exchange', variantId: to90 }]));
    expectMessage(refused, 400, RETURN_MESSAGES.exchangeOut(product.title, 'Negro 90B', 0));
    const buy = await at.call('/orders', {
      body: {
        items: [{ productId: product._id, quantity: 1, size: '90B', color: 'Negro' }],
        shippingInfo: SHOPPER,
        paymentMethod: 'cash',
        deliveryType: 'pickup',
        meetingPointId: 'punto-cambios',
      },
    });
    expect(buy.status).toBe(409);

    // She sees it on tracking, with what is left to ask.
    const tracked = trackedOrderAnswerSchema.parse((await at.call(`/orders/by-number/${order.orderNumber}?contact=${SHOPPER.email}`)).body);
    expect(tracked.order.detail).toBe('full');
    if (tracked.order.detail !== 'full') return;
    expect(tracked.order.returns?.requests.map((r) => [r.number, r.status])).toEqual([[request.number, 'requested']]);
    expect(tracked.order.returns?.options[0]).toMatchObject({ lineIndex: 0, available: 1, nonReturnable: false });
    expect(tracked.order.returns?.openUntil).not.toBeNull();

    expectMessage(await move(request._id, { status: 'received' }), 400, 'No se puede pasar un pedido de cambio de "Pedido" a "Recibido"');
    const approved = await move(request._id, { status: 'approved', message: 'Traelo al local' }, at.sales);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await move(request._id, { status: 'approved' })).body.return.steps).toHaveLength(2);
    const mails = (await at.call(`/emails?order=${order._id}&limit=100`, { token: at.owner })).body.emails.map(
      (m: { kind: string }) => m.kind,
    );
    expect(mails.filter((k: string) => k === 'return_approved')).toHaveLength(1);
    const history = (await at.call(`/orders/${order._id}/history`, { token: at.owner })).body.history;
    expect(history.some((e: { note: string | null }) => e.note?.includes(`${request.number}: Aprobado — Traelo al local`))).toBe(true);

    const both = await Promise.all([move(request._id, { status: 'received' }), move(request._id, { status: 'received' })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const received = staffReturnAnswerSchema.parse(both[0]!.body).return;
    expect(received.status).toBe('received');
    expect(received.exchangeOrderNumber).toMatch(/-\d{4}$/);
    // Units back once (85B: 4 − 2 − 1 + 1), the held 90B now belongs to the exchange order.
    expect(await variantStock(at, product, '85B')).toBe(2);
    expect(await variantStock(at, product, '90B')).toBe(0);
    const exchange = (await at.call(`/orders/${received.exchangeOrderId}`, { token: at.owner })).body.order as Order;
    expect(exchange).toMatchObject({ orderNumber: received.exchangeOrderNumber, total: 0, status: 'paid', fulfillment: 'unfulfilled' });
    expect(exchange.items.map((i) => [i.size, i.quantity])).toEqual([['90B', 1]]);
    expect((await move(request._id, { status: 'closed' })).body.return.status).toBe('closed');
    expectMessage(await move(request._id, { status: 'approved' }), 400, 'No se puede pasar un pedido de cambio de "Cerrado" a "Aprobado"');
  });

  it('rejecting gives the held units back; a return received gives store credit once and keeps unsellable units out', async () => {
    const product = await bra(at, { b85: 5, b90: 2 });
    const to90 = await variantId(at, product, '90B');
    const order = await deliveredOrder(product, 2);
    const held = returnAnswerSchema.parse(
      (await ask(requestBody(order, [{ quantity: 2, kind: 'exchange', variantId: to90 }]))).body,
    ).return;
    expect(await variantStock(at, product, '90B')).toBe(0);
    expect((await move(held._id, { status: 'rejected', message: 'Sin etiquetas' })).status).toBe(200);
    expect(await variantStock(at, product, '90B')).toBe(2);
    const kinds = (await at.call(`/emails?order=${order._id}&limit=100`, { token: at.owner })).body.emails.map(
      (m: { kind: string }) => m.kind,
    );
    expect(kinds.filter((k: string) => k === 'return_rejected')).toHaveLength(1);
    const notes = (await at.call(`/orders/${order._id}/history`, { token: at.owner })).body.history.map(
      (e: { note: string | null }) => e.note,
    );
    expect(notes).toContain(`Cambio/devolución ${held.number}: Rechazado — Sin etiquetas`);
    expect((await move(held._id, { status: 'rejected' })).status).toBe(200);
    expect(await variantStock(at, product, '90B')).toBe(2);

    const back = returnAnswerSchema.parse(
      (
        await ask(
          requestBody(order, [
            { quantity: 1, kind: 'return' },
            { quantity: 1, kind: 'return', reason: 'defect' },
          ]),
        )
      ).body,
    ).return;
    expect(back.refundDue).toBe(20000);
    await move(back._id, { status: 'approved' });
    const done = await Promise.all([1, 2, 3].map(() => move(back._id, { status: 'received', unsellable: [1] })));
    expect(done.map((r) => r.status)).toEqual([200, 200, 200]);
    const received = staffReturnAnswerSchema.parse(done[0]!.body).return;
    expect(received.refund).toMatchObject({ method: 'coupon', amount: 20000, couponCode: `CREDITO-${back.number}` });
    expect(received.lines.map((l) => l.unsellable)).toEqual([false, true]);
    expect(await variantStock(at, product, '85B')).toBe(4);
    const coupons = (await at.call('/coupons', { token: at.owner })).body.coupons as { code: string; value: number; maxUses: number }[];
    expect(coupons.filter((c) => c.code === `CREDITO-${back.number}`)).toMatchObject([{ value: 20000, maxUses: 1 }]);
    expectMessage(await ask(requestBody(order, [{ quantity: 1, kind: 'return' }])), 400, RETURN_MESSAGES.tooMany(product.title, 0));
    // Net sales: what returns gave back comes off the dashboard's revenue.
    const summary = (await at.call('/orders/summary', { token: at.owner })).body.summary;
    expect(summary.returnsTotal).toBeGreaterThanOrEqual(20000);
  });
});

describe('the exchange of a home delivery when the shopper pays its shipping', () => {
  it('asks her for the delivery she paid, and her exchange order waits for that payment like any order', async () => {
    const content = (await at.call('/content')).body.content as SiteContent;
    content.checkout.shipping.homeDelivery = { ...content.checkout.shipping.homeDelivery, enabled: true, zones: [], baseCost: 2000 };
    content.returns = { ...content.returns, shippingPaidBy: 'shopper' };
    expect((await at.call('/content', { method: 'PUT', body: content, token: at.owner })).status).toBe(200);
    const product = await bra(at, { b85: 3, b90: 3 });
    const placed = await at.call('/orders', {
      body: orderBody([{ productId: product._id, quantity: 1, size: '85B' }], { deliveryType: 'delivery', paymentMethod: 'transfer' }),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order as Order;
    expect(order.shippingCost).toBe(2000);
    expect((await at.call(`/orders/${order._id}/status`, { method: 'PUT', body: { status: 'paid' }, token: at.owner })).status).toBe(200);
    for (const step of ['packed', 'shipped', 'delivered']) {
      const res = await at.call(`/orders/${order._id}/fulfillment`, { method: 'PUT', body: { step }, token: at.owner });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const to90 = await variantId(at, product, '90B');
    const asked = await ask(requestBody(order, [{ quantity: 1, kind: 'exchange', variantId: to90 }]));
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const request = returnAnswerSchema.parse(asked.body).return;
    expect(request).toMatchObject({ refundDue: 0, chargeDue: 2000 });
    await move(request._id, { status: 'approved' });
    const mails = (await at.call(`/emails?order=${order._id}&limit=100`, { token: at.owner })).body.emails as {
      kind: string;
      text?: string;
    }[];
    expect(mails.some((m) => m.kind === 'return_approved')).toBe(true);
    const received = staffReturnAnswerSchema.parse((await move(request._id, { status: 'received' })).body).return;
    const exchange = (await at.call(`/orders/${received.exchangeOrderId}`, { token: at.owner })).body.order as Order;
    expect(exchange).toMatchObject({ total: 2000, shippingCost: 2000, status: 'pending_transfer_proof', deliveryType: 'delivery' });
    expect(exchange.items.map((i) => [i.size, i.quantity])).toEqual([['90B', 1]]);
    // Packed and sent, but not delivered unpaid: the shop's rule for any transfer order.
    const step = (id: string, to: string) => at.call(`/orders/${id}/fulfillment`, { method: 'PUT', body: { step: to }, token: at.owner });
    expect((await step(exchange._id, 'packed')).status).toBe(200);
    expect((await step(exchange._id, 'shipped')).status).toBe(200);
    expect((await step(exchange._id, 'delivered')).status).toBe(400);
    expect((await at.call(`/orders/${exchange._id}/status`, { method: 'PUT', body: { status: 'paid' }, token: at.owner })).status).toBe(
      200,
    );
    expect((await step(exchange._id, 'delivered')).status).toBe(200);
    expect(await variantStock(at, product, '85B')).toBe(3);
    expect(await variantStock(at, product, '90B')).toBe(2);
    // The shop pays it: an exchange is even again.
    content.returns = { ...content.returns, shippingPaidBy: 'shop' };
    expect((await at.call('/content', { method: 'PUT', body: content, token: at.owner })).status).toBe(200);
    const second = returnAnswerSchema.parse(
      (await ask(requestBody(exchange, [{ quantity: 1, kind: 'exchange', variantId: await variantId(at, product, '85B') }]))).body,
    );
    expect(second.return.chargeDue).toBe(0);
  });
});

describe('the order after its returns: a unit never comes back twice', () => {
  it('refuses cancelling while a request is open; once received, cancelling gives back only the units still out, and reopening takes only those', async () => {
    const product = await bra(at, { b85: 6, b90: 2 });
    const order = await deliveredOrder(product, 3);
    expect(await variantStock(at, product, '85B')).toBe(3);
    const request = returnAnswerSchema.parse((await ask(requestBody(order, [{ quantity: 1, kind: 'return' }]))).body).return;
    const setStatus = (status: string) => at.call(`/orders/${order._id}/status`, { method: 'PUT', body: { status }, token: at.owner });
    expectMessage(
      await setStatus('cancelled'),
      409,
      `La orden tiene un pedido de cambio o devolución abierto (${request.number}): rechazalo o recibilo en Cambios y devoluciones antes de cancelar o reintegrar la orden`,
    );
    expect(await variantStock(at, product, '85B')).toBe(3);
    await move(request._id, { status: 'approved' });
    expect((await move(request._id, { status: 'received' })).status).toBe(200);
    expect(await variantStock(at, product, '85B')).toBe(4);
    // Cancelled after the return: the two units she kept come back, not the one already received.
    const both = await Promise.all([setStatus('cancelled'), setStatus('cancelled')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await variantStock(at, product, '85B')).toBe(6);
    // Reopened: the same two units are taken again.
    expect((await setStatus('paid')).status).toBe(200);
    expect(await variantStock(at, product, '85B')).toBe(4);
  });
});

describe('a refund in cash at the counter (issue 49: refunds come out of the session)', () => {
  it('refuses a register not open or short of cash, and then takes the cash out of its session once, in the Z report and the CSV', async () => {
    const product = await bra(at, { b85: 4, b90: 0 });
    const order = await deliveredOrder(product, 2);
    const back = returnAnswerSchema.parse((await ask(requestBody(order, [{ quantity: 2, kind: 'return' }]))).body).return;
    expect(back.refundDue).toBe(20000);
    expect((await move(back._id, { status: 'approved' })).status).toBe(200);
    expect(await variantStock(at, product, '85B')).toBe(2);
    const registerId = await ownRegister(at, 'Caja cambios');
    const cash = { status: 'received', refundMethod: 'cash', registerId };

    // Bad input: no register, a register with another way, junk ids, a register that does not exist.
    expectMessage(await move(back._id, { status: 'received', refundMethod: 'cash' }), 400, RETURN_MESSAGES.cashRegister);
    expectMessage(await move(back._id, { status: 'received', refundMethod: 'coupon', registerId }), 400, RETURN_MESSAGES.registerOnlyCash);
    for (const junk of ['1', -1, 0, 1.5, 2 ** 40, null, {}]) {
      expect((await move(back._id, { ...cash, registerId: junk })).status, String(junk)).toBe(400);
    }
    expectMessage(await move(back._id, { ...cash, registerId: 999_999_999 }), 404, COUNTER_MESSAGES.registerUnknown);
    // The catalog role may not receive returns at all; the shopper's token is not staff.
    expect((await move(back._id, cash, at.catalog)).status).toBe(403);
    expect((await move(back._id, cash, at.shopper)).status).toBeGreaterThanOrEqual(401);
    // The register is not open: nothing is received, no unit comes back.
    expectMessage(await move(back._id, cash), 409, COUNTER_MESSAGES.notOpen);
    const opened = await at.call(`/registers/${registerId}/sessions`, { body: { openingCash: 5000 }, token: at.sales });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const sessionId = opened.body.session.id as number;
    // The drawer should hold 5.000: not enough for 20.000.
    expectMessage(await move(back._id, cash), 409, COUNTER_MESSAGES.notEnoughCash(20000, 5000));
    expect((await at.call(`/returns/${back._id}`, { token: at.owner })).body.return.status).toBe('approved');
    expect(await variantStock(at, product, '85B')).toBe(2);

    const income = await at.call(`/cash-sessions/${sessionId}/movements`, {
      body: { type: 'income', amount: 20000, reason: 'Cambio del banco' },
      token: at.sales,
    });
    expect(income.status, JSON.stringify(income.body)).toBe(201);
    // Three clicks at once: received once, one refund movement.
    const done = await Promise.all([1, 2, 3].map(() => move(back._id, cash, at.sales)));
    expect(done.map((r) => r.status)).toEqual([200, 200, 200]);
    const received = staffReturnAnswerSchema.parse(done[0]!.body).return;
    expect(received.status).toBe('received');
    expect(received.refund).toMatchObject({ method: 'cash', amount: 20000, couponCode: null });
    expect(await variantStock(at, product, '85B')).toBe(4);
    const session = cashSessionAnswerSchema.parse((await at.call(`/cash-sessions/${sessionId}`, { token: at.sales })).body).session;
    const refunds = session.movements.filter((m) => m.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      method: 'cash',
      amount: 20000,
      orderNumber: order.orderNumber,
      reason: `${back.number} del pedido ${order.orderNumber}`,
    });
    expect(session.refunds).toBe(20000);
    expect(session.expected.cash).toBe(5000);
    // Read again, the request says the money went back in cash.
    const mine = await at.call(`/returns/${back._id}`, { token: at.owner });
    expect(mine.body.return.refund.method).toBe('cash');

    const closed = await at.call(`/cash-sessions/${sessionId}/close`, { body: { counted: { cash: 5000 } }, token: at.sales });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(cashSessionAnswerSchema.parse(closed.body).session.difference?.total).toBe(0);
    const pdf = await fetch(`${at.shop.url}/api/cash-sessions/${sessionId}/report.pdf`, {
      headers: { Authorization: `Bearer ${at.sales}` },
    });
    expect(pdf.status).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) }).getText()).text;
    expect(text).toMatch(/Devoluciones en efectivo\s*-\$\s?20\.000/);
    // One line per refund (the 80 mm paper wraps it).
    expect(text.replace(/\s+/g, ' ')).toContain(`Devolución: ${back.number} del pedido ${order.orderNumber} -$20.000`);
    const csv = await fetch(`${at.shop.url}/api/cash-sessions.csv`, { headers: { Authorization: `Bearer ${at.owner}` } });
    const row = (await csv.text())
      .split('\r\n')
      .find((line) => line.startsWith(`${sessionId};`))
      ?.split(';');
    expect(row?.[CASH_SESSIONS_CSV_HEADER.indexOf('Devoluciones en efectivo')]).toBe('20000');
    expect(row?.[CASH_SESSIONS_CSV_HEADER.indexOf('Efectivo esperado')]).toBe('5000');
    // Once closed, a later cash refund at this register is refused (no open session).
    const other = await deliveredOrder(product, 1);
    const late = returnAnswerSchema.parse((await ask(requestBody(other, [{ quantity: 1, kind: 'return' }]))).body).return;
    expect((await move(late._id, { status: 'approved' })).status).toBe(200);
    expectMessage(await move(late._id, cash), 409, COUNTER_MESSAGES.notOpen);
  });
});

describe('the staff routes: returns.manage (owner and sales)', () => {
  it('no token and a garbage token 401, the shopper and the catalog role 403, junk 400', async () => {
    const product = await bra(at, { b85: 3, b90: 3 });
    const order = await deliveredOrder(product, 1);
    const request = returnAnswerSchema.parse((await ask(requestBody(order, [{ quantity: 1, kind: 'return' }]))).body).return;
    for (const [path, method, body] of [
      ['/returns', 'GET', undefined],
      ['/returns?status=requested', 'GET', undefined],
      [`/returns/${request._id}`, 'GET', undefined],
      [`/returns/${request._id}/status`, 'PUT', { status: 'approved' }],
    ] as const) {
      expect((await at.call(path, { method, body })).status).toBe(401);
      expect((await at.call(path, { method, body, token: GARBAGE_TOKEN })).status).toBe(401);
      expect((await at.call(path, { method, body, token: at.shopper })).status).toBeGreaterThanOrEqual(401);
      expect((await at.call(path, { method, body, token: at.shopper })).status).toBeLessThanOrEqual(403);
      expect((await at.call(path, { method, body, token: at.catalog })).status).toBe(403);
    }
    expect((await at.call(`/returns/${request._id}`, { token: at.owner })).body.return.status).toBe('requested');
    const listed = await at.call('/returns?status=requested', { token: at.sales });
    expect(listed.status).toBe(200);
    expect(
      listed.body.returns.some(
        (r: { _id: string; customer: { phone: string } }) => r._id === request._id && r.customer.phone === SHOPPER.phone,
      ),
    ).toBe(true);
    expect((await at.call('/returns?status=nope', { token: at.owner })).status).toBe(400);
    expect((await move(request._id, { status: 'requested' })).status).toBe(400);
    expect((await move(request._id, { status: 'approved', unsellable: [0] })).status).toBe(400);
    expect((await move('no-existe', { status: 'approved' })).status).toBe(404);
  });
});
