// The owner's reports' first reads after a move, for `npm run bench:admin` (cms/scripts/bench-admin.mjs): each report
// timed right after a stock adjustment and after a sale, as the owner reads it after either. Asserts nothing.
import { json } from './bench.mjs';

/** The shop's day `daysAgo` days before today (Argentina, UTC−3), as YYYY-MM-DD. */
export const isoDay = (daysAgo) => new Date(Date.now() - 3 * 3600_000 - daysAgo * 86400_000).toISOString().slice(0, 10);

/** A stock adjustment of one unit (in, then out), as the owner's count makes: a stock move that sells nothing. */
async function adjustOne(url, auth, i) {
  await json(url, '/api/stock-adjustments', {
    headers: auth,
    body: { sku: 'SC40-NEG-85B', quantity: i % 2 === 1 ? 1 : -1, reason: 'conteo' },
  });
}

/** A cash order of one unit, picked up at the shop: a sale of today, in every report's default period. */
async function sellOne(url, auth, i) {
  const shopper = {
    fullName: 'Ana Bench',
    email: `ana.bench${i}@example.com`,
    phone: '+54 299 555-0100',
    address: 'Av. Argentina 1234',
    city: 'Neuquén',
    postalCode: '8300',
  };
  const item = { productId: 'scalep40', color: 'Negro', size: '85B', quantity: 1 };
  await json(url, '/api/orders', { body: { items: [item], shippingInfo: shopper, paymentMethod: 'cash', deliveryType: 'pickup' } });
}

/**
 * The owner's reports keep what they counted, so the run above mostly measures kept counts. Their first read after a
 * change is timed here: one client, each call after a stock move of one product (an adjustment of one unit, then a
 * sale of one unit: an order of today). Twice: the question the owner had asked before the move (what she reads after
 * a sale: the size curve and the stock views count again only the product that moved), and a question not asked
 * before (another window or period), which counts everything afresh.
 */
export async function coldReports(url, token, only = []) {
  const auth = { authorization: `Bearer ${token}` };
  const reports = [
    ['la misma pregunta: curva de talles (corpiños, un año)', () => '/api/reports/size-curve?category=corpinos&units=10'],
    ['la misma pregunta: stock, para reponer', () => '/api/reports/stock?view=reorder'],
    ['la misma pregunta: stock, días de stock', () => '/api/reports/stock?view=days'],
    ['la misma pregunta: stock, valor al costo', () => '/api/reports/stock?view=valuation'],
    ['la misma pregunta: ventas por producto (30 días)', () => '/api/reports/sales?groupBy=product'],
    ['curva de talles (corpiños, un año)', (i) => `/api/reports/size-curve?category=corpinos&units=10&from=${isoDay(365 + i)}`],
    ['stock: para reponer (30 días)', (i) => `/api/reports/stock?view=reorder&days=${30 + i}`],
    ['stock: días de stock (30 días)', (i) => `/api/reports/stock?view=days&days=${30 + i}`],
    ['ventas: por producto (30 días)', (i) => `/api/reports/sales?groupBy=product&from=${isoDay(29 + i)}`],
    // The ledger's check after a move: its kept answer is gone, its sums of settled movements are not.
    ['libro de stock: control', () => '/api/stock-check'],
  ].filter(([name]) => only.length === 0 || only.some((part) => name.includes(part)));
  // Units for the sales below (the scale data leaves some variants at 0).
  await json(url, '/api/stock-adjustments', { headers: auth, body: { sku: 'SC40-NEG-85B', quantity: 500, reason: 'conteo' } });
  const rows = [];
  let moves = 0;
  for (const [name, path] of reports) {
    const row = { informe: name };
    for (const [move, label] of [
      [adjustOne, 'ajuste'],
      [sellOne, 'venta'],
    ]) {
      // The question asked once before the moves (the owner's page open before the sale).
      await fetch(`${url}${path(0)}`, { headers: auth }).then((res) => res.arrayBuffer());
      const times = [];
      for (let i = 1; i <= 7; i++) {
        moves += 1;
        await move(url, auth, moves);
        const t0 = performance.now();
        const res = await fetch(`${url}${path(i + (label === 'venta' ? 7 : 0))}`, { headers: auth });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: ${res.status}`);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      row[`${label}: mediana ms`] = Math.round(times[3]);
      row[`${label}: mín–máx ms`] = `${Math.round(times[0])}–${Math.round(times[6])}`;
    }
    rows.push(row);
  }
  return rows;
}
