import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { customerDetailAnswerSchema, customerIdOf, customerListAnswerSchema, type CustomerSummary } from '@shop/shared';
import { adminTokenAt, api, type CallOptions } from '../helpers/api';
import { expectAdminOnly } from '../helpers/auth-matrix';
import { knexOn } from '../helpers/database';
import { createProduct, orderBody, SHOPPER, staffSaleBody, type TestProduct } from '../helpers/orders';
import { inviteStaff } from '../helpers/staff';
import { createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * The customers list (GET /customers, /customers/{id}, /customers/export.csv): one row per shopper joined by e-mail
 * (Gmail dots and +tags as one) or else by phone, totals without cancelled orders, search/sort/paging in the
 * database, the permission matrix, junk queries, formula-safe CSV, and the start-up back-fill of older orders. Its
 * own shop on a fresh database (so the counts are exact), restarted once.
 */
let database: TestDatabase;
let shop: RunningStrapi;
let owner: string;
let sales: string;
let catalog: string;
let product: TestProduct;

const ENV = { RATE_LIMIT_ORDERS_MAX: '100000' };
const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, token: owner, ...options });

async function place(contact: { fullName: string; email: string; phone: string }, quantity = 1): Promise<string> {
  const body = orderBody([{ productId: product._id, quantity }], { shippingInfo: { ...SHOPPER, ...contact } });
  const res = await api('/orders', { baseUrl: shop.url, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order._id as string;
}
async function setStatus(id: string, status: string): Promise<void> {
  const res = await call(`/orders/${id}/status`, { method: 'PUT', body: { status } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function list(query = ''): Promise<{ customers: CustomerSummary[]; total: number }> {
  const res = await call(`/customers${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return customerListAnswerSchema.parse(res.body);
}
const byEmail = (customers: CustomerSummary[], email: string) => customers.find((c) => c.email === email);

const ANA = { fullName: 'Ana Pérez', phone: '+54 9 299 555-1001' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  shop = await startStrapi(database, ENV);
  owner = await adminTokenAt(shop.url);
  product = await createProduct({ stock: 500, price: 10000 }, { baseUrl: shop.url, token: owner });

  // Ana: three Gmail spellings of one address; the cancelled order does not count as spent.
  ids.ana1 = await place({ ...ANA, email: 'ana.perez@gmail.com' });
  ids.ana2 = await place({ ...ANA, email: 'AnaPerez+promo@gmail.com' }, 2);
  ids.ana3 = await place({ ...ANA, fullName: 'Ana P.', email: 'a.n.a.perez@gmail.com' });
  await setStatus(ids.ana1, 'paid');
  await setStatus(ids.ana3, 'cancelled');
  // Bea: three spellings of one phone, later turned into phone-only orders (a sale taken by staff).
  ids.bea1 = await place({ fullName: 'Beatriz Sosa', email: 'b1@example.com', phone: '+54 9 299 444-2002' });
  ids.bea2 = await place({ fullName: 'Beatriz Sosa', email: 'b2@example.com', phone: '0299 15 444-2002' });
  ids.bea3 = await place({ fullName: 'Bea Sosa', email: 'b3@example.com', phone: '299 444 2002' }, 3);
  // Carla: a web order, and a phone-only sale to the same phone written another way.
  ids.carla1 = await place({ fullName: 'Carla Ruiz', email: 'carla@example.com', phone: '299 333 3003' });
  ids.carla2 = await place({ fullName: 'Carla Ruiz', email: 'otra@example.com', phone: '0299 15 333-3003' });
  await shop.stop();

  // Back to orders from before customers: no key; Bea's and Carla's second order without an e-mail.
  const db = knexOn(database.env);
  try {
    await db('orders').update({ customer_key: null, customer_phone: null });
    const noEmail = [ids.bea1, ids.bea2, ids.bea3, ids.carla2];
    const rows: { cmp_id: number }[] = await db('orders_cmps')
      .join('orders', 'orders.id', 'orders_cmps.entity_id')
      .whereIn('orders.document_id', noEmail)
      .where('orders_cmps.field', 'shippingInfo')
      .select('orders_cmps.cmp_id');
    await db('components_order_shipping_infos')
      .whereIn(
        'id',
        rows.map((r) => r.cmp_id),
      )
      .update({ email: '' });
    // A name that a spreadsheet would run as a formula, on Carla's latest order (the name shown).
    const carla: { cmp_id: number } = await db('orders_cmps')
      .join('orders', 'orders.id', 'orders_cmps.entity_id')
      .where('orders.document_id', ids.carla2)
      .where('orders_cmps.field', 'shippingInfo')
      .first('orders_cmps.cmp_id');
    await db('components_order_shipping_infos').where('id', carla.cmp_id).update({ full_name: '=HYPERLINK("http://x.test")' });
  } finally {
    await db.destroy();
  }
  shop = await startStrapi(database, ENV);
  owner = await adminTokenAt(shop.url);
  sales = await inviteStaff(owner, 'sales', shop.url);
  catalog = await inviteStaff(owner, 'catalog', shop.url);
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

describe('customers', () => {
  it('back-fills older orders at start and joins Gmail variants, phone variants and a phone-only sale', async () => {
    const { customers, total } = await list('?pageSize=100');
    expect(total).toBe(3);
    const ana = byEmail(customers, 'a.n.a.perez@gmail.com');
    expect(ana).toMatchObject({ name: 'Ana P.', orders: 3, totalSpent: 30000, channels: ['web'] });
    const bea = customers.find((c) => c.phone === '299 444 2002');
    expect(bea).toMatchObject({ name: 'Bea Sosa', email: null, orders: 3, totalSpent: 50000 });
    expect(bea?.id).toBe(customerIdOf('p:5492994442002'));
    // Carla's phone-only sale joined her web order through the phone; the name shown is her latest order's.
    const carla = customers.find((c) => c.id === customerIdOf('e:carla@example.com'));
    expect(carla).toMatchObject({ orders: 2, totalSpent: 20000, phone: '0299 15 333-3003', email: 'carla@example.com' });
  });

  it('writes the customer when an order is placed (the insert path)', async () => {
    ids.ana4 = await place({ ...ANA, email: 'ANA.PEREZ+otra@googlemail.com' });
    const ana = (await list('?search=perez')).customers;
    expect(ana).toHaveLength(1);
    expect(ana[0]).toMatchObject({ orders: 4, totalSpent: 40000 });
  });

  it('a web order with an e-mail takes over the phone-only sales of its phone (the insert path, in its statement)', async () => {
    const phoneOnly = customerIdOf('p:5492997777007');
    const body = staffSaleBody(product, 'whatsapp', { shippingInfo: { fullName: 'Dora Gil', phone: '299 777 7007' } });
    const sale = await call('/orders/manual', { method: 'POST', body });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect((await list('?pageSize=100')).customers.find((c) => c.id === phoneOnly)).toMatchObject({ orders: 1, email: null });
    ids.dora = await place({ fullName: 'Dora Gil', email: 'dora@example.com', phone: '+54 9 299 777-7007' });
    const customers = (await list('?pageSize=100')).customers;
    expect(customers.find((c) => c.id === phoneOnly)).toBeUndefined();
    expect(customers.find((c) => c.id === customerIdOf('e:dora@example.com'))).toMatchObject({ orders: 2, email: 'dora@example.com' });
    // Out of the way of the counts below (nine orders of three customers): both deleted as the panel would.
    const db = knexOn(database.env);
    try {
      const rows: { id: number }[] = await db('orders')
        .whereIn('document_id', [ids.dora, sale.body.order._id as string])
        .select('id');
      expect(rows).toHaveLength(2);
      await db('orders_cmps')
        .whereIn(
          'entity_id',
          rows.map((r) => r.id),
        )
        .delete();
      await db('orders')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .delete();
    } finally {
      await db.destroy();
    }
    expect((await list('?pageSize=100')).customers.find((c) => c.id === customerIdOf('e:dora@example.com'))).toBeUndefined();
  });

  it('shows one customer with her orders, newest first', async () => {
    const res = await call(`/customers/${customerIdOf('e:anaperez@gmail.com')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = customerDetailAnswerSchema.parse(res.body);
    expect(detail.orders).toHaveLength(4);
    expect(detail.orders[0]?._id).toBe(ids.ana4);
    expect(detail.orders.map((o) => o._id)).toEqual(expect.arrayContaining([ids.ana1, ids.ana2, ids.ana3]));
    expect(detail.orders.find((o) => o._id === ids.ana3)?.status).toBe('cancelled');
    for (const id of [customerIdOf('e:nadie@example.com'), customerIdOf('x:otra'), 'no-es-un-id', 'x'.repeat(600)]) {
      const missing = await call(`/customers/${id}`);
      expect(missing.status, id.slice(0, 20)).toBe(404);
      expect(missing.body.message).toBe('No encontramos ese cliente');
    }
    // A NUL byte in the path is refused before the route (input guard).
    expect((await call('/customers/%00')).status).toBe(400);
  });

  it('searches, sorts and pages in the database', async () => {
    expect((await list('?search=SOSA')).customers.map((c) => c.name)).toEqual(['Bea Sosa']);
    expect((await list('?search=4442002')).customers.map((c) => c.name)).toEqual(['Bea Sosa']);
    expect((await list('?search=carla%40example')).total).toBe(1);
    expect((await list('?search=%25')).total).toBe(0);
    const bySpent = await list('?sort=totalSpent&direction=desc');
    expect(bySpent.customers.map((c) => c.totalSpent)).toEqual([50000, 40000, 20000]);
    const byOrders = await list('?sort=orders&direction=asc');
    expect(byOrders.customers.map((c) => c.orders)).toEqual([2, 3, 4]);
    const byName = await list('?sort=name&direction=asc');
    expect(byName.customers[0]?.name).toBe('=HYPERLINK("http://x.test")');
    expect(byName.customers.slice(1).map((c) => c.name)).toEqual(['Ana Pérez', 'Bea Sosa']);
    const latest = await list('?sort=lastOrder');
    expect(latest.customers[0]?.name).toBe('Ana Pérez');
    const page2 = await list('?sort=totalSpent&pageSize=1&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page2.customers.map((c) => c.totalSpent)).toEqual([40000]);
    expect((await list('?page=9')).customers).toEqual([]);
  });

  it('refuses junk queries with a Spanish 400 and ignores unknown ones', async () => {
    for (const query of [
      'sort=drop',
      'direction=up',
      'page=0',
      'page=-1',
      'page=1e3',
      'pageSize=101',
      'pageSize=x',
      `search=${'a'.repeat(101)}`,
      'search=a%00b',
      'sort[]=name',
      'page=1&page=2',
    ]) {
      const res = await call(`/customers?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message, query).toBe('string');
    }
    expect((await call('/customers?foo=bar&populate=*&filters[x]=1')).status).toBe(200);
  });

  it('exports every customer as CSV, formula cells neutralised (owner only)', async () => {
    const res = await api('/customers/export.csv', { baseUrl: shop.url, token: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = String(res.body);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nombre;E-mail;Teléfono;Órdenes;Total gastado;Primera compra;Última compra;Canales');
    expect(lines).toHaveLength(4);
    expect(text).toContain(`"'=HYPERLINK(""http://x.test"")"`);
    expect(text).not.toMatch(/(^|;)=HYPERLINK/m);
    expect(text).toMatch(/Bea Sosa;;299 444 2002;3;50000;/);
  });

  it('is for sales and the owner; the export for the owner only', async () => {
    const one = `/customers/${customerIdOf('e:anaperez@gmail.com')}`;
    for (const path of ['/customers', one, '/customers/export.csv']) {
      await expectAdminOnly('GET', path);
      const refused = await api(path, { baseUrl: shop.url, token: catalog });
      expect(refused.status, `catalog ${path}`).toBe(403);
      expect(refused.body.message).toMatch(/Tu rol no permite esta acción/);
    }
    expect((await api('/customers', { baseUrl: shop.url, token: sales })).status).toBe(200);
    expect((await api(one, { baseUrl: shop.url, token: sales })).status).toBe(200);
    const salesExport = await api('/customers/export.csv', { baseUrl: shop.url, token: sales });
    expect(salesExport.status).toBe(403);
    expect(String(salesExport.body)).not.toContain('Bea Sosa');
  });

  it('keeps its customers table and the order counts exact through every write: a status change, a row deleted, a rebuild at start', async () => {
    const ana = () => customerIdOf('e:anaperez@gmail.com');
    const anaRow = async () => (await list('?pageSize=100')).customers.find((c) => c.id === ana());
    // The dashboard summary and the list's count (shop_order_counts) against the orders themselves.
    const counts = async () => {
      const summary = await call('/orders/summary');
      const cancelled = await call('/orders?limit=1&status=cancelled');
      const all = await call('/orders?limit=1');
      const web = await call('/orders?limit=1&channel=web&status=cancelled');
      for (const res of [summary, cancelled, all, web]) expect(res.status, JSON.stringify(res.body)).toBe(200);
      const byStatus = summary.body.summary.summaryByStatusAndPaymentMethod as Record<string, Record<string, number>>;
      return {
        total: summary.body.summary.totalOrders as number,
        listed: all.body.totalOrders as number,
        cancelledCash: byStatus.cancelled!.cash,
        cancelledListed: cancelled.body.totalOrders as number,
        cancelledWeb: web.body.totalOrders as number,
        webOrders: summary.body.summary.byChannel.web.orders as number,
      };
    };
    const before = await counts();
    expect(before).toEqual({ total: 9, listed: 9, cancelledCash: 1, cancelledListed: 1, cancelledWeb: 1, webOrders: 9 });
    expect(await anaRow()).toMatchObject({ orders: 4, totalSpent: 40000 });
    // A cancellation (the staff route) is no longer spent.
    await setStatus(ids.ana4!, 'cancelled');
    expect(await anaRow()).toMatchObject({ orders: 4, totalSpent: 30000 });
    expect(await counts()).toEqual({ ...before, cancelledCash: 2, cancelledListed: 2, cancelledWeb: 2 });
    // The list reads the table the trigger keeps (one row per customer), not a grouping of the orders.
    const db = knexOn(database.env);
    try {
      const rows: { customer_key: string; orders: unknown }[] = await db('shop_customers').select('customer_key', 'orders');
      expect(rows.map((r) => r.customer_key).sort()).toEqual(['e:anaperez@gmail.com', 'e:carla@example.com', 'p:5492994442002']);
      // A row written outside the shop (a fix in the database, as Strapi's panel could delete an order): followed.
      const [one] = await db('orders').where('document_id', ids.ana1).select('id');
      await db('orders_cmps').where('entity_id', one.id).delete();
      await db('orders').where('id', one.id).delete();
    } finally {
      await db.destroy();
    }
    expect(await anaRow()).toMatchObject({ orders: 3, totalSpent: 20000 });
    expect((await list()).total).toBe(3);
    expect(await counts()).toEqual({ ...before, total: 8, listed: 8, webOrders: 8, cancelledCash: 2, cancelledListed: 2, cancelledWeb: 2 });
    // Its trigger lost (as when a table is rebuilt): the next start puts it back and groups every order again.
    await shop.stop();
    const again = knexOn(database.env);
    try {
      if (inject('databaseKind') === 'postgres') await again.raw('DROP TRIGGER IF EXISTS shop_customers_changed ON orders');
      else await again.raw('DROP TRIGGER IF EXISTS shop_customers_changed_au');
      await again('shop_customers').update({ orders: 99 });
      if (inject('databaseKind') === 'postgres') await again.raw('DROP TRIGGER IF EXISTS shop_order_counts_changed ON orders');
      else await again.raw('DROP TRIGGER IF EXISTS shop_order_counts_changed_au');
      await again('shop_order_counts').update({ orders: 99 });
    } finally {
      await again.destroy();
    }
    shop = await startStrapi(database, ENV);
    owner = await adminTokenAt(shop.url);
    expect(await anaRow()).toMatchObject({ orders: 3, totalSpent: 20000 });
    expect((await counts()).total).toBe(8);
    await setStatus(ids.ana2!, 'refunded');
    expect(await anaRow()).toMatchObject({ orders: 3, totalSpent: 0 });
  });
});
