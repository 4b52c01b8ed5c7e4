import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DEFAULT_GOOGLE_PRODUCT_CATEGORY, META_FEED_COLUMNS, type SiteContent } from '@shop/shared';
import { adminToken, api } from '../helpers/api';

// Products of a category of this file's own (with its Google category set in the content), and one of the
// default category with nothing set.
const RUN = String(Date.now());
const CATEGORY = `feed-${RUN}`;
const GOOGLE_CATEGORY = 'Apparel & Accessories > Clothing > Underwear & Socks > Bras';
const TRICKY_TITLE = `Conjunto "Noche, día" & Ñandú ${RUN} <b>`;
let originalContent: SiteContent;
const made: Record<'discounted' | 'soldOut' | 'inactive', string> = { discounted: '', soldOut: '', inactive: '' };

const feedUrl = (path: string) => `${inject('baseUrl')}${path}`;

async function fetchFeed(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(feedUrl(path), { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

type Row = Record<(typeof META_FEED_COLUMNS)[number], string>;

async function metaRows(): Promise<Row[]> {
  const feed = await fetchFeed('/feeds/meta.csv');
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toMatch(/^text\/csv/);
  // A strict RFC 4180 parse: every row has the header's columns.
  return parseCsv(feed.text, { columns: true, skip_empty_lines: true, relax_column_count: false }) as Row[];
}

interface GoogleItem {
  title: string;
  description: string;
  link: string;
  [key: `g:${string}`]: string | number;
}

async function googleItems(): Promise<GoogleItem[]> {
  const feed = await fetchFeed('/feeds/google.xml');
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(XMLValidator.validate(feed.text)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, processEntities: true, htmlEntities: false }).parse(feed.text);
  expect(doc.rss['@_version']).toBe('2.0');
  expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  const items: unknown = doc.rss.channel.item;
  return (Array.isArray(items) ? items : [items]) as GoogleItem[];
}

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await api('/products', {
    token: await adminToken(),
    body: { price: 20000, category: CATEGORY, description: 'Producto del feed', thumbnails: ['/images/products/prueba.webp'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product._id;
}

const BARCODE = '7790001000026';
/** The discounted product's SKU per variant id ("negro~85B"). */
let skuOf: Record<string, string> = {};

beforeAll(async () => {
  const token = await adminToken();
  originalContent = (await api('/content')).body.content;
  const content = structuredClone(originalContent);
  content.productCatalog.categories = [
    ...content.productCatalog.categories,
    { name: CATEGORY, display_name: 'Feed', google_product_category: GOOGLE_CATEGORY },
  ];
  expect((await api('/content', { method: 'PUT', token, body: content })).status).toBe(200);
  made.discounted = await create({
    title: TRICKY_TITLE,
    description: '<p>Encaje <strong>francés</strong>,\nbretel regulable &amp; "aro"</p>',
    discount: 25,
    size: ['85B', '90C'],
    colors: [
      { name: 'Negro', value: '#000' },
      { name: 'Rojo', value: '#c00' },
    ],
    // One item per active variant: Rojo 90C is not sold, so three items.
    variants: [
      { color: 'Negro', size: '85B', stock: 2, barcode: BARCODE },
      { color: 'Negro', size: '90C', stock: 0 },
      { color: 'Rojo', size: '85B', stock: 0 },
      { color: 'Rojo', size: '90C', stock: 4, active: false },
    ],
  });
  const answer = await api(`/products/${made.discounted}`);
  skuOf = Object.fromEntries(answer.body.product.variants.map((v: { id: string; sku: string }) => [v.id, v.sku]));
  // A category whose Google category the owner left empty: the default.
  made.soldOut = await create({ title: `Bombacha agotada ${RUN}`, size: ['M'], stockBySize: { M: 0 }, stock: 0, category: 'conjuntos' });
  made.inactive = await create({ title: `Inactivo ${RUN}`, size: ['M'], stockBySize: { M: 5 }, stock: 5, status: false });
});

afterAll(async () => {
  const token = await adminToken();
  for (const id of Object.values(made)) if (id) await api(`/products/${id}`, { method: 'DELETE', token });
  if (originalContent) await api('/content', { method: 'PUT', token, body: originalContent });
});

describe('catalogue feeds', () => {
  it('Meta CSV: one row per active variant, every field right, quoting survived a real parser', async () => {
    const base = inject('baseUrl');
    const rows = await metaRows();
    const mine = rows.filter((r) => r.item_group_id === made.discounted);
    expect(mine.map((r) => r.id).sort()).toEqual(
      ['negro~85B', 'negro~90C', 'rojo~85B'].map((id) => `${made.discounted}-${skuOf[id]}`).sort(),
    );
    const row85 = mine.find((r) => r.size === '85B' && r.color === 'Negro');
    expect(row85).toEqual({
      id: `${made.discounted}-${skuOf['negro~85B']}`,
      item_group_id: made.discounted,
      title: TRICKY_TITLE.replace(' <b>', '').trim(),
      description: 'Encaje francés , bretel regulable & "aro"',
      availability: 'in stock',
      condition: 'new',
      price: '20000.00 ARS',
      sale_price: '15000.00 ARS',
      link: `${base}/product/${made.discounted}?color=Negro&talle=85B`,
      image_link: `${base}/uploads/variants/images/products/prueba-1200.jpg`,
      brand: 'Jazmín Lencería',
      size: '85B',
      color: 'Negro',
      gtin: BARCODE,
      mpn: skuOf['negro~85B'],
      google_product_category: GOOGLE_CATEGORY,
      gender: 'female',
      age_group: 'adult',
    });
    expect(mine.find((r) => r.size === '90C')).toMatchObject({
      availability: 'out of stock',
      link: `${base}/product/${made.discounted}?color=Negro&talle=90C`,
      gtin: '',
    });
    // Another colour of the same size has its own availability.
    expect(mine.find((r) => r.size === '85B' && r.color === 'Rojo')).toMatchObject({
      availability: 'out of stock',
      mpn: skuOf['rojo~85B'],
    });

    const soldOut = rows.find((r) => r.item_group_id === made.soldOut);
    expect(soldOut).toMatchObject({
      id: expect.stringMatching(new RegExp(`^${made.soldOut}-BOMBACHA-AGOTADA-`)),
      availability: 'out of stock',
      sale_price: '',
      price: '20000.00 ARS',
      google_product_category: DEFAULT_GOOGLE_PRODUCT_CATEGORY,
    });
    expect(rows.some((r) => r.item_group_id === made.inactive)).toBe(false);
    // Every row of the whole feed has an absolute link and picture.
    for (const row of rows) {
      expect(row.link.startsWith(`${base}/product/`)).toBe(true);
      expect(row.price).toMatch(/^\d+\.00 ARS$/);
    }
  });

  it('Google RSS: well-formed, escaped, the g: fields of each variant', async () => {
    const base = inject('baseUrl');
    const items = await googleItems();
    const mine = items.filter((i) => i['g:item_group_id'] === made.discounted);
    expect(mine).toHaveLength(3);
    const item85 = mine.find((i) => i['g:size'] === '85B' && i['g:color'] === 'Negro');
    expect(item85).toEqual({
      'g:id': `${made.discounted}-${skuOf['negro~85B']}`,
      'g:item_group_id': made.discounted,
      title: TRICKY_TITLE.replace(' <b>', '').trim(),
      description: 'Encaje francés , bretel regulable & "aro"',
      link: `${base}/product/${made.discounted}?color=Negro&talle=85B`,
      'g:image_link': `${base}/uploads/variants/images/products/prueba-1200.jpg`,
      'g:availability': 'in stock',
      'g:condition': 'new',
      'g:price': '20000.00 ARS',
      'g:sale_price': '15000.00 ARS',
      'g:brand': 'Jazmín Lencería',
      'g:size': '85B',
      'g:color': 'Negro',
      'g:gtin': BARCODE,
      'g:mpn': skuOf['negro~85B'],
      'g:google_product_category': GOOGLE_CATEGORY,
      'g:gender': 'female',
      'g:age_group': 'adult',
    });
    expect(mine.find((i) => i['g:size'] === '90C')?.['g:availability']).toBe('out of stock');
    const soldOut = items.find((i) => i['g:item_group_id'] === made.soldOut);
    expect(soldOut?.['g:availability']).toBe('out of stock');
    expect(soldOut && 'g:sale_price' in soldOut).toBe(false);
    expect(items.some((i) => i['g:item_group_id'] === made.inactive)).toBe(false);
  });

  it('answers 304 to a matching ETag or Last-Modified, and a new feed once a product changes', async () => {
    const first = await fetchFeed('/feeds/google.xml');
    const etag = first.headers.get('etag') ?? '';
    const modified = first.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^"/);
    expect(Number.isFinite(Date.parse(modified))).toBe(true);
    expect((await fetchFeed('/feeds/google.xml', { 'if-none-match': etag })).status).toBe(304);
    expect((await fetchFeed('/feeds/google.xml', { 'if-modified-since': modified })).status).toBe(304);
    expect((await fetchFeed('/feeds/meta.csv', { 'if-none-match': etag })).status).toBe(200);

    // Selling out the last size: the product's rows say so at once, and the old ETag no longer matches.
    const token = await adminToken();
    const saved = await api(`/products/${made.discounted}`, { method: 'PUT', token, body: { stockBySize: { '85B': 0, '90C': 0 } } });
    expect(saved.status).toBe(200);
    const after = await fetchFeed('/feeds/google.xml', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const items = await googleItems();
    expect(items.filter((i) => i['g:item_group_id'] === made.discounted).map((i) => i['g:availability'])).toEqual([
      'out of stock',
      'out of stock',
      'out of stock',
    ]);
    await api(`/products/${made.discounted}`, { method: 'PUT', token, body: { stockBySize: { '85B': 2, '90C': 0 } } });
  });

  it('is public, compressed for clients that accept it, and not under /api', async () => {
    const res = await fetch(feedUrl('/feeds/meta.csv'), { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await fetch(feedUrl('/feeds/other.csv'))).status).toBe(404);
  });
});
