import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { createProduct, orderBody, SHOPPER, extraStrapi, stockOf } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';

/**
 * An order is answered 201 only once its COMMIT went through. A PostgreSQL restart can cut an order's connection
 * between its last statement and its COMMIT; knex's commit() (under Strapi's transactions) then resolved as if it had
 * committed, and the shopper was told of an order that did not exist. Here the COMMIT itself fails, every time and
 * for one shopper's name only: a deferred constraint trigger (checked at COMMIT) raises connection_failure (08006),
 * as a cut connection does.
 *
 * PostgreSQL only: SQLite has no deferred trigger, and a COMMIT refused there by a deferred foreign key leaves its
 * transaction open, which is not what a failure of the database looks like.
 */
const FAILING_NAME = 'Prueba Corte Al Confirmar';
const ORDERS_OF_NAME = (db: Knex) => db('components_order_shipping_infos').where('full_name', FAILING_NAME).count({ n: '*' }).first();

describe.skipIf(inject('databaseKind') !== 'postgres')('an order whose COMMIT fails', () => {
  let db: Knex;
  // A process of its own on the shared database: the shared one's order limit is spent by the other files.
  let shop: ShopHandle;

  const dropTrigger = async () => {
    await db.raw('DROP TRIGGER IF EXISTS shop_test_commit_cut ON components_order_shipping_infos');
    await db.raw('DROP FUNCTION IF EXISTS shop_test_commit_cut()');
  };

  beforeAll(async () => {
    shop = await extraStrapi();
    db = testDatabase();
    await dropTrigger();
    await db.raw(`CREATE FUNCTION shop_test_commit_cut() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'conexión cortada al confirmar (prueba)' USING ERRCODE = '08006'; END $$`);
    await db.raw(`CREATE CONSTRAINT TRIGGER shop_test_commit_cut AFTER INSERT ON components_order_shipping_infos
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.full_name = '${FAILING_NAME}') EXECUTE FUNCTION shop_test_commit_cut()`);
  });

  afterAll(async () => {
    await dropTrigger();
    await db.destroy();
    await shop.stop();
  });

  it('is answered 503 with Retry-After (never 201), keeps nothing, and its retry with the same key places it once', async () => {
    const product = await createProduct({ stock: 5 });
    const body = orderBody([{ productId: product._id, quantity: 2 }], { shippingInfo: { ...SHOPPER, fullName: FAILING_NAME } });
    const headers = { 'idempotency-key': randomUUID() };

    const cut = await api<{ message?: string }>('/orders', { body, headers, baseUrl: shop.url });
    expect(cut.status, JSON.stringify(cut.body)).toBe(503);
    expect(cut.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(cut.body.message).toBe('La tienda no puede responder en este momento: probá de nuevo en unos segundos');
    expect(await stockOf(product._id)).toBe(5);
    expect(Number((await ORDERS_OF_NAME(db))?.n)).toBe(0);

    // The database is back: the storefront's retry (same Idempotency-Key) places the order, once.
    await dropTrigger();
    const placed = await api<{ order: { orderNumber: string } }>('/orders', { body, headers, baseUrl: shop.url });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.headers.get('idempotent-replayed')).toBeNull();
    expect(await stockOf(product._id)).toBe(3);
    expect(Number((await ORDERS_OF_NAME(db))?.n)).toBe(1);
    expect(placed.body.order.orderNumber).toMatch(/-\d{8}-\d{4,}$/);
  });
});

/**
 * SQLite: a COMMIT it refuses (here a deferred foreign key, checked at COMMIT, broken for one shopper's name only; a
 * COMMIT that gets SQLITE_BUSY behaves the same) leaves the transaction open on the connection. knex then gave the
 * connection back to the pool with it: the pool's one connection kept SQLite's write lock and the failed order's
 * rows, and the next request's BEGIN failed ("cannot start a transaction within a transaction"). The failed COMMIT
 * is now rolled back before its error goes on (config/database.ts). The next order, on the same pooled connection
 * (this process's pool has one), is placed.
 */
const REFUSED_NAME = 'Prueba Confirmación Rechazada';
const ORDERS_OF_REFUSED = (db: Knex) => db('components_order_shipping_infos').where('full_name', REFUSED_NAME).count({ n: '*' }).first();

describe.skipIf(inject('databaseKind') !== 'sqlite')('an order whose COMMIT SQLite refuses', () => {
  let db: Knex;
  // A process of its own: its pool's one connection is the one the failed COMMIT leaves behind.
  let shop: ShopHandle;

  const dropGate = async () => {
    await db.raw('DROP TRIGGER IF EXISTS shop_test_commit_refused');
    await db.raw('DROP TABLE IF EXISTS shop_test_commit_gate');
    await db.raw('DROP TABLE IF EXISTS shop_test_commit_gate_parent');
  };

  beforeAll(async () => {
    shop = await extraStrapi();
    db = testDatabase();
    await dropGate();
    await db.raw('CREATE TABLE shop_test_commit_gate_parent (id INTEGER PRIMARY KEY)');
    await db.raw(`CREATE TABLE shop_test_commit_gate (parent_id INTEGER
      REFERENCES shop_test_commit_gate_parent (id) DEFERRABLE INITIALLY DEFERRED)`);
    await db.raw(`CREATE TRIGGER shop_test_commit_refused AFTER INSERT ON components_order_shipping_infos
      WHEN NEW.full_name = '${REFUSED_NAME}' BEGIN INSERT INTO shop_test_commit_gate (parent_id) VALUES (-1); END`);
  });

  afterAll(async () => {
    await dropGate().catch(() => undefined);
    await db.destroy();
    await shop.stop();
  });

  it('is not answered 201, keeps nothing, and the next order on the same connection is placed', async () => {
    const product = await createProduct({ stock: 5 });
    const body = orderBody([{ productId: product._id, quantity: 2 }], { shippingInfo: { ...SHOPPER, fullName: REFUSED_NAME } });
    const headers = { 'idempotency-key': randomUUID() };

    const refused = await api<{ message?: string }>('/orders', { body, headers, baseUrl: shop.url });
    expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(500);
    // Left open, the transaction held SQLite's write lock: this DDL from another connection could not run.
    await dropGate();
    expect(await stockOf(product._id)).toBe(5);
    expect(Number((await ORDERS_OF_REFUSED(db))?.n)).toBe(0);

    // The COMMIT is accepted again: the retry (same Idempotency-Key), on the process's one pooled connection.
    const placed = await api<{ order: { orderNumber: string } }>('/orders', { body, headers, baseUrl: shop.url });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await stockOf(product._id)).toBe(3);
    expect(Number((await ORDERS_OF_REFUSED(db))?.n)).toBe(1);
    // And one more order after it, as the next request on that connection.
    const next = await api('/orders', {
      body: orderBody([{ productId: product._id, quantity: 1 }]),
      headers: { 'idempotency-key': randomUUID() },
      baseUrl: shop.url,
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(await stockOf(product._id)).toBe(2);
  });
});
