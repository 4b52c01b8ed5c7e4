// `npm run bench:channels`: how long a change of units takes to reach Mercado Libre (issue 47: within 5 s at p95)
// during a burst of 500 stock changes over 100 listed items, against the fake Mercado Libre (real HTTP).
//
//   node cms/scripts/bench-channels.mjs [changes] [items] [clients]
//   BENCH_ONLY=sqlite|postgres   one database only
//
// On a throwaway database: the shop connected to the fake, 100 products of 2 variants each published, then the
// changes sent by `clients` staff clients at once (`POST /api/stock-adjustments`). A change has reached Mercado Libre
// when the fake receives the first `PUT /items/{id}` of its item that started after the change committed (the shop
// reads the figures at send time, so that call carries them). Prints p50/p95/max, the calls made and whether Mercado
// Libre ended with the shop's figures. Asserts nothing.
import { startFakeMercadoLibre } from '../../scripts/fake-mercadolibre.mjs';
import { benchOnThrowawayPostgres, benchOnThrowawaySqlite, benchStaffToken, percentile, startBenchStrapi } from './lib/bench.mjs';
import { totpAt } from '../dist/src/domains/staff/totp.js';

const CHANGES = Number.parseInt(process.argv[2] ?? '500', 10);
const TARGET_P95_MS = 5000;
const ITEMS = Number.parseInt(process.argv[3] ?? '100', 10);
const CLIENTS = Number.parseInt(process.argv[4] ?? '10', 10);
const ONLY = process.env.BENCH_ONLY;
const CLIENT_ID = '5550001112223334';
const CLIENT_SECRET = 'bench-secret';

async function call(url, token, method, pathname, body) {
  const res = await fetch(`${url}/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function prepare(url) {
  const token = await benchStaffToken(url);
  const setup = await call(url, token, 'POST', '/auth/2fa/setup', {});
  await call(url, token, 'POST', '/auth/2fa/enable', { code: totpAt(setup.secret, Date.now()) });
  const { authorizationUrl } = await call(url, token, 'POST', '/channels/mercadolibre/connect', {});
  const consent = await fetch(authorizationUrl, { redirect: 'manual' });
  await fetch(consent.headers.get('location'), { redirect: 'manual' });
  const attributes = { BRAND: 'Propia', MODEL: 'Bench', GENDER: 'Mujer', GARMENT_TYPE: 'Corpiños' };
  const skus = [];
  for (let i = 0; i < ITEMS; i += 1) {
    const { product } = await call(url, token, 'POST', '/products', {
      title: `Corpiño Bench ${i}`,
      description: 'Producto del benchmark de canales',
      price: 10_000 + i,
      category: 'corpinos',
      size: ['S', 'M'],
      colors: [{ name: 'Negro', value: '#000000' }],
      thumbnails: ['/images/products/prueba.webp'],
      variants: [
        { color: 'Negro', size: 'S', stock: 50 },
        { color: 'Negro', size: 'M', stock: 50 },
      ],
    });
    const { listing } = await call(url, token, 'POST', '/channels/mercadolibre/listings', {
      productId: product._id,
      categoryId: 'MLA109283',
      attributes,
    });
    for (const variation of listing.variations) skus.push({ sku: variation.sku, itemId: listing.itemId });
  }
  // The publications' own first syncs settle before the burst.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return { token, skus };
}

async function burst(url, fake, token, skus) {
  const commits = [];
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < CHANGES) {
      const i = next++;
      const target = skus[(i * 7) % skus.length];
      await call(url, token, 'POST', '/stock-adjustments', { sku: target.sku, quantity: i % 3 === 0 ? 2 : -1, reason: 'conteo' });
      commits.push({ itemId: target.itemId, at: Date.now() });
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const sentIn = Date.now() - started;
  const reached = () =>
    commits.map(({ itemId, at }) => {
      const put = (fake.state.itemCalls[itemId] ?? []).find((c) => c.method === 'PUT' && c.at >= at);
      return put ? put.at - at : null;
    });
  const deadline = Date.now() + 60_000;
  while (reached().some((ms) => ms === null) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const times = reached();
  const lost = times.filter((ms) => ms === null).length;
  const sorted = times.filter((ms) => ms !== null).sort((a, b) => a - b);
  const calls = Object.values(fake.state.itemCalls)
    .flat()
    .filter((c) => c.method === 'PUT' && c.at >= started).length;
  return { sentIn, sorted, lost, calls };
}

async function matches(url, token, fake, skus) {
  let equal = 0;
  for (const { sku, itemId } of skus) {
    const item = fake.state.items.get(itemId);
    const variation = item?.variations.find((v) => v.attributes.some((a) => a.id === 'SELLER_SKU' && a.value_name === sku));
    const stock = await call(url, token, 'GET', `/stock-movements?sku=${encodeURIComponent(sku)}`).catch(() => null);
    const units = stock?.movements?.[0]?.unitsAfter;
    if (variation && units !== undefined && variation.available_quantity === units) equal += 1;
  }
  return equal;
}

async function bench(kind, env) {
  const fake = await startFakeMercadoLibre({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const strapi = await startBenchStrapi({
    ...env,
    MERCADOLIBRE_CLIENT_ID: CLIENT_ID,
    MERCADOLIBRE_CLIENT_SECRET: CLIENT_SECRET,
    MERCADOLIBRE_AUTH_URL: fake.url,
    MERCADOLIBRE_API_URL: fake.url,
  });
  try {
    const { token, skus } = await prepare(strapi.url);
    const { sentIn, sorted, lost, calls } = await burst(strapi.url, fake, token, skus);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const equal = await matches(strapi.url, token, fake, skus);
    console.log(
      `\n${kind}: ${CHANGES} stock changes over ${ITEMS} items (${skus.length} variations), ${CLIENTS} clients, sent in ${sentIn} ms`,
    );
    console.log(
      `  reached Mercado Libre: p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms, max ${sorted.at(-1)} ms; not reached ${lost}`,
    );
    console.log(`  item writes during the burst: ${calls} (coalesced from ${CHANGES} changes)`);
    console.log(`  variations equal to the shop's units at the end: ${equal}/${skus.length}`);
    // The target: p95 within 5 s, nothing lost, Mercado Libre equal to the shop at the end.
    const p95 = percentile(sorted, 95);
    const met = p95 <= TARGET_P95_MS && lost === 0 && equal === skus.length;
    console.log(`  target (p95 ≤ ${TARGET_P95_MS} ms, none lost, all equal): ${met ? 'met' : 'MISSED'}`);
    if (!met) process.exitCode = 1;
  } finally {
    await strapi.stop();
    await fake.close();
  }
}

if (ONLY !== 'postgres') await benchOnThrowawaySqlite((kind, env) => bench(kind, env));
if (ONLY !== 'sqlite') await benchOnThrowawayPostgres((kind, env) => bench(kind, env), 'ANALYZE');
