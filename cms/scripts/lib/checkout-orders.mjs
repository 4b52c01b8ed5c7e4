// The orders side of `npm run bench:checkout` (cms/scripts/bench-checkout.mjs): the products it stocks up, the order
// bodies it sends, and the books it checks afterwards (orders made, units taken, order numbers).
import { json } from './bench.mjs';

const UNITS_PER_SIZE = 100_000;

/** The shop's first products (seeded demo catalogue), each given plenty of every size so no order runs out. */
export async function stockUp(base, token) {
  const auth = { authorization: `Bearer ${token}` };
  const { payload } = await json(base, '/api/products?limit=4&page=1', { headers: auth });
  const products = [];
  for (const p of payload.slice(0, 3)) {
    const sizes = p.size.length > 0 ? p.size : [null];
    const colors = p.colors.length > 0 ? p.colors.map((c) => c.name) : [null];
    // Every variant (colour × size) gets the same units: orders name a colour and a size.
    const variants = colors.flatMap((color) => sizes.map((size) => ({ color, size, stock: UNITS_PER_SIZE })));
    const { product } = await json(base, `/api/products/${p._id}`, { method: 'PUT', headers: auth, body: { variants, status: true } });
    products.push({ id: product._id, sizes: product.size, colors: colors.filter((c) => c !== null) });
  }
  return products;
}

/** The shop's stock of these products (staff view): total units. */
export async function unitsLeft(base, token, products) {
  let total = 0;
  for (const p of products) {
    const { product } = await json(base, `/api/products/${p.id}`, { headers: { authorization: `Bearer ${token}` } });
    total += product.stock;
  }
  return total;
}

const SHOPPER = {
  fullName: 'María Laura Gómez',
  email: 'maria.gomez@example.com',
  phone: '+54 299 555-0199',
  address: 'Av. Argentina 1234',
  city: 'Neuquén',
  postalCode: '8300',
};

/** A few order bodies: one or two lines, sizes spread over the products (so rows are shared, as at a real peak). */
export function orderBodies(products) {
  const bodies = [];
  for (let i = 0; i < 12; i++) {
    const a = products[i % products.length];
    const b = products[(i + 1) % products.length];
    const colorOf = (p, n) => (p.colors.length > 0 ? { color: p.colors[n % p.colors.length] } : {});
    const items = [{ productId: a.id, size: a.sizes[i % a.sizes.length], ...colorOf(a, i), quantity: 1 }];
    if (i % 2 === 1) items.push({ productId: b.id, size: b.sizes[(i + 1) % b.sizes.length], ...colorOf(b, i + 1), quantity: 1 });
    bodies.push(JSON.stringify({ items, shippingInfo: SHOPPER, paymentMethod: 'cash', deliveryType: 'pickup' }));
  }
  return bodies;
}

export async function orderCount(base, token) {
  return (await json(base, '/api/orders?limit=1', { headers: { authorization: `Bearer ${token}` } })).totalOrders;
}

/**
 * The run's orders as the back office lists them (the newest `count`): units they hold, and their numbers checked
 * consecutive within each day and never repeated.
 */
export async function runOrders(base, token, count) {
  const numbers = [];
  let units = 0;
  for (let page = 1; numbers.length < count; page++) {
    const { orders } = await json(base, `/api/orders?limit=100&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    if (orders.length === 0) break;
    for (const order of orders.slice(0, count - numbers.length)) {
      numbers.push(order.orderNumber);
      units += order.items.reduce((n, item) => n + item.quantity, 0);
    }
  }
  const unique = new Set(numbers);
  const byDay = new Map();
  for (const n of numbers) {
    const [, day, seq] = /-(\d{8})-(\d+)$/.exec(n) ?? [];
    byDay.set(day, [...(byDay.get(day) ?? []), Number(seq)]);
  }
  const gaps = [...byDay.values()].some((seqs) => Math.max(...seqs) - Math.min(...seqs) + 1 !== seqs.length);
  return { count: numbers.length, units, repeated: numbers.length - unique.size, gaps };
}
