import knex from 'knex';
import { describe, expect, inject, it } from 'vitest';
import { adminTokenAt, api } from '../helpers/api';
import { createProduct, orderBody } from '../helpers/orders';
import { shopPerTest } from '../helpers/shop-per-test';

/**
 * Products' `status` and orders' `status` collided with the `status` Strapi 5 reserves for draft & publish (its
 * panel refused every save). The model now calls them `isActive` and `orderStatus`; a shop whose database still has
 * the old columns gets them renamed in place at its next start, every row carried over.
 */
describe('a database from before the rename', () => {
  const shops = shopPerTest();

  it("keeps every product's active flag and every order's status after the columns are renamed", async () => {
    const database = await shops.createDatabase(inject('databaseKind'));
    const first = await shops.start({ RATE_LIMIT_ORDERS_MAX: '1000' });
    const at = { baseUrl: first.url, token: await adminTokenAt(first.url) };
    const active = await createProduct({ stock: 5 }, at);
    const hidden = await createProduct({ stock: 2, status: false }, at);
    const placed = await api('/orders', { baseUrl: first.url, body: orderBody([{ productId: active._id, quantity: 1 }]) });
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.order._id;
    const paid = await api(`/orders/${orderId}/status`, { method: 'PUT', baseUrl: first.url, token: at.token, body: { status: 'paid' } });
    expect(paid.status).toBe(200);
    await first.stop();

    // Back to the old shape: the columns under their old names, and the rename not yet recorded as run.
    const config = database.env.DATABASE_FILENAME
      ? { client: 'better-sqlite3', connection: { filename: database.env.DATABASE_FILENAME }, useNullAsDefault: true }
      : { client: 'pg', connection: database.env.DATABASE_URL };
    const db = knex(config);
    try {
      await db.raw('ALTER TABLE products RENAME COLUMN is_active TO status');
      await db.raw('ALTER TABLE orders RENAME COLUMN order_status TO status');
      await db('strapi_migrations').where('name', 'like', '%rename-status-attributes%').del();
    } finally {
      await db.destroy();
    }

    const second = await shops.start({});
    const token = await adminTokenAt(second.url);
    const products = await api('/products?limit=all', { baseUrl: second.url, token });
    const statusOf = (id: string) => products.body.payload.find((p: { _id: string }) => p._id === id)?.status;
    expect(statusOf(active._id)).toBe(true);
    expect(statusOf(hidden._id)).toBe(false);
    expect((await api(`/products/${hidden._id}`, { baseUrl: second.url })).status).toBe(404);
    const order = await api(`/orders/${orderId}`, { baseUrl: second.url, token });
    expect(order.body.order.status).toBe('paid');
    await second.stop();

    const after = knex(config);
    try {
      expect(await after.schema.hasColumn('products', 'is_active')).toBe(true);
      expect(await after.schema.hasColumn('products', 'status')).toBe(false);
      expect(await after.schema.hasColumn('orders', 'order_status')).toBe(true);
      expect(await after.schema.hasColumn('orders', 'status')).toBe(false);
    } finally {
      await after.destroy();
    }
  }, 240_000);
});
