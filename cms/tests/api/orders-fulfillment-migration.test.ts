import { describe, expect, inject, it } from 'vitest';
import type { Order } from '@shop/shared';
import { adminTokenAt, api } from '../helpers/api';
import { knexOn } from '../helpers/database';
import { createProduct, orderBody } from '../helpers/orders';
import { shopPerTest } from '../helpers/shop-per-test';

/**
 * Orders placed before fulfilment existed: at the next start each gets its step from what today's rules treated as
 * handed over (a cash order marked paid, a transfer or Mercado Pago order confirmed: delivered at its last change);
 * the rest, cancelled orders included, stay unfulfilled. A second start changes nothing.
 */
describe('orders from before fulfilment', () => {
  const shops = shopPerTest();

  it('are migrated once at start-up, on SQLite and PostgreSQL', async () => {
    const database = await shops.createDatabase(inject('databaseKind'));
    const first = await shops.start({ RATE_LIMIT_ORDERS_MAX: '1000' });
    const token = await adminTokenAt(first.url);
    const at = { baseUrl: first.url, token };
    const product = await createProduct({ stock: 50 }, at);
    const place = async (paymentMethod: string, statuses: string[]): Promise<Order> => {
      const res = await api('/orders', {
        baseUrl: first.url,
        body: orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      for (const status of statuses) {
        const changed = await api(`/orders/${res.body.order._id}/status`, { method: 'PUT', baseUrl: first.url, token, body: { status } });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      }
      return res.body.order;
    };
    const cashPaid = await place('cash', ['paid']);
    const transferConfirmed = await place('transfer', ['paid', 'confirmado']);
    const transferPaid = await place('transfer', ['paid']);
    const cashCancelled = await place('cash', ['paid', 'cancelled']);
    const cashWaiting = await place('cash', []);
    await first.stop();

    // Back to the shape of a database from before: no fulfilment columns (and a stored schema without them); the
    // orders' last change in the past.
    const lastChange = new Date('2026-10-01T15:30:00.000Z');
    const db = knexOn(database.env);
    try {
      await db.schema.alterTable('orders', (t) => {
        t.dropColumn('fulfillment');
        t.dropColumn('fulfillment_steps');
      });
      await db('orders').update({ updated_at: lastChange });
      // The schema Strapi stored is the older one too: it adds the columns again at the next start, empty.
      await db('strapi_database_schema').del();
    } finally {
      await db.destroy();
    }

    const readAll = async (url: string) => {
      const staff = await adminTokenAt(url);
      const read = async (order: Order) => (await api(`/orders/${order._id}`, { baseUrl: url, token: staff })).body.order as Order;
      return {
        cashPaid: await read(cashPaid),
        transferConfirmed: await read(transferConfirmed),
        transferPaid: await read(transferPaid),
        cashCancelled: await read(cashCancelled),
        cashWaiting: await read(cashWaiting),
      };
    };

    const second = await shops.start({});
    const migrated = await readAll(second.url);
    expect(migrated.cashPaid.fulfillment).toBe('delivered');
    expect(migrated.cashPaid.fulfillmentSteps).toEqual([
      { step: 'delivered', at: lastChange.toISOString(), by: { id: null, name: 'sistema' } },
    ]);
    expect(migrated.transferConfirmed.fulfillment).toBe('delivered');
    expect(migrated.transferConfirmed.fulfillmentSteps?.[0]?.at).toBe(lastChange.toISOString());
    expect(migrated.transferPaid.fulfillment).toBe('unfulfilled');
    expect(migrated.cashCancelled.fulfillment).toBe('unfulfilled');
    expect(migrated.cashWaiting.fulfillment).toBe('unfulfilled');
    // The statuses (the payment) are as they were.
    expect(migrated.cashCancelled.status).toBe('cancelled');
    expect(migrated.transferConfirmed.status).toBe('confirmado');
    // The sheet keeps only what was still to hand over.
    const sheet = await api('/orders/dispatch?type=pickup&limit=500', { baseUrl: second.url, token: await adminTokenAt(second.url) });
    const onSheet = sheet.body.groups.flatMap((g: { orders: { _id: string }[] }) => g.orders.map((o) => o._id));
    expect(onSheet).toEqual(expect.arrayContaining([transferPaid._id, cashWaiting._id]));
    expect(onSheet).not.toContain(cashPaid._id);
    expect(onSheet).not.toContain(transferConfirmed._id);
    await second.stop();

    // Started again: nothing changes (the step and its time stay as migrated).
    const third = await shops.start({});
    expect(await readAll(third.url)).toEqual(migrated);
    await third.stop();
  }, 300_000);
});
