import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestSellersAnswerSchema, productListAnswerSchema, searchMissesAnswerSchema, type SiteContent } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { expectAdminOnly } from '../helpers/auth-matrix';
import { inviteStaff } from '../helpers/staff';

// A category of this file's own: the table's queries are asked within it (plus a few across the whole catalogue), so
// other files' products never change which product comes first.
// Digits only: no letters of the run can make a short query word match by accident.
const RUN = String(Date.now());
const CATEGORY = `busqueda-${RUN}`;
let originalContent: SiteContent;
const ids = new Map<string, string>();

const PRODUCTS = [
  { title: 'Corpiño Aurelia de encaje', description: 'Corpiño con aro, encaje francés', colors: ['Negro', 'Rojo'] },
  { title: 'Bombacha Aurelia tiro alto', description: 'Algodón suave', colors: ['Negro'] },
  { title: 'Conjunto Brisa satén', description: 'Corpiño y bombacha de satén con puntilla', colors: ['Nude'] },
  { title: 'Body Lúa transparencia', description: 'Body de tul con <b>encaje</b>', colors: ['Blanco'] },
  { title: 'Camisón Séfora', description: 'Camisón largo de seda, ideal para regalar', colors: ['Champagne'] },
  { title: 'Pijama Otoño polar', description: 'Pijama abrigado de polar', colors: ['Gris'] },
  { title: 'Corpiño deportivo Ágil', description: 'Sin aro, para entrenar', colors: ['Negro'] },
] as const;

async function search(term: string, extra = '', token?: string) {
  const query = `searchTerm=${encodeURIComponent(term)}&category=${encodeURIComponent(CATEGORY)}${extra}`;
  const res = await api(`/products?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return productListAnswerSchema.parse(res.body);
}

beforeAll(async () => {
  const token = await adminToken();
  originalContent = (await api('/content')).body.content;
  const content = structuredClone(originalContent);
  content.productCatalog.categories = [...content.productCatalog.categories, { name: CATEGORY, display_name: 'Búsqueda' }];
  expect((await api('/content', { method: 'PUT', token, body: content })).status).toBe(200);
  // One after another: creation order breaks ties (newest first).
  for (const p of PRODUCTS) {
    const body = {
      ...p,
      colors: p.colors.map((name) => ({ name, value: '#000000' })),
      price: 10000,
      category: CATEGORY,
      size: ['M'],
      stockBySize: { M: 3 },
      stock: 3,
      thumbnails: ['/images/products/prueba.webp'],
    };
    const res = await api('/products', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.set(p.title, res.body.product._id);
  }
});

afterAll(async () => {
  const token = await adminToken();
  for (const id of ids.values()) await api(`/products/${id}`, { method: 'DELETE', token });
  if (originalContent) await api('/content', { method: 'PUT', token, body: originalContent });
});

describe('search that forgives', () => {
  // query → the product that must come first (null: nothing found).
  const TABLE: [string, string | null][] = [
    ['corpino aurelia', 'Corpiño Aurelia de encaje'],
    ['CORPIÑO AURELIA', 'Corpiño Aurelia de encaje'],
    ['aurelia corpiño', 'Corpiño Aurelia de encaje'],
    ['encaje negro corpiño', 'Corpiño Aurelia de encaje'],
    ['bonbacha aurelia', 'Bombacha Aurelia tiro alto'],
    ['bombacha', 'Bombacha Aurelia tiro alto'],
    ['saten', 'Conjunto Brisa satén'],
    ['SATÉN brisa', 'Conjunto Brisa satén'],
    ['lua', 'Body Lúa transparencia'],
    ['sefora', 'Camisón Séfora'],
    ['camison seda', 'Camisón Séfora'],
    ['otono', 'Pijama Otoño polar'],
    ['polar pijama', 'Pijama Otoño polar'],
    ['pijma polar', 'Pijama Otoño polar'],
    ['agil', 'Corpiño deportivo Ágil'],
    ['deportvo', 'Corpiño deportivo Ágil'],
    ['corpino sin aro', 'Corpiño deportivo Ágil'],
    ['tul', 'Body Lúa transparencia'],
    ['encaje', 'Corpiño Aurelia de encaje'],
    ['regalar seda', 'Camisón Séfora'],
    ['blanco body', 'Body Lúa transparencia'],
    ['transparensia', 'Body Lúa transparencia'],
    ['ttransparencia', 'Body Lúa transparencia'],
    ['trasnparencia', 'Body Lúa transparencia'],
    ['corpiño, ¿aurelia?', 'Corpiño Aurelia de encaje'],
    // Every word must match: no product is both a bombacha and champagne.
    ['bombacha champagne', null],
    // Words under 5 letters get no typo: "bodi" is not "body".
    ['bodi', null],
    // Two typos in one word are too many.
    ['bonbacja', null],
    ['¿?', null],
  ];

  it.each(TABLE)('«%s» finds %s first', async (query, expected) => {
    const page = await search(query);
    if (expected === null) {
      expect(page.totalDocs).toBe(0);
      expect(page.payload).toEqual([]);
    } else {
      expect(page.payload[0]?.title).toBe(expected);
    }
  });

  it('ranks a title match before a description match, and every match is counted', async () => {
    const page = await search('corpiño');
    const titles = page.payload.map((p) => p.title);
    expect(page.totalDocs).toBe(3);
    // Two titles start with it (newest first), then the set whose description names it.
    expect(titles).toEqual(['Corpiño deportivo Ágil', 'Corpiño Aurelia de encaje', 'Conjunto Brisa satén']);
  });

  it('pages and sorts the matches when asked (sortBy overrides relevance)', async () => {
    const first = await search('corpiño', '&limit=2&page=1');
    const second = await search('corpiño', '&limit=2&page=2');
    expect(first.totalPages).toBe(2);
    expect([...first.payload, ...second.payload].map((p) => p.title)).toHaveLength(3);
    const byTitle = await search('corpiño', '&sortBy=title&sortOrder=asc');
    expect(byTitle.payload.map((p) => p.title)).toEqual(['Conjunto Brisa satén', 'Corpiño Aurelia de encaje', 'Corpiño deportivo Ágil']);
  });

  it('searches the whole catalogue too, and the demo catalogue by its accented words', async () => {
    const res = await api(`/products?searchTerm=${encodeURIComponent('aurelia')}&limit=50`);
    const titles = productListAnswerSchema.parse(res.body).payload.map((p) => p.title);
    expect(titles.slice(0, 2).sort()).toEqual(['Bombacha Aurelia tiro alto', 'Corpiño Aurelia de encaje']);
    const demo = productListAnswerSchema.parse((await api('/products?searchTerm=corpino&limit=50')).body);
    expect(demo.totalDocs).toBeGreaterThan(0);
    for (const p of demo.payload) expect(`${p.title} ${p.description} ${p.category}`.toLowerCase()).toMatch(/corpi[nñ]o/);
  });

  it('follows every save: a renamed product is found by its new title and no longer by the old one', async () => {
    const id = ids.get('Pijama Otoño polar') ?? '';
    const token = await adminToken();
    const renamed = await api(`/products/${id}`, { method: 'PUT', token, body: { title: 'Pijama Invierno polar' } });
    expect(renamed.status).toBe(200);
    expect((await search('invierno')).payload.map((p) => p.title)).toEqual(['Pijama Invierno polar']);
    expect((await search('otono')).totalDocs).toBe(0);
    await api(`/products/${id}`, { method: 'PUT', token, body: { title: 'Pijama Otoño polar' } });
    expect((await search('otoño')).payload[0]?.title).toBe('Pijama Otoño polar');
  });

  it('finds inactive products for staff only', async () => {
    const id = ids.get('Camisón Séfora') ?? '';
    const token = await adminToken();
    expect((await api(`/products/${id}`, { method: 'PUT', token, body: { status: false } })).status).toBe(200);
    try {
      expect((await search('sefora')).totalDocs).toBe(0);
      expect((await search('sefora', '', token)).payload[0]?.title).toBe('Camisón Séfora');
    } finally {
      await api(`/products/${id}`, { method: 'PUT', token, body: { status: true } });
    }
  });
});

describe('best sellers (shown when a search finds nothing)', () => {
  it('answers at most `limit` active products with stock, none twice; junk limits fall back', async () => {
    for (const limit of ['3', '12', '999', 'abc']) {
      const res = await api(`/products/best-sellers?limit=${limit}`);
      expect(res.status).toBe(200);
      const { payload } = bestSellersAnswerSchema.parse(res.body);
      expect(payload.length).toBeLessThanOrEqual(limit === '3' ? 3 : 12);
      expect(payload.length).toBeGreaterThan(0);
      expect(new Set(payload.map((p) => p._id)).size).toBe(payload.length);
      for (const p of payload) expect(p.status && p.stock > 0, p.title).toBe(true);
    }
  });
});

describe('searches without results', () => {
  const missing = `zapatilla plateada ${RUN}`;

  it('counts a submitted search that finds nothing, not one that finds something', async () => {
    for (const term of [missing, missing.toUpperCase(), 'corpino aurelia']) {
      const res = await api('/interactions', { body: { type: 'search', data: { searchTerm: term } } });
      expect(res.status).toBe(201);
    }
    const res = await api('/insight/search-misses?days=7', { token: await adminToken() });
    expect(res.status).toBe(200);
    const answer = searchMissesAnswerSchema.parse(res.body);
    expect(answer.days).toBe(7);
    const mine = answer.terms.find((t) => t.term.toLowerCase() === missing);
    expect(mine).toMatchObject({ searches: 2, term: missing.toUpperCase() });
    expect(answer.terms.some((t) => t.term === 'corpino aurelia')).toBe(false);
  });

  it('is staff data: no token, a garbage token and a shopper are refused; every role may read it', async () => {
    await expectAdminOnly('GET', '/insight/search-misses');
    const sales = await inviteStaff(await adminToken(), 'sales');
    expect((await api('/insight/search-misses', { token: sales })).status).toBe(200);
  });

  it('takes junk days without failing', async () => {
    const token = await adminToken();
    for (const days of ['0', '-5', 'abc', '100000', '%00']) {
      const res = await api(`/insight/search-misses?days=${days}`, { token });
      expect(res.status, days).toBeLessThan(500);
    }
  });
});
