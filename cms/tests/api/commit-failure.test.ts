import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { createProduct, orderBody, SHOPPER, startExtraStrapi, stockOf } from '../helpers/orders';
import type { RunningStrapi } from '../helpers/strapi-process';

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
  let shop: RunningStrapi;

  const dropTrigger = async () => {
    await db.raw('DROP TRIGGER IF EXISTS shop_test_commit_cut ON components_order_shipping_infos');
    await db.raw('DROP FUNCTION IF EXISTS shop_test_commit_cut()');
  };

  beforeAll(async () => {
    shop = await startExtraStrapi();
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
