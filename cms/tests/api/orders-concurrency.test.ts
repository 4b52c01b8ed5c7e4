import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitFor } from '../helpers/wait-for';
import { adminToken, api } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { createProduct, orderBody, sequenceOf, extraStrapi, stockOf, uploadProof, type LineInput } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';

// Two more Strapi processes on the shared test database (SQLite file or PostgreSQL database), with the order
// rate limit raised: concurrent requests hit them at once, as several shoppers (and app instances) would.
const LAST_UNITS = 5;
const BUYERS = 25;
const SAME_DAY_ORDERS = 30;
const PROOF_RACERS = 10;
const SIZE_BUYERS = 50;
const LAST_OF_SIZE = 3;

let first: ShopHandle;
let second: ShopHandle;

beforeAll(async () => {
  [first, second] = await Promise.all([extraStrapi(0), extraStrapi(1)]);
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

interface Created {
  order: { _id: string; items: { productId: string }[] };
  orderNumber: string;
}

/** All distinct, same prefix and day, and consecutive sequence numbers. */
function expectConsecutive(orderNumbers: string[]) {
  expect(new Set(orderNumbers).size).toBe(orderNumbers.length);
  const prefixes = new Set(orderNumbers.map((n) => n.replace(/-\d+$/, '')));
  expect(prefixes.size).toBe(1);
  const sequences = orderNumbers.map(sequenceOf).sort((a, b) => a - b);
  const first = sequences[0] ?? 0;
  expect(sequences).toEqual(sequences.map((_, i) => first + i));
}

async function ordersOfProduct(productId: string): Promise<number> {
  const res = await api('/orders?limit=100', { token: await adminToken() });
  return res.body.orders.filter((o: Created['order']) => o.items.some((item) => item.productId === productId)).length;
}

/** `count` shoppers order the same line at the same moment, alternately on each process; split into sold and refused. */
async function orderAtOnce(count: number, line: LineInput) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      api<Created & { message?: string }>('/orders', { body: orderBody([line]), baseUrl: (i % 2 === 0 ? first : second).url }),
    ),
  );
  return { sold: answers.filter((a) => a.status === 201), refused: answers.filter((a) => a.status === 409) };
}

describe('concurrent orders', () => {
  it(`${BUYERS} shoppers at once for the last ${LAST_UNITS} units, over two processes: exactly ${LAST_UNITS} are sold`, async () => {
    const product = await createProduct({ stock: LAST_UNITS, title: 'Conjunto Últimas Unidades' });
    const { sold, refused } = await orderAtOnce(BUYERS, { productId: product._id, quantity: 1 });
    expect(sold.length).toBe(LAST_UNITS);
    expect(refused.length).toBe(BUYERS - LAST_UNITS);
    for (const answer of refused)
      expect(answer.body.message).toBe('Stock insuficiente para "Conjunto Últimas Unidades". Quedan 0 de Negro M');
    expect(await stockOf(product._id)).toBe(0);
    expect(await ordersOfProduct(product._id)).toBe(LAST_UNITS);
    // Refused orders consumed no numbers: the sold ones are consecutive.
    expectConsecutive(sold.map((a) => a.body.orderNumber));
  });

  it(`${SIZE_BUYERS} orders at once for the last ${LAST_OF_SIZE} units of one size, over two processes: exactly ${LAST_OF_SIZE} sold, other sizes untouched`, async () => {
    const product = await createProduct({
      stock: 0,
      title: 'Corpiño Última Talla',
      size: ['85B', '90C', '95C'],
      stockBySize: { '85B': LAST_OF_SIZE, '90C': 10, '95C': 4 },
    });
    const { sold, refused } = await orderAtOnce(SIZE_BUYERS, { productId: product._id, quantity: 1, size: '85B' });
    expect(sold.length).toBe(LAST_OF_SIZE);
    expect(refused.length).toBe(SIZE_BUYERS - LAST_OF_SIZE);
    for (const answer of refused) expect(answer.body.message).toBe('Stock insuficiente para "Corpiño Última Talla". Quedan 0 de Negro 85B');
    const after = await api(`/products/${product._id}`, { token: await adminToken() });
    expect(after.body.product).toMatchObject({ stockBySize: { '85B': 0, '90C': 10, '95C': 4 }, stock: 14 });
    expect(await ordersOfProduct(product._id)).toBe(LAST_OF_SIZE);
    expectConsecutive(sold.map((a) => a.body.orderNumber));
  });

  it(`${SIZE_BUYERS} orders at once for the last ${LAST_OF_SIZE} units of one colour in one size, over two processes: the other colour of that size untouched`, async () => {
    const colors = [
      { name: 'Negro', value: '#000000' },
      { name: 'Nude', value: '#E3BC9A' },
    ];
    const product = await createProduct({
      stock: 0,
      title: 'Corpiño Último Nude',
      size: ['85B', '90C'],
      colors,
      variants: [
        { color: 'Negro', size: '85B', stock: 6 },
        { color: 'Nude', size: '85B', stock: LAST_OF_SIZE },
        { color: 'Negro', size: '90C', stock: 2 },
        { color: 'Nude', size: '90C', stock: 1 },
      ],
    });
    const { sold, refused } = await orderAtOnce(SIZE_BUYERS, { productId: product._id, quantity: 1, size: '85B', color: 'nude' });
    expect(sold.length).toBe(LAST_OF_SIZE);
    expect(refused.length).toBe(SIZE_BUYERS - LAST_OF_SIZE);
    for (const answer of refused) expect(answer.body.message).toBe('Stock insuficiente para "Corpiño Último Nude". Quedan 0 de Nude 85B');
    const after = await api(`/products/${product._id}`, { token: await adminToken() });
    const units = Object.fromEntries(after.body.product.variants.map((v: { id: string; stock: number }) => [v.id, v.stock]));
    expect(units).toEqual({ 'negro~85B': 6, 'nude~85B': 0, 'negro~90C': 2, 'nude~90C': 1 });
    expect(after.body.product).toMatchObject({ stockBySize: { '85B': 6, '90C': 3 }, stock: 9 });
    // Every sold line names the variant it took.
    for (const answer of sold) expect(answer.body.order.items[0]).toMatchObject({ color: 'Nude', size: '85B', variantId: 'nude~85B' });
    expectConsecutive(sold.map((a) => a.body.orderNumber));
  });

  it(`${SAME_DAY_ORDERS} orders at once on one process get distinct, consecutive numbers`, async () => {
    const product = await createProduct({ stock: 1000 });
    const answers = await Promise.all(
      Array.from({ length: SAME_DAY_ORDERS }, () =>
        api<Created>('/orders', { body: orderBody([{ productId: product._id, quantity: 2 }]), baseUrl: first.url }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expectConsecutive(answers.map((a) => a.body.orderNumber));
    expect(await stockOf(product._id)).toBe(1000 - 2 * SAME_DAY_ORDERS);
  });

  it(`${SAME_DAY_ORDERS} orders at once over two processes on one database get distinct, consecutive numbers`, async () => {
    const product = await createProduct({ stock: 1000 });
    const answers = await Promise.all(
      Array.from({ length: SAME_DAY_ORDERS }, (_, i) =>
        api<Created>('/orders', {
          body: orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: i % 3 === 0 ? 'transfer' : 'cash' }),
          baseUrl: (i % 2 === 0 ? first : second).url,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expectConsecutive(answers.map((a) => a.body.orderNumber));
    expect(await stockOf(product._id)).toBe(1000 - SAME_DAY_ORDERS);
    expect(await ordersOfProduct(product._id)).toBe(SAME_DAY_ORDERS);
  });

  it(`${PROOF_RACERS} orders at once with one transfer proof, over two processes: exactly one gets it`, async () => {
    const product = await createProduct({ stock: 100 });
    const proof = await uploadProof(first.url);
    const answers = await Promise.all(
      Array.from({ length: PROOF_RACERS }, (_, i) =>
        api<Created & { message?: string }>('/orders', {
          body: orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer', transferProofUrl: proof }),
          baseUrl: (i % 2 === 0 ? first : second).url,
        }),
      ),
    );
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 400);
    expect(placed.length).toBe(1);
    expect(refused.length).toBe(PROOF_RACERS - 1);
    for (const answer of refused)
      expect(answer.body.message).toBe('Este comprobante ya se usó en otro pedido: sube el comprobante de esta compra');
    expect(await stockOf(product._id)).toBe(99);
    expect(await ordersOfProduct(product._id)).toBe(1);
  });
});

describe('Idempotency-Key: a retried checkout makes one order', () => {
  const keyed = (key: string, body: Record<string, unknown>, process: ShopHandle = first) =>
    api<Created & { message?: string }>('/orders', { body, baseUrl: process.url, headers: { 'Idempotency-Key': key } });
  const newKey = (label: string) => `chk-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

  it('the same key and body answer the same order, stock taken once; another body with the key is a 409', async () => {
    const product = await createProduct({ stock: 10 });
    const key = newKey('retry');
    const body = orderBody([{ productId: product._id, quantity: 2 }]);
    const created = await keyed(key, body);
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    // The same body with its keys in another order is the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await keyed(key, reordered, second);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.orderNumber).toBe(created.body.orderNumber);
    expect(again.body.order).toEqual(created.body.order);
    expect(await stockOf(product._id)).toBe(8);

    const other = await keyed(key, orderBody([{ productId: product._id, quantity: 3 }]));
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Esta Idempotency-Key ya se usó con otros datos de pedido; usá una clave nueva para un pedido nuevo');
    expect(await stockOf(product._id)).toBe(8);
    expect(await ordersOfProduct(product._id)).toBe(1);
    // Without the header every request is a new order, as before.
    expect((await api('/orders', { body, baseUrl: first.url })).status).toBe(201);
    expect(await stockOf(product._id)).toBe(6);
  });

  it('two simultaneous requests with one key, on two processes, make one order and both answer it', async () => {
    const product = await createProduct({ stock: 50 });
    for (let round = 0; round < 5; round += 1) {
      const key = newKey(`race${round}`);
      const body = orderBody([{ productId: product._id, quantity: 1 }]);
      const [a, b] = await Promise.all([keyed(key, body, first), keyed(key, body, second)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.orderNumber).toBe(b.body.orderNumber);
      expect(a.body.order._id).toBe(b.body.order._id);
      expect([a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')].filter(Boolean)).toEqual(['true']);
    }
    // Eight at once on one process, too.
    const key = newKey('burst');
    const body = orderBody([{ productId: product._id, quantity: 1 }]);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => keyed(key, body, i % 2 === 0 ? first : second)));
    expect(burst.map((r) => r.status)).toEqual(burst.map(() => 201));
    expect(new Set(burst.map((r) => r.body.orderNumber)).size).toBe(1);
    expect(await stockOf(product._id)).toBe(50 - 6);
    expect(await ordersOfProduct(product._id)).toBe(6);
  });

  it('a refused order keeps no key: the same key works once the problem is fixed', async () => {
    const product = await createProduct({ stock: 1 });
    const key = newKey('refused');
    const tooMany = await keyed(key, orderBody([{ productId: product._id, quantity: 2 }]));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/^Stock insuficiente/);
    const fixed = await keyed(key, orderBody([{ productId: product._id, quantity: 1 }]));
    expect(fixed.status).toBe(201);
    expect(await stockOf(product._id)).toBe(0);
  });

  it.each([
    ['too short', 'abc'],
    ['spaces and symbols', 'clave con espacios!'],
    ['10,000 characters', 'k'.repeat(10_000)],
    ['two keys in one header', 'clave-uno-1234, clave-dos-5678'],
  ])('a malformed key (%s) is a Spanish 400 and creates nothing', async (_label, key) => {
    const product = await createProduct({ stock: 3 });
    const res = await keyed(key, orderBody([{ productId: product._id, quantity: 1 }]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'El encabezado Idempotency-Key debe tener entre 8 y 100 caracteres: letras, números, guiones o guiones bajos',
    );
    expect(await stockOf(product._id)).toBe(3);
  });
});

describe('the database backs the order numbers', () => {
  it('refuses a second order with the same number and a second counter for the same day (unique indexes)', async () => {
    const db = testDatabase();
    try {
      const order: { order_number: string } | undefined = await db('orders').first('order_number');
      // The same table numbers the return requests (day `CD-YYYYMMDD`): take an order day's counter.
      const counter: { day: string } | undefined = await db('order_sequences').whereNot('day', 'like', 'CD-%').first('day');
      expect(order?.order_number).toMatch(/^JL-\d{8}-\d{4}$/);
      expect(counter?.day).toMatch(/^\d{8}$/);
      await expect(db('orders').insert({ document_id: 'duplicado', order_number: order?.order_number })).rejects.toThrow(/unique/i);
      await expect(db('order_sequences').insert({ document_id: 'duplicado', day: counter?.day, value: 1 })).rejects.toThrow(/unique/i);
      // A checkout's key (the shared database also holds other files' keys, which other callers shape otherwise).
      const key: { idempotency_key: string } | undefined = await db('order_idempotency_keys')
        .where('idempotency_key', 'like', 'chk-%')
        .first('idempotency_key');
      expect(key?.idempotency_key).toMatch(/^chk-/);
      await expect(
        db('order_idempotency_keys').insert({ document_id: 'duplicado', idempotency_key: key?.idempotency_key, request_hash: 'x' }),
      ).rejects.toThrow(/unique/i);
    } finally {
      await db.destroy();
    }
  });
});

// PostgreSQL admits CHECKOUT_CONCURRENCY (4 by default) checkouts of a process into their transaction at once, the
// others waiting their turn (cms/src/domains/orders/checkout-slots.ts); SQLite's write lock does it alone (no limit).
describe.runIf(inject('databaseKind') === 'postgres')('checkouts waiting their turn (PostgreSQL)', () => {
  it('a checkout that waited its turn as long as a connection is answered 503 in Spanish, and writes nothing', async () => {
    const product = await createProduct({ stock: 20, title: 'Conjunto Turno' });
    const db = testDatabase();
    const holder = await db.transaction();
    try {
      // Hold the product's rows: the first four checkouts get their turn and wait on them inside their transactions.
      await holder('products').where('document_id', product._id).forUpdate().select('id');
      const admitted = Array.from({ length: 4 }, () =>
        api('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }]), baseUrl: first.url }),
      );
      await waitFor(
        'four checkouts waiting on the held rows',
        async () =>
          (await db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))
            .rows[0].n,
        (n: number) => n >= 4,
        { timeoutMs: 20_000, everyMs: 100 },
      );
      // The fifth waits for a turn, not for a lock: after DATABASE_ACQUIRE_TIMEOUT_MS (6 s) it is told to come back.
      const fifth = await api('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }]), baseUrl: first.url });
      expect(fifth.status).toBe(503);
      expect(fifth.body.message).toBe('La tienda no puede responder en este momento: probá de nuevo en unos segundos');
      expect(fifth.headers.get('retry-after')).toBe('5');
      // Meanwhile the process answers everything else.
      expect((await api('/health', { baseUrl: first.url })).status).toBe(200);
      await holder.rollback();
      const answers = await Promise.all(admitted);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect(await stockOf(product._id)).toBe(16);
      expect(await ordersOfProduct(product._id)).toBe(4);
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
      await db.destroy();
    }
  });
});
