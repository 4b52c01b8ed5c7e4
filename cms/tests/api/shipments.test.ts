import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { SHIPMENT_MSG, WITHDRAWAL_MESSAGES, staffWithdrawalAnswerSchema, withdrawalListAnswerSchema } from '@shop/shared';
import type { FakeCarrier } from '../../../scripts/lib/fake-carrier-http.mjs';
import { api, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { bothCarriersOn, carrierAccounts, carrierMode, startCarrierShop, stopCarrierShop } from '../helpers/carriers';
import { knexOn } from '../helpers/database';
import { createProduct, orderBody, SHOPPER } from '../helpers/orders';
import { inviteStaff } from '../helpers/staff';
import { type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';
import { waitFor } from '../helpers/wait-for';

/**
 * Carrier shipments (issue 48, part 3) against the carriers' fakes: create (both carriers, door and branch), the
 * same shipment again, a 409 for an unpaid or non-carrier order, 20 labels in one PDF (every tracking number read
 * back from it), cancel (and the carrier's refusal once admitted), "Despachado" → the order shipped, tracking to
 * delivered (the order delivered) through the public tracking answer and its once-a-minute poll, the sweep, who may
 * do what and junk input; a withdrawal's return shipment (issue 59 §1: from her address to the shop's, paid by the
 * shop). A shop of its own: the carriers' URLs and the tracking period are env vars.
 */
const ACCOUNTS = carrierAccounts();
const { correo: CORREO, andreani: ANDREANI } = ACCOUNTS;

let correo: FakeCarrier;
let andreani: FakeCarrier;
let database: TestDatabase;
let shop: RunningStrapi;
let owner: string;
let productId: string;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asOwner = (pathname: string, options: CallOptions = {}) => call(pathname, { token: owner, ...options });

const CORDOBA_ADDRESS = {
  street: 'Av. Colón',
  number: '1234',
  floor: '3',
  apartment: 'B',
  locality: 'Córdoba',
  province: 'AR-X',
  postalCode: '5000',
};

/**
 * A paid order to ship with a carrier, as a shopper in Córdoba places it: the checkout's quote for the address, the
 * carrier's option of that type (and, to a branch, the first branch the carrier lists near 5000), the order with the
 * signed option, then marked paid the existing way.
 */
async function carrierOrder(carrier: 'correo-argentino' | 'andreani', type: 'door' | 'branch' = 'door', paid = true) {
  const items = [{ productId, quantity: 1, size: 'M', color: 'Negro' }];
  const quoted = await call('/checkout/quote', {
    body: { items, paymentMethod: 'cash', deliveryType: 'carrier', address: CORDOBA_ADDRESS },
  });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  const option = (quoted.body.shippingOptions as { id: string; carrier: string; type: string }[]).find(
    (o) => o.carrier === carrier && o.type === type,
  );
  if (!option) throw new Error(`no ${carrier} ${type} option in ${JSON.stringify(quoted.body.shippingOptions)}`);
  let branchId: string | undefined;
  if (type === 'branch') {
    const branches = await call(`/shipping/branches?carrier=${carrier}&postalCode=5000&province=AR-X`);
    expect(branches.status, JSON.stringify(branches.body)).toBe(200);
    branchId = branches.body.branches[0].id as string;
  }
  const placed = await call('/orders', {
    body: orderBody(items, { deliveryType: 'carrier', address: CORDOBA_ADDRESS, shippingOptionId: option.id, branchId }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order._id as string;
  const orderNumber = placed.body.order.orderNumber as string;
  if (paid) {
    const res = await asOwner(`/orders/${id}/status`, { method: 'PUT', body: { status: 'paid' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { id, orderNumber };
}

async function pdfText(res: Response): Promise<string> {
  if (res.status !== 200) expect(await res.text()).toBe('a PDF');
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return (await new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) }).getText()).text;
}

const advance = (fake: FakeCarrier, number: string, to: 'admitted' | 'in_transit' | 'delivered') =>
  fetch(`${fake.url}/__control/advance`, { method: 'POST', body: JSON.stringify({ number, to }) }).then((r) => expect(r.status).toBe(200));

const track = (orderNumber: string) => call(`/orders/by-number/${orderNumber}?contact=${encodeURIComponent(SHOPPER.email)}`);

/** A minute went by since anyone asked the carrier about this shipment (the sweep or a page may ask again). */
async function aMinuteSinceLastPoll(trackingNumber: string): Promise<void> {
  const knex = knexOn(database.env);
  try {
    await knex('shipments')
      .where('tracking_number', trackingNumber)
      .update({ last_polled_at: new Date(Date.now() - 120_000) });
  } finally {
    await knex.destroy();
  }
}

const descriptionsOf = (res: { body: { order: { shipment?: { events: { description: string }[] } } } }) =>
  (res.body.order.shipment?.events ?? []).map((e) => e.description);

beforeAll(async () => {
  ({ correo, andreani, database, shop, owner } = await startCarrierShop(inject('databaseKind'), ACCOUNTS, {
    // The sweep runs every second here (30 minutes in a shop); each shipment is still asked at most once a minute,
    // by the sweep and the pages alike, so the tests below age a shipment's last poll instead of waiting a minute.
    CARRIER_TRACKING_EVERY_MS: '1000',
    RATE_LIMIT_ORDERS_MAX: '100000',
  }));
  const settings = await asOwner('/shipping/settings', {
    method: 'PUT',
    body: bothCarriersOn(ACCOUNTS),
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  productId = (await createProduct({ stock: 500, price: 20000 }, { baseUrl: shop.url, token: owner }))._id;
});

afterAll(async () => {
  await stopCarrierShop({ correo, andreani, database, shop });
});

describe('creating a shipment', () => {
  it('Correo Argentino to the door: the carrier gets the order and its address; the tracking number comes back', async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    const res = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { shipment } = res.body;
    expect(shipment).toMatchObject({ carrier: 'correo-argentino', service: 'Clásico', status: 'created', type: 'door' });
    expect(shipment.trackingNumber).toMatch(/^CP\d{9}AR$/);
    expect(shipment.labelUrl).toBe(`/api/orders/${order.id}/shipment/label`);
    const state = await (await fetch(`${correo.url}/__control/state`)).json();
    const sent = state.calls.find(
      (c: { path: string; body?: { extOrderId?: string } }) => c.path === '/shipping/import' && c.body?.extOrderId === order.orderNumber,
    );
    expect(sent.body.shipping).toMatchObject({
      deliveryType: 'D',
      productType: 'CP',
      address: { streetName: 'Av. Colón', postalCode: '5000', provinceCode: 'X' },
    });
    expect(sent.body.customerId).toBe(CORREO.customerId);
  });

  it('Andreani to a branch: the branch contract and the branch id; a second call answers the same shipment', async () => {
    const order = await carrierOrder('andreani', 'branch');
    const first = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.shipment).toMatchObject({ carrier: 'andreani', type: 'branch', status: 'created' });
    expect(first.body.shipment.trackingNumber).toMatch(/^\d{15}$/);
    const again = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body.shipment.trackingNumber).toBe(first.body.shipment.trackingNumber);
    const state = await (await fetch(`${andreani.url}/__control/state`)).json();
    const created = state.calls.filter(
      (c: { path: string; body?: { idPedido?: string } }) => c.path === '/v2/ordenes-de-envio' && c.body?.idPedido === order.orderNumber,
    );
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({ contrato: ANDREANI.branchContract, destino: { sucursal: { id: '41' } } });
    const read = await asOwner(`/orders/${order.id}/shipment`);
    expect(read.body.shipment.trackingNumber).toBe(first.body.shipment.trackingNumber);
  });

  it('two clicks at once make one shipment at the carrier', async () => {
    const order = await carrierOrder('andreani', 'door');
    const answers = await Promise.all([1, 2, 3].map(() => asOwner(`/orders/${order.id}/shipment`, { method: 'POST' })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(new Set(ok.map((a) => a.body.shipment.trackingNumber)).size).toBe(1);
    const state = await (await fetch(`${andreani.url}/__control/state`)).json();
    expect(state.calls.filter((c: { path: string; body?: { idPedido?: string } }) => c.body?.idPedido === order.orderNumber)).toHaveLength(
      1,
    );
  });

  it('an unpaid order, or one not sent by a carrier, is a Spanish 409; an unknown order a 404', async () => {
    const unpaid = await carrierOrder('correo-argentino', 'door', false);
    const res = await asOwner(`/orders/${unpaid.id}/shipment`, { method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^La orden todavía no está pagada/);
    const pickup = await call('/orders', { body: orderBody([{ productId, quantity: 1 }]) });
    await asOwner(`/orders/${pickup.body.order._id}/status`, { method: 'PUT', body: { status: 'paid' } });
    const notCarrier = await asOwner(`/orders/${pickup.body.order._id}/shipment`, { method: 'POST' });
    expect(notCarrier.status).toBe(409);
    expect(notCarrier.body.message).toBe(SHIPMENT_MSG.notCarrier);
    expect((await asOwner('/orders/noexiste123/shipment', { method: 'POST' })).status).toBe(404);
  });

  it('a carrier down is a Spanish 503 and leaves no shipment (the next try creates it)', async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    await fetch(`${correo.url}/__control/mode`, { method: 'POST', body: JSON.stringify({ mode: 'down' }) });
    try {
      const res = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Correo Argentino no está disponible en este momento');
      expect((await asOwner(`/orders/${order.id}/shipment`)).body.shipment).toBeNull();
    } finally {
      await fetch(`${correo.url}/__control/mode`, { method: 'POST', body: JSON.stringify({ mode: 'ok' }) });
    }
    const retry = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    expect(retry.status).toBe(200);
  });
});

describe('a carrier that refuses', () => {
  it("is a Spanish 502 in its own words (never the carrier's), and leaves no shipment", async () => {
    const order = await carrierOrder('andreani', 'door');
    await fetch(`${andreani.url}/__control/mode`, { method: 'POST', body: JSON.stringify({ mode: 'error' }) });
    try {
      const res = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Andreani no aceptó el envío: revisá la dirección, la sucursal y el paquete');
      expect((await asOwner(`/orders/${order.id}/shipment`)).body.shipment).toBeNull();
    } finally {
      await fetch(`${andreani.url}/__control/mode`, { method: 'POST', body: JSON.stringify({ mode: 'ok' }) });
    }
  });
});

describe('labels', () => {
  it('20 orders of both carriers: one PDF with every tracking number (A4 and 10x15)', async () => {
    const orders = [];
    for (let i = 0; i < 20; i++)
      orders.push(await carrierOrder(i % 2 === 0 ? 'correo-argentino' : 'andreani', i % 3 === 0 ? 'branch' : 'door'));
    const numbers: string[] = [];
    for (const order of orders) {
      const res = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      numbers.push(res.body.shipment.trackingNumber);
    }
    for (const format of ['a4', '10x15'] as const) {
      const res = await fetch(`${shop.url}/api/shipments/labels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ orderIds: orders.map((o) => o.id), format }),
      });
      const text = await pdfText(res);
      for (const number of numbers) expect(text).toContain(number);
      // The carriers' own labels (their barcodes), each naming the shop's order.
      for (const order of orders) expect(text).toContain(order.orderNumber);
      expect(text).toContain(format === 'a4' ? '-- 5 of 5 --' : '-- 20 of 20 --');
    }
  });

  it("one order's label: the carrier's own on a 10 × 15 page or as given, or the shop's summary", async () => {
    const order = await carrierOrder('andreani', 'door');
    const { body } = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    const auth = { headers: { authorization: `Bearer ${owner}` } };
    expect(await pdfText(await fetch(`${shop.url}${body.shipment.labelUrl}?format=10x15`, auth))).toContain(body.shipment.trackingNumber);
    expect(await pdfText(await fetch(`${shop.url}${body.shipment.labelUrl}?format=carrier`, auth))).toContain(body.shipment.trackingNumber);
    const summary = await pdfText(await fetch(`${shop.url}${body.shipment.labelUrl}?format=summary`, auth));
    expect(summary).toContain('DESTINATARIO');
    expect(summary).toContain(body.shipment.trackingNumber);
  });

  it('an order without a shipment is a 409 naming it; junk is a Spanish 400', async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    const res = await asOwner('/shipments/labels', { body: { orderIds: [order.id], format: 'a4' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SHIPMENT_MSG.missing(order.orderNumber));
    for (const body of [
      {},
      { orderIds: [] },
      { orderIds: Array.from({ length: 51 }, (_, i) => `x${i}`) },
      { orderIds: [order.id], format: 'a3' },
      { orderIds: [{ $gt: '' }] },
      { orderIds: 'todo' },
      { orderIds: [order.id], extra: 1 },
      [order.id],
    ]) {
      const bad = await asOwner('/shipments/labels', { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toMatch(/[a-záéíóúñ]/i);
      expect(bad.body.message).not.toMatch(/expected|invalid input/i);
    }
    const format = await fetch(`${shop.url}/api/orders/${order.id}/shipment/label?format=a3`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(format.status).toBe(400);
  });
});

describe('cancel and dispatch', () => {
  it('cancels at the carrier while it is a label; then a new shipment can be made', async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    const created = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    const res = await asOwner(`/orders/${order.id}/shipment`, { method: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shipment.status).toBe('cancelled');
    const state = await (await fetch(`${correo.url}/__control/state`)).json();
    expect(
      state.shipments.find((s: { trackingNumber: string }) => s.trackingNumber === created.body.shipment.trackingNumber).cancelled,
    ).toBe(true);
    const labels = await asOwner('/shipments/labels', { body: { orderIds: [order.id] } });
    expect(labels.status).toBe(409);
    const again = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body.shipment.trackingNumber).not.toBe(created.body.shipment.trackingNumber);
  });

  it('the carrier refuses once it admitted the parcel: 409 in Spanish, nothing changed', async () => {
    const order = await carrierOrder('andreani', 'door');
    const created = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    await advance(andreani, created.body.shipment.trackingNumber, 'admitted');
    const res = await asOwner(`/orders/${order.id}/shipment`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SHIPMENT_MSG.carrierRefusedCancel);
    expect((await asOwner(`/orders/${order.id}/shipment`)).body.shipment.status).toBe('created');
  });

  it('"Despachado" makes the order shipped (history, e-mail with carrier and number); a dispatched one is not cancelled', async () => {
    const order = await carrierOrder('correo-argentino', 'branch');
    const created = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    const res = await asOwner(`/orders/${order.id}/shipment/dispatch`, { method: 'POST' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shipment.status).toBe('dispatched');
    const read = await asOwner(`/orders/${order.id}`);
    expect(read.body.order.fulfillment).toBe('shipped');
    const history = await asOwner(`/orders/${order.id}/history`);
    expect(history.body.history.some((e: { step?: string }) => e.step === 'shipped')).toBe(true);
    const knex = knexOn(database.env);
    try {
      const shipped = await knex('email_outboxes').where({ order_document_id: order.id, kind: 'order_shipped' }).first('text');
      expect(shipped?.text).toContain(created.body.shipment.trackingNumber);
      expect(shipped?.text).toContain('Correo Argentino');
    } finally {
      await knex.destroy();
    }
    const again = await asOwner(`/orders/${order.id}/shipment/dispatch`, { method: 'POST' });
    expect(again.status).toBe(200);
    const cancel = await asOwner(`/orders/${order.id}/shipment`, { method: 'DELETE' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(SHIPMENT_MSG.notCancellable);
  });

  it('a tracking poll the carrier answers after "Despachado" does not take the shipment back to its label', async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    const created = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    const number = created.body.shipment.trackingNumber as string;
    const knex = knexOn(database.env);
    const rowOf = () => knex('shipments').where('tracking_number', number).first('shipment_status', 'last_polled_at', 'updated_at');
    try {
      // Every other shipment polled just now, this one due: the sweep (every second here) asks Correo about it alone.
      await knex('shipments').whereNot('tracking_number', number).update({ last_polled_at: new Date() });
      await carrierMode(correo, 'slow', 3_000);
      const due = new Date(Date.now() - 120_000);
      await knex('shipments').where('tracking_number', number).update({ last_polled_at: due });
      await waitFor('the sweep to claim the poll', rowOf, (row) => new Date(row.last_polled_at) > due, { timeoutMs: 20_000, everyMs: 100 });
      const dispatched = await asOwner(`/orders/${order.id}/shipment/dispatch`, { method: 'POST' });
      expect(dispatched.body.shipment.status).toBe('dispatched');
      const after = new Date((await rowOf()).updated_at).getTime();
      // The poll's own write (its events) lands after Correo's late answer.
      await waitFor('the poll to write', rowOf, (row) => new Date(row.updated_at).getTime() > after, { timeoutMs: 20_000, everyMs: 100 });
      expect((await rowOf()).shipment_status).toBe('dispatched');
    } finally {
      await carrierMode(correo, 'ok');
      await knex.destroy();
    }
    expect((await asOwner(`/orders/${order.id}/shipment`)).body.shipment.status).toBe('dispatched');
  });
});

describe('tracking', () => {
  it('the shopper follows it: carrier, number with link, Spanish events; delivered makes the order delivered', async () => {
    const order = await carrierOrder('andreani', 'door');
    const { body } = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    const number = body.shipment.trackingNumber;
    await asOwner(`/orders/${order.id}/shipment/dispatch`, { method: 'POST' });
    await advance(andreani, number, 'admitted');
    await advance(andreani, number, 'in_transit');
    await advance(andreani, number, 'delivered');
    // The sweep may have asked right after the label was made: a minute later, the page (or the sweep) asks again.
    await aMinuteSinceLastPoll(number);
    await expect.poll(async () => descriptionsOf(await track(order.orderNumber))[0], { timeout: 20_000 }).toMatch(/^Entregado/);
    const res = await track(order.orderNumber);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.shipment).toMatchObject({
      carrier: 'andreani',
      carrierName: 'Andreani',
      trackingNumber: number,
      status: 'delivered',
    });
    expect(res.body.order.shipment.trackingUrl).toContain(number);
    const descriptions = res.body.order.shipment.events.map((e: { description: string }) => e.description);
    expect(descriptions[0]).toMatch(/^Entregado/);
    expect(descriptions).toContain('En distribución (Neuquén)');
    expect(res.body.order.fulfillment).toBe('delivered');
    // Her "delivered" e-mail names the carrier, links the tracking and lists the carrier's latest steps.
    const knex = knexOn(database.env);
    try {
      const mail = await knex('email_outboxes').where({ order_document_id: order.id, kind: 'order_delivered' }).first('text', 'html');
      expect(mail?.text).toContain('En distribución (Neuquén)');
      expect(mail?.text).toContain(`Seguilo en Andreani: ${res.body.order.shipment.trackingUrl}`);
      expect(mail?.html).toContain(`href="${res.body.order.shipment.trackingUrl}"`);
    } finally {
      await knex.destroy();
    }
    // Without the contact, the summary carries no shipment.
    const summary = await call(`/orders/by-number/${order.orderNumber}`);
    expect(summary.body.order.shipment).toBeUndefined();
  });

  it('the carrier is asked at most once a minute per order, however often the tracking page is opened', async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    const { body } = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    const number = body.shipment.trackingNumber;
    const asked = async () =>
      (await (await fetch(`${correo.url}/__control/state`)).json()).calls.filter(
        (c: { path: string; query: { shippingId?: string } }) => c.path === '/shipping/tracking' && c.query.shippingId === number,
      ).length;
    await advance(correo, number, 'admitted');
    // Polled two minutes ago: the page (or the sweep, whichever claims it first) asks now, once.
    await aMinuteSinceLastPoll(number);
    const before = await asked();
    await expect
      .poll(async () => descriptionsOf(await track(order.orderNumber)), { timeout: 20_000 })
      .toContain('Correo Argentino recibió el paquete (CTP Neuquén)');
    // The carrier admitted it: the order is shipped without anyone marking it.
    expect((await track(order.orderNumber)).body.order.fulfillment).toBe('shipped');
    await Promise.all(Array.from({ length: 4 }, () => track(order.orderNumber)));
    for (let i = 0; i < 4; i++) await track(order.orderNumber);
    expect((await asked()) - before).toBe(1);
  });

  it('the sweep polls open shipments on its own: delivered without anyone looking', async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    const { body } = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    await advance(correo, body.shipment.trackingNumber, 'admitted');
    await advance(correo, body.shipment.trackingNumber, 'delivered');
    await aMinuteSinceLastPoll(body.shipment.trackingNumber);
    let fulfillment = '';
    for (let i = 0; i < 40 && fulfillment !== 'delivered'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      fulfillment = (await asOwner(`/orders/${order.id}`)).body.order.fulfillment;
    }
    expect(fulfillment).toBe('delivered');
    const shipment = (await asOwner(`/orders/${order.id}/shipment`)).body.shipment;
    expect(shipment.status).toBe('delivered');
    expect(shipment.lastPolledAt).not.toBeNull();
  });
});

describe('a cancelled order', () => {
  it('has its shipment cancelled at the carrier as it is cancelled, while it is only a label', async () => {
    const order = await carrierOrder('andreani', 'door');
    const { body } = await asOwner(`/orders/${order.id}/shipment`, { method: 'POST' });
    const cancelled = await asOwner(`/orders/${order.id}/status`, { method: 'PUT', body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    let status = '';
    for (let i = 0; i < 40 && status !== 'cancelled'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await asOwner(`/orders/${order.id}/shipment`)).body.shipment.status;
    }
    expect(status).toBe('cancelled');
    const state = await (await fetch(`${andreani.url}/__control/state`)).json();
    expect(state.shipments.find((s: { numeroDeEnvio: string }) => s.numeroDeEnvio === body.shipment.trackingNumber).cancelled).toBe(true);
  });
});

describe('who may do what', () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await carrierOrder('andreani', 'door')).id;
  });

  it('no token, a garbage token, the catalogue role: refused; sales may (orders.manage)', async () => {
    const catalog = await inviteStaff(owner, 'catalog', shop.url);
    const sales = await inviteStaff(owner, 'sales', shop.url);
    const routes: [string, string, unknown?][] = [
      ['POST', `/orders/${orderId}/shipment`],
      ['GET', `/orders/${orderId}/shipment`],
      ['DELETE', `/orders/${orderId}/shipment`],
      ['POST', `/orders/${orderId}/shipment/dispatch`],
      ['GET', `/orders/${orderId}/shipment/label`],
      ['POST', '/shipments/labels', { orderIds: [orderId] }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, token: GARBAGE_TOKEN })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, token: catalog })).status, `${method} ${path}`).toBe(403);
    }
    const made = await call(`/orders/${orderId}/shipment`, { method: 'POST', token: sales });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const read = await call(`/orders/${orderId}/shipment`, { token: sales });
    expect(read.body.shipment.trackingNumber).toBe(made.body.shipment.trackingNumber);
  });

  it('junk ids are refused without reaching a carrier', async () => {
    // The sweep keeps asking for tracking meanwhile: only new shipments count.
    const created = async () =>
      (await (await fetch(`${andreani.url}/__control/state`)).json()).calls.filter(
        (c: { path: string }) => c.path === '/v2/ordenes-de-envio',
      ).length;
    const before = await created();
    for (const id of ['%00', 'a'.repeat(300), "x' OR 1=1 --", '..%2F..%2Fetc'])
      expect([400, 404]).toContain((await asOwner(`/orders/${id}/shipment`, { method: 'POST' })).status);
    expect(await created()).toBe(before);
  });
});

describe("a withdrawal's return shipment (the goods collected at the shop's expense)", () => {
  const RETURN_ADDRESS = {
    street: 'Av. Argentina',
    number: '100',
    locality: 'Neuquén',
    province: 'AR-Q',
    postalCode: '8300',
    phone: '+54 9 299 555-0000',
  };
  /** Her withdrawal of a national order (the botón de arrepentimiento), and its id in the back office. */
  async function withdrawalOf(orderNumber: string): Promise<{ id: string; code: string }> {
    const res = await call('/withdrawals', { body: { orderNumber, contact: SHOPPER.email } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = withdrawalListAnswerSchema.parse((await asOwner('/withdrawals')).body);
    const row = list.withdrawals.find((w) => w.code === res.body.code);
    expect(row?.byCarrier).toBe(true);
    return { id: row!.id, code: res.body.code };
  }
  const makeReturn = (id: string, token = owner) => call(`/withdrawals/${id}/return-shipment`, { method: 'POST', token });
  const importsOf = async (code: string) =>
    (await (await fetch(`${correo.url}/__control/state`)).json()).calls.filter(
      (c: { path: string; body?: { extOrderId?: string } }) => c.path === '/shipping/import' && c.body?.extOrderId === code,
    );

  it("Correo Argentino: from her address to the shop's, once; the pickup is arranged and she reads the number", async () => {
    const order = await carrierOrder('correo-argentino', 'door');
    const { id, code } = await withdrawalOf(order.orderNumber);
    // Without the shop's return address there is nowhere to send it: a Spanish 409, nothing asked of the carrier.
    const cleared = await asOwner('/shipping/settings', { method: 'PUT', body: { returnAddress: null } });
    expect(cleared.body.returnAddress).toBeNull();
    const noAddress = await makeReturn(id);
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.message).toBe(WITHDRAWAL_MESSAGES.returnNoAddress);
    expect(await importsOf(code)).toHaveLength(0);
    const saved = await asOwner('/shipping/settings', { method: 'PUT', body: { returnAddress: RETURN_ADDRESS } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.returnAddress).toMatchObject({ street: 'Av. Argentina', postalCode: '8300' });

    const made = await makeReturn(id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { withdrawal } = staffWithdrawalAnswerSchema.parse(made.body);
    expect(withdrawal.status).toBe('pickup_arranged');
    expect(withdrawal.returnShipment).toMatchObject({ carrier: 'correo-argentino', carrierName: 'Correo Argentino' });
    const number = withdrawal.returnShipment!.trackingNumber;
    expect(number).toMatch(/^CP\d+AR$/);
    // The carrier was told: from her address (the order's), to the shop's return address, the shop's account.
    const [sent, ...more] = await importsOf(code);
    expect(more).toHaveLength(0);
    expect(sent.body.customerId).toBe(CORREO.customerId);
    expect(sent.body.sender).toMatchObject({
      name: SHOPPER.fullName,
      originAddress: { streetName: 'Av. Colón', postalCode: '5000', provinceCode: 'X' },
    });
    expect(sent.body.shipping).toMatchObject({
      deliveryType: 'D',
      address: { streetName: 'Av. Argentina', postalCode: '8300', provinceCode: 'Q' },
    });
    // Again (a second click): the same shipment, the carrier not asked again.
    const again = await makeReturn(id);
    expect(again.body.withdrawal.returnShipment.trackingNumber).toBe(number);
    expect(await importsOf(code)).toHaveLength(1);
    // The label is the carrier's own PDF; she reads the carrier and the number with her code, and in her e-mail.
    const label = await fetch(`${shop.url}/api/withdrawals/${id}/return-shipment/label`, { headers: { authorization: `Bearer ${owner}` } });
    expect(await pdfText(label)).toContain(number);
    const hers = await call(`/withdrawals/${code}?contact=${encodeURIComponent(SHOPPER.email)}`);
    expect(hers.body.returnShipment).toMatchObject({ carrierName: 'Correo Argentino', trackingNumber: number });
    const knex = knexOn(database.env);
    try {
      const mails = await knex('email_outboxes').where({ order_document_id: order.id, kind: 'withdrawal_changed' }).select('text');
      expect(mails.map((m: { text: string }) => m.text).join('\n')).toContain(WITHDRAWAL_MESSAGES.returnPickup('Correo Argentino', number));
    } finally {
      await knex.destroy();
    }
    const history = await asOwner(`/orders/${order.id}/history`);
    expect(JSON.stringify(history.body)).toContain(`envío de devolución por Correo Argentino, seguimiento ${number}`);
  });

  it('Andreani collects at her door; a carrier down leaves nothing and the next click makes it; once the goods are back, no new one', async () => {
    await asOwner('/shipping/settings', { method: 'PUT', body: { returnAddress: RETURN_ADDRESS } });
    const order = await carrierOrder('andreani', 'door');
    const { id, code } = await withdrawalOf(order.orderNumber);
    await carrierMode(andreani, 'down');
    try {
      const down = await makeReturn(id);
      expect(down.status).toBe(503);
      expect(down.body.message).toBe('Andreani no está disponible en este momento');
    } finally {
      await carrierMode(andreani, 'ok');
    }
    const made = await makeReturn(id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.withdrawal.returnShipment.trackingNumber).toMatch(/^\d{15}$/);
    const state = await (await fetch(`${andreani.url}/__control/state`)).json();
    const created = state.calls.filter(
      (c: { path: string; body?: { idPedido?: string } }) => c.path === '/v2/ordenes-de-envio' && c.body?.idPedido === code,
    );
    expect(created.at(-1).body).toMatchObject({
      contrato: ANDREANI.contract,
      origen: { postal: { calle: 'Av. Colón', numero: '1234', codigoPostal: '5000', localidad: 'Córdoba' } },
      destino: { postal: { calle: 'Av. Argentina', codigoPostal: '8300' } },
    });

    // A request whose goods are already back in the shop gets no return shipment.
    const other = await carrierOrder('andreani', 'door');
    const second = await withdrawalOf(other.orderNumber);
    for (const status of ['pickup_arranged', 'received_in_store'])
      expect((await asOwner(`/withdrawals/${second.id}`, { method: 'PUT', body: { status } })).status).toBe(200);
    const late = await makeReturn(second.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(WITHDRAWAL_MESSAGES.returnStep);
    const noLabel = await asOwner(`/withdrawals/${second.id}/return-shipment/label`);
    expect(noLabel.status).toBe(409);
    expect(noLabel.body.message).toBe(WITHDRAWAL_MESSAGES.returnNone);
  });

  it("an order picked up in Neuquén is not the carrier's: a Spanish 409, and its row says so", async () => {
    const pickup = await call('/orders', { body: orderBody([{ productId, quantity: 1 }]) });
    expect(pickup.status).toBe(201);
    await asOwner(`/orders/${pickup.body.order._id}/status`, { method: 'PUT', body: { status: 'paid' } });
    const res = await call('/withdrawals', { body: { orderNumber: pickup.body.order.orderNumber, contact: SHOPPER.email } });
    const row = withdrawalListAnswerSchema.parse((await asOwner('/withdrawals')).body).withdrawals.find((w) => w.code === res.body.code)!;
    expect(row.byCarrier).toBe(false);
    const refused = await makeReturn(row.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WITHDRAWAL_MESSAGES.returnNotCarrier);
  });

  it('no token, a garbage token, the catalogue role: refused; sales may (returns.manage); junk ids never reach a carrier', async () => {
    await asOwner('/shipping/settings', { method: 'PUT', body: { returnAddress: RETURN_ADDRESS } });
    const order = await carrierOrder('correo-argentino', 'door');
    const { id, code } = await withdrawalOf(order.orderNumber);
    const catalog = await inviteStaff(owner, 'catalog', shop.url);
    const sales = await inviteStaff(owner, 'sales', shop.url);
    for (const [method, path] of [
      ['POST', `/withdrawals/${id}/return-shipment`],
      ['GET', `/withdrawals/${id}/return-shipment/label`],
    ] as const) {
      expect((await call(path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, token: GARBAGE_TOKEN })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, token: catalog })).status, `${method} ${path}`).toBe(403);
    }
    expect(await importsOf(code)).toHaveLength(0);
    const made = await makeReturn(id, sales);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    for (const junk of ['%00', 'a'.repeat(300), "x' OR 1=1 --", '..%2F..%2Fetc']) {
      expect([400, 404]).toContain((await makeReturn(junk)).status);
      expect([400, 404]).toContain((await asOwner(`/withdrawals/${junk}/return-shipment/label`)).status);
    }
    // A return address that is not one: Spanish 400s, nothing stored.
    for (const returnAddress of [
      { ...RETURN_ADDRESS, postalCode: 'ABC' },
      { ...RETURN_ADDRESS, phone: 'x' },
      'Av. Argentina 100',
      { street: '' },
    ]) {
      const res = await asOwner('/shipping/settings', { method: 'PUT', body: { returnAddress } });
      expect(res.status, JSON.stringify(returnAddress)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await asOwner('/shipping/settings')).body.returnAddress).toMatchObject({ postalCode: '8300' });
  });
});
