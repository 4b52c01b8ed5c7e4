import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WHATSAPP_TEMPLATES, MSG, type Order, type OrderEvent, type SiteContent } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { expectAdminOnly } from '../helpers/auth-matrix';
import { NUL_TEXT } from '../helpers/junk';
import { createProduct, orderBody, extraStrapi, uploadProof, type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';

// The transfer proofs queue: the staff order list oldest first, approving (paid) and rejecting with a reason (back to
// waiting for the proof, the reason kept in the history). Orders are placed on a second process with raised limits.
let shop: ShopHandle;
let product: TestProduct;
let originalContent: SiteContent | undefined;
const placedIds: string[] = [];

const QUEUE = '/orders?status=pending_transfer_confirmation&limit=100';

async function placeTransferWithProof(): Promise<Order> {
  const proof = await uploadProof(shop.url);
  const res = await api<{ order: Order }>('/orders', {
    body: orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer', transferProofUrl: proof }),
    baseUrl: shop.url,
  });
  if (res.status !== 201) throw new Error(`order refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order;
}

async function asStaff(path: string, body?: unknown, method = body === undefined ? 'GET' : 'PUT') {
  return api(path, { method, body, token: await adminToken() });
}

/** Ids of the list, keeping only the orders this file placed. */
const ours = (orders: Order[]) => orders.map((o) => o._id).filter((id) => placedIds.includes(id));

beforeAll(async () => {
  shop = await extraStrapi();
  product = await createProduct({ stock: 50, title: 'Conjunto Comprobantes' });
  for (let i = 0; i < 3; i += 1) placedIds.push((await placeTransferWithProof())._id);
  const content = await api('/content');
  originalContent = content.body.content;
});

afterAll(async () => {
  if (originalContent) await api('/content', { method: 'PUT', body: originalContent, token: await adminToken() });
  await shop?.stop();
});

describe('GET /orders sort', () => {
  it('answers oldest first with sort=createdAt:asc, newest first by default and with createdAt:desc', async () => {
    const asc = await asStaff(`${QUEUE}&sort=createdAt:asc`);
    expect(asc.status).toBe(200);
    expect(ours(asc.body.orders)).toEqual(placedIds);
    const times = asc.body.orders.map((o: Order) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(asc.body.orders.every((o: Order) => o.status === 'pending_transfer_confirmation')).toBe(true);

    const byDefault = await asStaff(QUEUE);
    expect(ours(byDefault.body.orders)).toEqual([...placedIds].reverse());
    const desc = await asStaff(`${QUEUE}&sort=createdAt:desc`);
    expect(ours(desc.body.orders)).toEqual([...placedIds].reverse());
    expect(asc.body.totalOrders).toBe(desc.body.totalOrders);
  });

  it('pages oldest first', async () => {
    const all = await asStaff(`${QUEUE}&sort=createdAt:asc`);
    const first = await asStaff('/orders?status=pending_transfer_confirmation&limit=1&page=1&sort=createdAt:asc');
    const second = await asStaff('/orders?status=pending_transfer_confirmation&limit=1&page=2&sort=createdAt:asc');
    expect(first.body.orders[0]._id).toBe(all.body.orders[0]._id);
    expect(second.body.orders[0]._id).toBe(all.body.orders[1]._id);
  });

  it.each([
    ['an unknown field', 'total:asc'],
    ['a wrong direction', 'createdAt:up'],
    ['an overlong value', 'createdAt:asc'.repeat(40)],
    ['SQL', 'createdAt:asc; DROP TABLE orders'],
  ])('refuses %s with a Spanish 400', async (_kind, value) => {
    const res = await asStaff(`/orders?sort=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.proofs.sortInvalid);
  });

  it('refuses a NUL byte in the sort with a 4xx and a message, never a 500', async () => {
    const res = await asStaff(`/orders?sort=${encodeURIComponent(NUL_TEXT)}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('is for staff only, with the sort as with anything else', async () => {
    await expectAdminOnly('GET', '/orders?sort=createdAt:asc&status=pending_transfer_confirmation');
  });
});

describe('approving and rejecting a proof', () => {
  it('a rejection returns the order to pending_transfer_proof and keeps the reason in the history', async () => {
    const id = placedIds[0] as string;
    const reason = 'El monto transferido no coincide con el total';
    const res = await asStaff(`/orders/${id}/status`, { status: 'pending_transfer_proof', reason });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('pending_transfer_proof');
    const history = await asStaff(`/orders/${id}/history`);
    const last: OrderEvent = history.body.history.at(-1);
    expect(last).toMatchObject({ from: 'pending_transfer_confirmation', to: 'pending_transfer_proof', note: reason });
    expect(last.by.kind).toBe('staff');
    // It left the queue.
    expect(ours((await asStaff(`${QUEUE}&sort=createdAt:asc`)).body.orders)).not.toContain(id);
  });

  it('an approval marks the order paid', async () => {
    const id = placedIds[1] as string;
    const res = await asStaff(`/orders/${id}/status`, { status: 'paid' });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('paid');
    expect(res.body.order.paidAt).not.toBeNull();
  });

  it.each([
    ['a reason over 300 characters', 'x'.repeat(301)],
    ['a reason with a NUL byte', NUL_TEXT],
    ['a reason that is a number', 42],
    ['a reason that is an object', { motivo: 'x' }],
  ])('refuses %s with a Spanish 400 and changes nothing', async (_kind, reason) => {
    const id = placedIds[2] as string;
    const res = await asStaff(`/orders/${id}/status`, { status: 'pending_transfer_proof', reason });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect((await asStaff(`/orders/${id}`)).body.order.status).toBe('pending_transfer_confirmation');
  });

  it('the status change stays staff only', async () => {
    await expectAdminOnly('PUT', `/orders/${placedIds[2]}/status`, { status: 'pending_transfer_proof', reason: 'x' });
  });
});

describe('WhatsApp templates in site content', () => {
  it('are served with their defaults and saved when staff edit them', async () => {
    const before = await api('/content');
    expect(Object.keys(before.body.content.whatsapp).sort()).toEqual(Object.keys(DEFAULT_WHATSAPP_TEMPLATES).sort());
    const edited = structuredClone(before.body.content);
    edited.whatsapp.paid = 'Hola {nombre}, recibimos el pago del pedido #{pedido} ({total}).';
    expect((await asStaff('/content', edited)).status).toBe(200);
    expect((await api('/content')).body.content.whatsapp.paid).toBe(edited.whatsapp.paid);
  });
});
