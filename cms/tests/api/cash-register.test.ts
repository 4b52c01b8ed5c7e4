import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import {
  CASH_SESSIONS_CSV_HEADER,
  COUNTER_MESSAGES,
  STAFF_FORBIDDEN_MESSAGE,
  cashSessionAnswerSchema,
  manualOrderAnswerSchema,
  registersAnswerSchema,
  type CashSession,
} from '@shop/shared';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, enableCashAndTransfer, staffSaleBody, stockOf, type TestProduct } from '../helpers/orders';
import { startStaffedShop } from '../helpers/staffed-shop';
import { type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * The counter's cash register (docs/api.md "Counter"): the default register, opening (once, also when two open at
 * once), counter sales paid in cash with change, by transfer and split, refused without an open session or when
 * the payments do not add up, cash movements, closing with a difference to the peso (once, also when two close at
 * once), the Z report's text, the CSV, the permission matrix and junk. Its own Strapi on a throwaway database (the
 * cash fee at 0, so a sale's total is its price).
 */
let shop: RunningStrapi;
let database: TestDatabase;
let owner: string;
let sales: string;
let catalog: string;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asSales = (pathname: string, options: CallOptions = {}) => call(pathname, { token: sales, ...options });

/** A counter sale of `quantity` units of `product` (price 10.000) at `registerId` with these payments. */
function counterSale(product: TestProduct, registerId: number, payments: unknown, extra: Record<string, unknown> = {}, quantity = 1) {
  return staffSaleBody(product, 'local', { registerId, payments, ...extra }, quantity);
}

async function session(id: number): Promise<CashSession> {
  const res = await asSales(`/cash-sessions/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return cashSessionAnswerSchema.parse(res.body).session;
}

async function newRegister(name: string): Promise<number> {
  const res = await call('/registers', { body: { name }, token: owner });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.register.id as number;
}

async function open(registerId: number, body: unknown = { openingCash: 5000 }): Promise<CashSession> {
  const res = await asSales(`/registers/${registerId}/sessions`, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return cashSessionAnswerSchema.parse(res.body).session;
}

let product: TestProduct;

beforeAll(async () => {
  ({ database, shop, owner, sales, catalog } = await startStaffedShop({ RATE_LIMIT_ORDERS_MAX: '100000', RATE_LIMIT_QUOTE_MAX: '100000' }));
  await enableCashAndTransfer(shop.url, owner);
  product = await createProduct({ stock: 200, size: ['M'], price: 10000 }, { baseUrl: shop.url, token: owner });
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

describe('registers and opening', () => {
  it('a fresh shop has "Caja 1" with no open session', async () => {
    const res = await asSales('/registers');
    expect(res.status).toBe(200);
    const { registers } = registersAnswerSchema.parse(res.body);
    expect(registers[0]).toMatchObject({ name: 'Caja 1', openSession: null });
  });

  it('opens once: the opening cash counted by denomination is summed; a second open is a 409', async () => {
    const registerId = await newRegister('Caja apertura');
    const opened = await open(registerId, { denominations: { '20000': 2, '1000': 3, '50': 1 } });
    expect(opened).toMatchObject({ status: 'open', openingCash: 43050, expected: { cash: 43050, card: 0, qr: 0, transfer: 0 } });
    const again = await asSales(`/registers/${registerId}/sessions`, { body: { openingCash: 100 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(COUNTER_MESSAGES.alreadyOpen);
    const listed = registersAnswerSchema.parse((await asSales('/registers')).body).registers.find((r) => r.id === registerId);
    expect(listed?.openSession).toMatchObject({ id: opened.id, openingCash: 43050 });
  });

  it('two opens at once: exactly one wins, the other is a 409', async () => {
    const registerId = await newRegister('Caja carrera');
    const answers = await Promise.all([1, 2, 3].map(() => asSales(`/registers/${registerId}/sessions`, { body: { openingCash: 1000 } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('an unknown register is a 404, a register name taken is a 409', async () => {
    expect((await asSales('/registers/999999/sessions', { body: { openingCash: 1 } })).status).toBe(404);
    await newRegister('Caja repetida');
    const taken = await call('/registers', { body: { name: 'caja repetida' }, token: owner });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(COUNTER_MESSAGES.registerTaken);
    // Four creations of one new name at once (both see it free on PostgreSQL): one 201, the others a Spanish 409.
    const racing = await Promise.all([1, 2, 3, 4].map(() => call('/registers', { body: { name: 'Caja en carrera' }, token: owner })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of racing.filter((r) => r.status === 409)) expect(r.body.message).toBe(COUNTER_MESSAGES.registerTaken);
  });
});

describe('counter sales, movements and closing', () => {
  let registerId: number;
  let sessionId: number;
  const orderNumbers: string[] = [];

  beforeAll(async () => {
    registerId = await newRegister('Caja ventas');
  });

  it('no open session: the sale is a 409 and takes no units', async () => {
    const before = await stockOf(product._id, shop.url);
    const res = await asSales('/orders/manual', { body: counterSale(product, registerId, [{ method: 'cash', amount: 10000 }]) });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toBe(COUNTER_MESSAGES.notOpen);
    expect(await stockOf(product._id, shop.url)).toBe(before);
  });

  it('a cash sale with change, a transfer sale and a split sale belong to the session', async () => {
    sessionId = (await open(registerId, { openingCash: 5000 })).id;
    const cash = await asSales('/orders/manual', {
      body: counterSale(product, registerId, [{ method: 'cash', amount: 10000, tendered: 20000 }]),
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    const cashAnswer = manualOrderAnswerSchema.parse(cash.body);
    expect(cashAnswer.change).toBe(10000);
    expect(cashAnswer.order).toMatchObject({ total: 10000, status: 'paid' });
    orderNumbers.push(cashAnswer.orderNumber);

    const transfer = await asSales('/orders/manual', {
      body: counterSale(product, registerId, [{ method: 'transfer', amount: 20000 }], { paymentMethod: 'transfer' }, 2),
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
    expect(transfer.body.change).toBe(0);
    orderNumbers.push(transfer.body.orderNumber);

    const split = await asSales('/orders/manual', {
      body: counterSale(
        product,
        registerId,
        [
          { method: 'cash', amount: 12000, tendered: 15000 },
          { method: 'transfer', amount: 18000 },
        ],
        {},
        3,
      ),
    });
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    expect(split.body.change).toBe(3000);
    orderNumbers.push(split.body.orderNumber);

    const now = await session(sessionId);
    expect(now.sales).toEqual({ cash: 22000, card: 0, qr: 0, transfer: 38000 });
    expect(now.salesCount).toBe(3);
    expect(now.firstOrderNumber).toBe(orderNumbers[0]);
    expect(now.lastOrderNumber).toBe(orderNumbers[2]);
    expect(now.expected).toEqual({ cash: 27000, card: 0, qr: 0, transfer: 38000 });
    expect(now.movements.filter((m) => m.type === 'sale').map((m) => m.change)).toEqual([10000, null, 3000, null]);
  });

  it('payments not adding up to the total: 400 in Spanish and nothing is sold', async () => {
    const before = await stockOf(product._id, shop.url);
    const res = await asSales('/orders/manual', { body: counterSale(product, registerId, [{ method: 'cash', amount: 9000 }]) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(COUNTER_MESSAGES.notAdding(9000, 10000));
    expect(await stockOf(product._id, shop.url)).toBe(before);
    expect((await session(sessionId)).salesCount).toBe(3);
  });

  it('refuses what a counter sale cannot be: card or QR at a register without them, delivery, a short tendered, payments without a register', async () => {
    const card = await asSales('/orders/manual', { body: counterSale(product, registerId, [{ method: 'card', amount: 10000 }]) });
    expect(card.status).toBe(400);
    expect(card.body.message).toBe(COUNTER_MESSAGES.noTerminal);
    const qr = await asSales('/orders/manual', { body: counterSale(product, registerId, [{ method: 'qr', amount: 10000 }]) });
    expect(qr.body.message).toBe(COUNTER_MESSAGES.noQrPos);
    const delivery = await asSales('/orders/manual', {
      body: counterSale(product, registerId, [{ method: 'cash', amount: 10000 }], {
        deliveryType: 'delivery',
        shippingInfo: { fullName: 'Ana', phone: '299 555 1234', address: 'Calle 1', city: 'Neuquén' },
      }),
    });
    expect(delivery.status).toBe(400);
    expect(delivery.body.message).toBe(COUNTER_MESSAGES.storeOnly);
    const short = await asSales('/orders/manual', {
      body: counterSale(product, registerId, [{ method: 'cash', amount: 10000, tendered: 5000 }]),
    });
    expect(short.body.message).toBe(COUNTER_MESSAGES.tendered);
    const { registerId: _r, ...withoutRegister } = counterSale(product, registerId, [{ method: 'cash', amount: 10000 }]);
    const orphan = await asSales('/orders/manual', { body: withoutRegister });
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toBe(COUNTER_MESSAGES.paymentsWithoutRegister);
    expect((await asSales('/orders/manual', { body: counterSale(product, 999999, [{ method: 'cash', amount: 10000 }]) })).status).toBe(404);
  });

  it('movements: an income, an expense and a withdrawal (with their reasons) move the expected cash', async () => {
    const add = (body: unknown) => asSales(`/cash-sessions/${sessionId}/movements`, { body });
    expect((await add({ type: 'income', amount: 1500 })).status).toBe(201);
    const expense = await add({ type: 'expense', amount: 700, reason: 'Artículos de limpieza' });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    expect(expense.body.movement).toMatchObject({ type: 'expense', amount: 700, reason: 'Artículos de limpieza' });
    expect((await add({ type: 'withdrawal', amount: 10000, reason: 'Depósito en el banco' })).status).toBe(201);
    const noReason = await add({ type: 'expense', amount: 100 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(COUNTER_MESSAGES.reason);
    // 5.000 + 22.000 + 1.500 − 700 − 10.000
    expect((await session(sessionId)).expected.cash).toBe(17800);
  });

  it('closes with a difference to the peso; a closed session refuses movements, sales and a second close', async () => {
    const res = await asSales(`/cash-sessions/${sessionId}/close`, { body: { counted: { cash: 17650, card: 0, qr: 0, transfer: 38000 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const closed = cashSessionAnswerSchema.parse(res.body).session;
    expect(closed).toMatchObject({
      status: 'closed',
      expected: { cash: 17800, card: 0, qr: 0, transfer: 38000 },
      counted: { cash: 17650, card: 0, qr: 0, transfer: 38000 },
      difference: { cash: -150, card: 0, qr: 0, transfer: 0, total: -150 },
    });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.closedBy?.name).toBeTruthy();
    const movement = await asSales(`/cash-sessions/${sessionId}/movements`, { body: { type: 'income', amount: 1 } });
    expect(movement.status).toBe(409);
    expect(movement.body.message).toBe(COUNTER_MESSAGES.closed);
    const again = await asSales(`/cash-sessions/${sessionId}/close`, { body: { counted: { cash: 1 } } });
    expect(again.status).toBe(409);
    const sale = await asSales('/orders/manual', { body: counterSale(product, registerId, [{ method: 'cash', amount: 10000 }]) });
    expect(sale.status).toBe(409);
    expect((await session(sessionId)).difference?.cash).toBe(-150);
    expect(
      registersAnswerSchema.parse((await asSales('/registers')).body).registers.find((r) => r.id === registerId)?.openSession,
    ).toBeNull();
  });

  it('the Z report (PDF text) holds the sales by method, the movements, the figures and the first and last order', async () => {
    const res = await fetch(`${shop.url}/api/cash-sessions/${sessionId}/report.pdf`, { headers: { Authorization: `Bearer ${sales}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) }).getText()).text;
    expect(text).toContain('REPORTE Z');
    for (const figure of ['$22.000', '$38.000', '$60.000', '$5.000', '$1.500', '-$700', '-$10.000', '$17.800', '$17.650', '-$150'])
      expect(text, figure).toContain(figure);
    expect(text).toContain('Artículos de limpieza');
    expect(text).toContain(orderNumbers[0]);
    expect(text).toContain(orderNumbers[2]);
  });

  it('the CSV has one row per session with its figures (owner only)', async () => {
    const res = await fetch(`${shop.url}/api/cash-sessions.csv`, { headers: { Authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(CASH_SESSIONS_CSV_HEADER.join(';'));
    const row = lines.find((line) => line.startsWith(`${sessionId};`))?.split(';');
    expect(row, lines.join('\n')).toBeDefined();
    const cell = (name: (typeof CASH_SESSIONS_CSV_HEADER)[number]) => row![CASH_SESSIONS_CSV_HEADER.indexOf(name)];
    expect(cell('Caja')).toBe('Caja ventas');
    expect(cell('Efectivo esperado')).toBe('17800');
    expect(cell('Efectivo contado')).toBe('17650');
    expect(cell('Diferencia de efectivo')).toBe('-150');
    expect(cell('Ventas por transferencia')).toBe('38000');
    expect(cell('Primera orden')).toBe(orderNumbers[0]);
    expect((await fetch(`${shop.url}/api/cash-sessions.csv`, { headers: { Authorization: `Bearer ${sales}` } })).status).toBe(403);
  });

  it('sales racing the close: each is either in the closed figures or refused, never lost', async () => {
    const raced = await open(registerId, { openingCash: 1000 });
    const sale = () => asSales('/orders/manual', { body: counterSale(product, registerId, [{ method: 'cash', amount: 10000 }]) });
    const [first, closing, second] = await Promise.all([
      sale(),
      asSales(`/cash-sessions/${raced.id}/close`, { body: { counted: { cash: 0 } } }),
      sale(),
    ]);
    expect(closing.status, JSON.stringify(closing.body)).toBe(200);
    const sold = [first, second].filter((res) => res.status === 201).length;
    for (const res of [first, second]) expect([201, 409], JSON.stringify(res.body)).toContain(res.status);
    const closed = cashSessionAnswerSchema.parse(closing.body).session;
    expect(closed.salesCount).toBe(sold);
    expect(closed.expected.cash).toBe(1000 + 10000 * sold);
    expect((await session(raced.id)).movements.filter((m) => m.type === 'sale')).toHaveLength(sold);
  });

  it('two closes at once: exactly one wins, the other is a 409', async () => {
    const other = await open(registerId, { openingCash: 2000 });
    const answers = await Promise.all(
      [1, 2].map(() => asSales(`/cash-sessions/${other.id}/close`, { body: { counted: { cash: 2000, card: 0, qr: 0, transfer: 0 } } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await session(other.id)).difference?.total).toBe(0);
  });
});

describe('who may use the counter, and junk', () => {
  /** The routes of a register's sessions, where the counter's work is done. */
  const COUNTER_ROUTES: [string, string, unknown?][] = [
    ['GET', '/registers'],
    ['POST', '/registers/1/sessions', { openingCash: 1 }],
    ['GET', '/cash-sessions/1'],
    ['POST', '/cash-sessions/1/movements', { type: 'income', amount: 1 }],
    ['POST', '/cash-sessions/1/close', { counted: { cash: 1 } }],
    ['POST', '/cash-sessions/1/reopen', { reason: 'x' }],
    ['GET', '/cash-sessions/1/report.pdf'],
  ];

  it('no token or a garbage token: 401 on every route', async () => {
    const routes: [string, string, unknown?][] = [
      ['POST', '/registers', { name: 'Caja X' }],
      ...COUNTER_ROUTES,
      ['GET', '/cash-sessions.csv'],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, token: GARBAGE_TOKEN })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('the catalog role may not use the counter; sales may not create a register', async () => {
    for (const [method, path, body] of COUNTER_ROUTES) {
      const res = await call(path, { method, body, token: catalog });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
    }
    const create = await asSales('/registers', { body: { name: 'Caja de ventas' } });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe(STAFF_FORBIDDEN_MESSAGE);
  });

  it('junk input: a 400 with a Spanish message, nothing opened', async () => {
    const registerId = await newRegister('Caja basura');
    const expect400 = async (path: string, body: unknown, message?: string) => {
      const res = await asSales(path, { body });
      expect(res.status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message).toBe(message);
    };
    await expect400(`/registers/${registerId}/sessions`, {}, COUNTER_MESSAGES.openingOne);
    await expect400(`/registers/${registerId}/sessions`, { openingCash: -1 }, COUNTER_MESSAGES.openingCash);
    await expect400(`/registers/${registerId}/sessions`, { openingCash: 10.5 }, COUNTER_MESSAGES.openingCash);
    await expect400(`/registers/${registerId}/sessions`, { openingCash: '1000' });
    await expect400(`/registers/${registerId}/sessions`, { denominations: { '3': 1 } });
    await expect400(`/registers/${registerId}/sessions`, { openingCash: 1, denominations: { '100': 1 } }, COUNTER_MESSAGES.openingOne);
    await expect400('/registers/abc/sessions', { openingCash: 1 }, COUNTER_MESSAGES.badId);
    await expect400('/registers/0/sessions', { openingCash: 1 }, COUNTER_MESSAGES.badId);
    const opened = await open(registerId, { openingCash: 0 });
    await expect400(`/cash-sessions/${opened.id}/movements`, { type: 'robo', amount: 1 }, COUNTER_MESSAGES.movementType);
    await expect400(`/cash-sessions/${opened.id}/movements`, { type: 'income', amount: 0 }, COUNTER_MESSAGES.amount);
    await expect400(`/cash-sessions/${opened.id}/movements`, { type: 'income', amount: 1e12 }, COUNTER_MESSAGES.amount);
    await expect400(`/cash-sessions/${opened.id}/close`, { counted: { cash: -5 } }, COUNTER_MESSAGES.counted);
    await expect400(`/cash-sessions/${opened.id}/close`, { counted: 'todo' });
    await expect400(`/cash-sessions/${opened.id}/close`, {});
    await expect400('/cash-sessions/1x/close', { counted: { cash: 1 } }, COUNTER_MESSAGES.badId);
    expect((await asSales('/cash-sessions/abc')).status).toBe(400);
    expect((await asSales('/cash-sessions/999999')).status).toBe(404);
    await expect400('/orders/manual', counterSale(product, registerId, [{ method: 'cheque', amount: 1 }]), COUNTER_MESSAGES.paymentMethod);
    await expect400('/orders/manual', counterSale(product, registerId, []), COUNTER_MESSAGES.paymentsRequired);
    await expect400('/orders/manual', counterSale(product, registerId, undefined), COUNTER_MESSAGES.paymentsRequired);
    const blank = await call('/registers', { body: { name: '' }, token: owner });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(COUNTER_MESSAGES.registerName);
    // Nothing of the junk reached the session.
    expect((await session(opened.id)).movements).toEqual([]);
  });
});
