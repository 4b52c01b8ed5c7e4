import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { adminToken, api, expectMessage } from '../helpers/api';
import { createProduct, SHOPPER } from '../helpers/orders';
import { documentPath, panel, panelToken } from '../helpers/panel';

/**
 * The back office's order search (`GET /orders?search=`) through its index (trigram GIN indexes on PostgreSQL, an
 * FTS5 trigram table kept by triggers on SQLite): the same orders a scan would find, whatever wrote the contact.
 */

const ORDER = 'api::order.order';
const tag = randomBytes(3).toString('hex');
let owner: string;
let zulema: Order;
let ana: Order;

/** A sale taken by staff (the shared shop's public order limit belongs to the files that test it). */
async function place(productId: string, shippingInfo: Record<string, string>): Promise<Order> {
  const res = await api('/orders/manual', {
    token: owner,
    body: {
      items: [{ productId, quantity: 1, size: 'M', color: 'Negro' }],
      paymentMethod: 'cash',
      deliveryType: 'store',
      channel: 'whatsapp',
      shippingInfo: { fullName: SHOPPER.fullName, ...shippingInfo },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as Order;
}

async function found(term: string): Promise<string[]> {
  const res = await api(`/orders?search=${encodeURIComponent(term)}&limit=100`, { token: owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.orders as Order[]).map((o) => o._id);
}

beforeAll(async () => {
  owner = await adminToken();
  const product = await createProduct({ stock: 10 });
  zulema = await place(product._id, {
    fullName: `Zulema Quiroga Ñandú ${tag}`,
    email: `zulema.${tag}+tienda@correo.com.ar`,
    phone: '+54 9 299 611-2233',
  });
  ana = await place(product._id, { fullName: `Ana Beltrán ${tag}`, email: `ana.${tag}@example.com`, phone: '+54 9 299 700-4455' });
});

describe('the orders search', () => {
  it('finds an order by any part of the name (any case, accents), the e-mail, the phone and the number', async () => {
    expect(await found(`zulema quiroga`)).toContain(zulema._id);
    expect(await found(`QUIROGA ñandú ${tag}`)).toEqual([zulema._id]);
    expect(await found(`beltrán ${tag}`)).toEqual([ana._id]);
    expect(await found(`${tag}+tienda@correo`)).toEqual([zulema._id]);
    expect(await found('611-2233')).toContain(zulema._id);
    expect(await found(zulema.orderNumber)).toEqual([zulema._id]);
    expect(await found(zulema.orderNumber.toLowerCase())).toEqual([zulema._id]);
    // Part of a number (its day and counter, as read out on the phone): the numbers' own index.
    expect(await found(zulema.orderNumber.split('-').slice(1).join('-'))).toContain(zulema._id);
    // Shorter than the index's three characters: the scan still answers.
    const short = await found(tag.slice(0, 2));
    expect(short).toEqual(expect.arrayContaining([zulema._id, ana._id]));
    expect(await found(`nadie-${tag}`)).toEqual([]);
  });

  it('counts what it finds, alone and with other filters, and pages through it', async () => {
    const page = async (query: string) => {
      const res = await api(`/orders?search=${tag}&${query}`, { token: owner });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { orders: Order[]; totalOrders: number; totalPages: number };
    };
    const first = await page('limit=1');
    expect(first).toMatchObject({ totalOrders: 2, totalPages: 2 });
    const second = await page('limit=1&page=2');
    expect(second.totalOrders).toBe(2);
    expect([...first.orders, ...second.orders].map((o) => o._id).sort()).toEqual([zulema._id, ana._id].sort());
    expect((await page('limit=5&channel=whatsapp')).totalOrders).toBe(2);
    expect(await page('limit=5&status=paid')).toMatchObject({ orders: [], totalOrders: 0 });
  });

  it('follows a contact edited in Strapi’s panel', async () => {
    const token = await panelToken();
    const path = documentPath(ORDER, zulema._id);
    const form = await panel(path, { token });
    expect(form.status).toBe(200);
    const shippingInfo = { ...(form.body.data.shippingInfo as Record<string, unknown>), fullName: `Zulema Paredes ${tag}` };
    const saved = await panel(path, { token, method: 'PUT', body: { ...form.body.data, shippingInfo } });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    expect(await found(`paredes ${tag}`)).toEqual([zulema._id]);
    expect(await found(`quiroga ñandú ${tag}`)).toEqual([]);
  });

  it('takes LIKE and full-text syntax literally, and refuses an overlong text in Spanish', async () => {
    for (const junk of ['%', '_', '\\', '"', `"${tag}" OR *`, `${tag}%`, 'NEAR(a b)', '\u00e9\u0301']) {
      const res = await api(`/orders?search=${encodeURIComponent(junk)}&limit=5`, { token: owner });
      expect(res.status, junk).toBe(200);
    }
    expect(await found(`%${tag}`)).toEqual([]);
    expectMessage(await api(`/orders?search=${'a'.repeat(101)}`, { token: owner }), 400, 'La búsqueda no puede superar 100 caracteres');
    expect((await api(`/orders?search=${tag}`)).status).toBe(401);
  });
});
