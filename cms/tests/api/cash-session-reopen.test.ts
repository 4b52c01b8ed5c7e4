import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { COUNTER_MESSAGES, STAFF_FORBIDDEN_MESSAGE, cashSessionAnswerSchema, type CashSession, type SiteContent } from '@shop/shared';
import { adminTokenAt, api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, type TestProduct } from '../helpers/orders';
import { inviteStaffMember } from '../helpers/staff';
import { createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * The counter's leftovers of issue 49 (docs/api.md "Counter"): reopening the register's last closed session (owner
 * only, with a reason, once when two reopen at once, recorded with the close it undid, closed afresh afterwards) and
 * the session's sales by channel adding up to the sales' total, in the answer and the Z report. Its own Strapi on a
 * throwaway database (the cash fee at 0, so a sale's total is its price).
 */
let shop: RunningStrapi;
let database: TestDatabase;
let owner: string;
let sales: string;
let product: TestProduct;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asSales = (pathname: string, options: CallOptions = {}) => call(pathname, { token: sales, ...options });
const asOwner = (pathname: string, options: CallOptions = {}) => call(pathname, { token: owner, ...options });

/** A cash sale at `registerId` of `quantity` units (price 10.000) taken through `channel`. */
async function sell(registerId: number, channel: string, quantity = 1): Promise<string> {
  const res = await asSales('/orders/manual', {
    body: {
      items: [{ productId: product._id, quantity, size: 'M', color: 'Negro', price: 1 }],
      paymentMethod: 'cash',
      deliveryType: 'store',
      channel,
      shippingInfo: { fullName: 'Ana Pérez', phone: '299 555 1234' },
      registerId,
      payments: [{ method: 'cash', amount: 10000 * quantity }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.orderNumber as string;
}

async function session(id: number): Promise<CashSession> {
  const res = await asSales(`/cash-sessions/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return cashSessionAnswerSchema.parse(res.body).session;
}

async function newRegister(name: string): Promise<number> {
  const res = await asOwner('/registers', { body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.register.id as number;
}

async function open(registerId: number, openingCash = 1000): Promise<number> {
  const res = await asSales(`/registers/${registerId}/sessions`, { body: { openingCash } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session.id as number;
}

async function close(sessionId: number, cash: number): Promise<CashSession> {
  const res = await asSales(`/cash-sessions/${sessionId}/close`, { body: { counted: { cash } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return cashSessionAnswerSchema.parse(res.body).session;
}

const reopen = (sessionId: number, reason: unknown = 'Faltó cargar una venta', token = owner) =>
  call(`/cash-sessions/${sessionId}/reopen`, { body: { reason }, token });

async function reportText(sessionId: number): Promise<string> {
  const res = await fetch(`${shop.url}/api/cash-sessions/${sessionId}/report.pdf`, { headers: { Authorization: `Bearer ${sales}` } });
  expect(res.status).toBe(200);
  return (await new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) }).getText()).text;
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  shop = await startStrapi(database, { RATE_LIMIT_ORDERS_MAX: '100000', RATE_LIMIT_QUOTE_MAX: '100000' });
  owner = await adminTokenAt(shop.url);
  const content = structuredClone((await call('/content')).body.content as SiteContent);
  content.checkout.paymentInfo.cashOnDelivery.enabled = true;
  content.checkout.paymentInfo.cashOnDelivery.additionalFee = 0;
  const saved = await asOwner('/content', { method: 'PUT', body: content });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  sales = (await inviteStaffMember(owner, 'sales', shop.url)).token;
  product = await createProduct({ stock: 200, size: ['M'], price: 10000 }, { baseUrl: shop.url, token: owner });
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

describe('the Z report by channel', () => {
  it('groups the sales by the order channel, adding up to the sales total to the peso, in the answer and the PDF', async () => {
    const registerId = await newRegister('Caja canales');
    const sessionId = await open(registerId);
    await sell(registerId, 'local');
    await sell(registerId, 'local', 2);
    await sell(registerId, 'whatsapp', 3);
    await sell(registerId, 'phone');
    const now = await session(sessionId);
    const of = (channel: string) => now.byChannel.find((c) => c.channel === channel);
    expect(of('local')).toEqual({ channel: 'local', orders: 2, amount: 30000 });
    expect(of('whatsapp')).toEqual({ channel: 'whatsapp', orders: 1, amount: 30000 });
    expect(of('phone')).toEqual({ channel: 'phone', orders: 1, amount: 10000 });
    expect(of('instagram')).toEqual({ channel: 'instagram', orders: 0, amount: 0 });
    expect(of('other')).toEqual({ channel: 'other', orders: 0, amount: 0 });
    const salesTotal = now.sales.cash + now.sales.card + now.sales.qr + now.sales.transfer;
    expect(salesTotal).toBe(70000);
    expect(now.byChannel.reduce((sum, c) => sum + c.amount, 0)).toBe(salesTotal);
    expect(now.byChannel.reduce((sum, c) => sum + c.orders, 0)).toBe(now.salesCount);
    const text = await reportText(sessionId);
    expect(text).toContain('Ventas por canal');
    for (const line of ['Local (2)', 'WhatsApp (1)', 'Teléfono (1)', 'Instagram (0)', 'Otro (0)']) expect(text, line).toContain(line);
    expect(text).toContain('$70.000');
  });
});

describe('reopening a closed session', () => {
  it('the owner reopens the last session with a reason: sales and movements again, closed afresh, recorded everywhere', async () => {
    const registerId = await newRegister('Caja reapertura');
    const sessionId = await open(registerId, 2000);
    await sell(registerId, 'local');
    const first = await close(sessionId, 11500);
    expect(first.difference?.total).toBe(-500);

    const res = await reopen(sessionId, 'Faltó cargar una venta de la tarde');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reopened = cashSessionAnswerSchema.parse(res.body).session;
    expect(reopened).toMatchObject({ status: 'open', closedAt: null, counted: null, difference: null });
    expect(reopened.reopenings).toHaveLength(1);
    expect(reopened.reopenings[0]).toMatchObject({
      reason: 'Faltó cargar una venta de la tarde',
      undone: {
        expected: { cash: 12000, card: 0, qr: 0, transfer: 0 },
        counted: { cash: 11500, card: 0, qr: 0, transfer: 0 },
        difference: { cash: -500, total: -500 },
        closedAt: first.closedAt,
      },
    });
    expect(reopened.reopenings[0]?.by?.name).toBeTruthy();
    const registers = (await asSales('/registers')).body.registers as { id: number; openSession: { id: number } | null }[];
    expect(registers.find((r) => r.id === registerId)?.openSession?.id).toBe(sessionId);

    // Open again: a sale and a movement belong to it; a new open of the register is refused meanwhile.
    await sell(registerId, 'instagram');
    const movement = await asSales(`/cash-sessions/${sessionId}/movements`, { body: { type: 'income', amount: 500 } });
    expect(movement.status, JSON.stringify(movement.body)).toBe(201);
    expect((await asSales(`/registers/${registerId}/sessions`, { body: { openingCash: 1 } })).status).toBe(409);

    // The close after it computes everything afresh: 2.000 + 20.000 + 500.
    const second = await close(sessionId, 22500);
    expect(second).toMatchObject({ expected: { cash: 22500 }, counted: { cash: 22500 }, difference: { total: 0 } });
    expect(second.reopenings).toHaveLength(1);
    const text = await reportText(sessionId);
    expect(text).toContain('Reabierta por');
    expect(text.replace(/\s+/g, ' ')).toContain('Faltó cargar una venta de la tarde (diferencia deshecha -$500)');
    expect(text).toContain('$22.500');
  });

  it('only the register last session, only when closed and the register has no open session: 409 in Spanish', async () => {
    const registerId = await newRegister('Caja reglas');
    const older = await open(registerId);
    await close(older, 1000);
    const newer = await open(registerId);
    const stillOpen = await reopen(newer);
    expect(stillOpen.status).toBe(409);
    expect(stillOpen.body.message).toBe(COUNTER_MESSAGES.notClosed);
    const notLatest = await reopen(older);
    expect(notLatest.status).toBe(409);
    expect(notLatest.body.message).toBe(COUNTER_MESSAGES.notLatest);
    await close(newer, 1000);
    const stillNotLatest = await reopen(older);
    expect(stillNotLatest.body.message).toBe(COUNTER_MESSAGES.notLatest);
    expect((await session(older)).status).toBe('closed');
    expect((await reopen(999999)).status).toBe(404);
  });

  it('two reopens at once: exactly one wins, the other is a 409; a reopen racing an open: one wins', async () => {
    const registerId = await newRegister('Caja carrera de reapertura');
    const sessionId = await open(registerId);
    await close(sessionId, 1000);
    const answers = await Promise.all([1, 2, 3].map(() => reopen(sessionId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await session(sessionId)).reopenings).toHaveLength(1);
    await close(sessionId, 1000);
    const [reopening, opening] = await Promise.all([
      reopen(sessionId),
      asSales(`/registers/${registerId}/sessions`, { body: { openingCash: 1 } }),
    ]);
    // Exactly one takes the register: the reopen (200) or the new open (201); the other is a 409.
    expect([reopening.status === 200, opening.status === 201].filter(Boolean)).toHaveLength(1);
    expect([reopening.status, opening.status]).toContain(409);
    const registers = (await asSales('/registers')).body.registers as { id: number; openSession: { id: number } | null }[];
    expect(registers.find((r) => r.id === registerId)?.openSession).not.toBeNull();
  });

  it('who may reopen: no token 401, the sales role 403, junk a 400 in Spanish and nothing reopened', async () => {
    const registerId = await newRegister('Caja permisos');
    const sessionId = await open(registerId);
    await close(sessionId, 1000);
    expect((await call(`/cash-sessions/${sessionId}/reopen`, { body: { reason: 'x' } })).status).toBe(401);
    expect((await reopen(sessionId, 'x', GARBAGE_TOKEN)).status).toBe(401);
    const forbidden = await reopen(sessionId, 'Quiero reabrir', sales);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
    for (const reason of ['', '   ', 'x'.repeat(201), 42, null]) {
      const res = await reopen(sessionId, reason);
      expect(res.status, JSON.stringify(reason)).toBe(400);
      expect(res.body.message).toBe(COUNTER_MESSAGES.reopenReason);
    }
    const missing = await asOwner(`/cash-sessions/${sessionId}/reopen`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(COUNTER_MESSAGES.reopenReason);
    const extra = await asOwner(`/cash-sessions/${sessionId}/reopen`, { body: { reason: 'Motivo', closedAt: null } });
    expect(extra.status).toBe(400);
    expect((await asOwner('/cash-sessions/abc/reopen', { body: { reason: 'Motivo' } })).body.message).toBe(COUNTER_MESSAGES.badId);
    expect((await asOwner(`/cash-sessions/${sessionId}/reopen`, { body: 'todo' })).status).toBe(400);
    expect((await session(sessionId)).status).toBe('closed');
  });
});
