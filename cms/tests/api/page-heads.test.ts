import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_PICTURE_SIZES, pictureSrcSet, type SiteContent } from '@shop/shared';
import { adminToken, api } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/orders';
import { testDatabase } from '../helpers/database';
import { startStrapi, type RunningStrapi } from '../helpers/strapi-process';

// A second process on the shared database, serving a small storefront build (its index.html as Vite writes it)
// with PUBLIC_URL set: the heads, the sitemap and robots.txt must use that address, never the request's.
const PUBLIC_URL = 'https://tienda.example';
const INDEX_HTML = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Lencería con envío en Neuquén." />
    <script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>
    <title>Jazmín Lencería · Neuquén</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// Vite's manifest of that build: the entry imports the React chunk; the product screen imports the entry, the React
// chunk and a size-picker chunk of its own.
const MANIFEST = {
  'index.html': { file: 'assets/index-AbCdEf12.js', isEntry: true, imports: ['_react-Rr11Xx22.js'] },
  '_react-Rr11Xx22.js': { file: 'assets/react-Rr11Xx22.js' },
  '_size-picker-Ss33Tt44.js': { file: 'assets/size-picker-Ss33Tt44.js', imports: ['_react-Rr11Xx22.js'] },
  'src/features/products/components/product-page.tsx': {
    file: 'assets/product-page-Pp55Qq66.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-Rr11Xx22.js', '_size-picker-Ss33Tt44.js'],
  },
  'src/features/catalog/components/category-page.tsx': {
    file: 'assets/category-page-Cc77Dd88.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-Rr11Xx22.js'],
    css: ['assets/category-page-Ee99.css'],
  },
};
const NASTY_TITLE = `Body "Noche" <b>&amp;</b></script><script>alert('x')</script> & 'más'`;

let dist: string;
/** A built script of the storefront, large enough to be served compressed. */
const ASSET_NAME = 'tienda-Ab12Cd34.js';
const ASSET = `export const filas = [${Array.from({ length: 400 }, (_, i) => `"fila ${i}"`).join(', ')}];\n`;
let shop: RunningStrapi;
let nasty: TestProduct;
let soldOut: TestProduct;
let hidden: TestProduct;
let content: SiteContent;

async function page(pathname: string, headers: Record<string, string> = { accept: 'text/html' }) {
  const res = await fetch(`${shop.url}${pathname}`, { headers });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** Text as written in HTML, decoded the way a browser or a preview bot reads it. */
function decodeHtml(raw: string | undefined): string | undefined {
  return raw
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The content attribute of `<meta {attr}="{name}" ...>`, decoded. */
function metaContent(html: string, attr: 'name' | 'property', name: string): string | undefined {
  return decodeHtml(new RegExp(`<meta ${attr}="${name.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1]);
}

function titleOf(html: string): string | undefined {
  return decodeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1]);
}

function jsonLdOf(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? 'null');
}

/** The API answers the page carries for its first screen (`<script type="application/json" id="shop-answers">`). */
function carriedAnswers(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/json" id="shop-answers">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? 'null');
}

const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
const imagePreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" ([^>]*) fetchpriority="high" \/>/g)].map((m) => m[1]);

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'shop-storefront-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', ASSET_NAME), ASSET);
  const database = { kind: inject('databaseKind'), env: inject('databaseEnv'), drop: async () => undefined };
  shop = await startStrapi(database, { STOREFRONT_DIST: dist, PUBLIC_URL });
  nasty = await createProduct({ stock: 3, price: 10000, discount: 20, title: NASTY_TITLE });
  soldOut = await createProduct({ stock: 0, price: 5000 });
  hidden = await createProduct({ stock: 2, status: false });
  content = (await api('/content')).body.content;
});

afterAll(async () => {
  await shop?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('product pages', () => {
  it('carry title, description, canonical, Open Graph, price, Twitter card and a JSON-LD Product, all escaped', async () => {
    const { status, html, headers } = await page(`/product/${nasty._id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    const url = `${PUBLIC_URL}/product/${nasty._id}`;
    expect(titleOf(html)).toBe(`${NASTY_TITLE} · Jazmín Lencería`);
    expect(metaContent(html, 'property', 'og:title')).toBe(`${NASTY_TITLE} · Jazmín Lencería`);
    expect(metaContent(html, 'name', 'twitter:title')).toBe(`${NASTY_TITLE} · Jazmín Lencería`);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaContent(html, 'property', 'og:url')).toBe(url);
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/uploads/variants/images/products/prueba-1200.jpg`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('8000');
    expect(metaContent(html, 'property', 'product:price:currency')).toBe('ARS');
    expect(metaContent(html, 'name', 'description')).toBe('Producto creado por las pruebas de órdenes');
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();
    // Nothing the title holds escaped its tags: the only scripts are the build's module, the JSON-LD block and the
    // carried answers (JSON, never run).
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain("alert('x')</script>");
    // The shop's own title and description were replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: NASTY_TITLE,
      sku: nasty._id,
      image: [`${PUBLIC_URL}/uploads/variants/images/products/prueba-1200.jpg`],
      offers: { '@type': 'Offer', price: 8000, priceCurrency: 'ARS', availability: 'https://schema.org/InStock', url },
    });
  });

  it('carry the API answers of the first screen, equal to what the API answers, escaped like the JSON-LD', async () => {
    const { html } = await page(`/product/${nasty._id}`);
    const answers = carriedAnswers(html);
    expect(Object.keys(answers).sort()).toEqual(['/content', `/products/${nasty._id}`]);
    expect(answers[`/products/${nasty._id}`]).toEqual((await api(`/products/${nasty._id}`)).body);
    expect(answers['/content']).toEqual((await api('/content')).body);
    expect((answers[`/products/${nasty._id}`] as { product: { title: string } }).product.title).toBe(NASTY_TITLE);
    const block = /id="shop-answers">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    // Before the build's scripts, so even the async head-start script finds them.
    expect(html.indexOf('id="shop-answers"')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('ask at once for the screen’s own chunks (not those index.html loads) and for the main picture in the gallery’s sizes', async () => {
    const { html } = await page(`/product/${nasty._id}`);
    expect(modulePreloads(html)).toEqual(['/assets/product-page-Pp55Qq66.js', '/assets/size-picker-Ss33Tt44.js']);
    const widths = [320, 640, 960, 1200].map((w) => `/uploads/variants/images/products/prueba-${w}.webp ${w}w`).join(', ');
    expect(imagePreloads(html)).toEqual([`imagesrcset="${widths}" imagesizes="(min-width: 960px) 600px, 100vw"`]);
    // The build's manifest is read by the server, not served.
    expect((await fetch(`${shop.url}/.vite/manifest.json`)).status).toBe(404);
  });

  it('a price change reaches the carried answer of the next page load (cached with the catalogue)', async () => {
    const product = await createProduct({ stock: 4, price: 9000, title: 'Body Rubí' });
    const priceIn = async () =>
      (carriedAnswers((await page(`/product/${product._id}`)).html)[`/products/${product._id}`] as { product: { price: number } }).product
        .price;
    expect(await priceIn()).toBe(9000);
    const res = await api(`/products/${product._id}`, { method: 'PUT', body: { price: 7500 }, token: await adminToken() });
    expect(res.status).toBe(200);
    // The write happened on the other process: within about a second this one reads the new version.
    const deadline = Date.now() + 3000;
    let price = await priceIn();
    while (price !== 7500 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      price = await priceIn();
    }
    expect(price).toBe(7500);
  });

  it('carry the 5 newest approved reviews in the JSON-LD, with the shown name only, escaped', async () => {
    const reviewed = await createProduct({ stock: 2, title: 'Conjunto Reseñado' });
    const db = testDatabase();
    try {
      const row = (i: number, status: string) => ({
        document_id: `ph${reviewed._id}${i}`.slice(0, 40),
        order_document_id: `ph-${reviewed._id}-${i}`,
        line_index: 0,
        product_document_id: reviewed._id,
        stars: i === 6 ? 3 : 5,
        fit: 'true',
        title: i === 6 ? 'Linda </script><script>alert(1)</script>' : '',
        body: i === 6 ? 'Calza justo & es suave' : `Opinión ${i}`,
        author: i === 6 ? 'María G.' : 'Ana P.',
        email: `ph-${i}@example.com`,
        review_status: status,
        created_at: new Date(Date.now() - (7 - i) * 60_000),
      });
      await db('reviews').insert([0, 1, 2, 3, 4, 5].map((i) => row(i, 'approved')));
      await db('reviews').insert(row(6, 'pending'));
      const pending = await db('reviews')
        .where({ document_id: row(6, 'pending').document_id })
        .first('id');
      // Approved through the API: every process's cached answers drop.
      expect((await api(`/reviews/${pending.id}`, { method: 'PUT', body: { status: 'approved' }, token: await adminToken() })).status).toBe(
        200,
      );
    } finally {
      await db.destroy();
    }
    const { html } = await page(`/product/${reviewed._id}`);
    const ld = jsonLdOf(html) as { aggregateRating: unknown; review: Record<string, unknown>[] };
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 7 });
    expect(ld.review).toHaveLength(5);
    expect(ld.review[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'María G.' },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      name: 'Linda </script><script>alert(1)</script>',
      reviewBody: 'Calza justo & es suave',
      reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
    });
    expect(ld.review.map((r) => r.reviewBody)).toEqual(['Calza justo & es suave', 'Opinión 5', 'Opinión 4', 'Opinión 3', 'Opinión 2']);
    expect(ld.review[1]).not.toHaveProperty('name');
    expect(html).not.toContain('@example.com');
    expect(html).not.toContain('alert(1)</script>');
  });

  it('say OutOfStock in the JSON-LD when no unit is left', async () => {
    const { html } = await page(`/product/${soldOut._id}`);
    expect(jsonLdOf(html)).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock', price: 5000 } });
  });

  it('are noindex with a not-found title (404) for an unknown or inactive product, and still carry the app', async () => {
    for (const id of ['no-existe-123', hidden._id, encodeURIComponent('<script>')]) {
      const { status, html } = await page(`/product/${id}`);
      expect(status, id).toBe(404);
      expect(metaContent(html, 'name', 'robots'), id).toBe('noindex');
      expect(titleOf(html), id).toBe('Producto no encontrado · Jazmín Lencería');
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('/assets/index-AbCdEf12.js');
      expect(html).not.toContain('application/ld+json');
      // Nothing to carry nor to preload: the app asks and shows 'Producto no encontrado'.
      expect(html).not.toContain('shop-answers');
      expect(html).not.toContain('rel="preload"');
    }
  });

  it('answer 304 to a client holding the same page', async () => {
    const first = await page(`/product/${nasty._id}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await page(`/product/${nasty._id}`, { accept: 'text/html', 'if-none-match': etag })).status).toBe(304);
  });

  it('follow a product save at once (the head is cached with the catalogue)', async () => {
    const product = await createProduct({ stock: 1, title: 'Pijama Lila' });
    expect(titleOf((await page(`/product/${product._id}`)).html)).toBe('Pijama Lila · Jazmín Lencería');
    const res = await api(`/products/${product._id}`, { method: 'PUT', body: { title: 'Pijama Celeste' }, token: await adminToken() });
    expect(res.status).toBe(200);
    const fresh = await page(`/product/${product._id}`);
    // The write happened on the other process: within about a second this one reads the new version.
    const deadline = Date.now() + 3000;
    let title = titleOf(fresh.html);
    while (title !== 'Pijama Celeste · Jazmín Lencería' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      title = titleOf((await page(`/product/${product._id}`)).html);
    }
    expect(title).toBe('Pijama Celeste · Jazmín Lencería');
  });
});

describe('home and category pages', () => {
  it('home carries the shop’s own title, description from the content and its canonical address', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Jazmín Lencería · Neuquén');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(metaContent(html, 'property', 'og:type')).toBe('website');
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Jazmín Lencería');
    const description = content.hero.mainDescription || content.hero.slogan || 'Lencería con envío en Neuquén.';
    expect(metaContent(html, 'name', 'description')).toBe(description.replace(/\s+/g, ' ').trim().slice(0, 160));
    expect(carriedAnswers(html)).toEqual({ '/content': (await api('/content')).body });
    expect(imagePreloads(html)).toEqual([`href="${content.hero.heroImage.url}"`]);
    expect(modulePreloads(html)).toEqual([]);
  });

  it('a category page is titled with its display name; an unknown category is noindex', async () => {
    const category = content.productCatalog.categories.find((c) => c.name !== '' && c.display_name !== '');
    expect(category).toBeDefined();
    const { status, html } = await page(`/category/${encodeURIComponent(category?.name ?? '')}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(`${category?.display_name} · Jazmín Lencería`);
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();
    // The first page as the category screen asks for it (page 1 of 12, by name), and its first card's picture.
    const name = category?.name ?? '';
    const query = `category=${encodeURIComponent(name).replace(/%20/g, '+')}&limit=12&page=1&sortBy=title&sortOrder=asc`;
    const firstPage = (await api(`/products?${query}`)).body as { payload: { thumbnails: string[] }[] };
    expect(carriedAnswers(html)).toEqual({ [`/products?${query}`]: firstPage, '/content': (await api('/content')).body });
    expect(modulePreloads(html)).toEqual(['/assets/category-page-Cc77Dd88.js']);
    const first = firstPage.payload[0]?.thumbnails[0] ?? '';
    expect(first).toMatch(/^\/(images|uploads)\//);
    const srcset = (pictureSrcSet(first) ?? '').replace(/&/g, '&amp;');
    expect(imagePreloads(html)).toEqual([`imagesrcset="${srcset}" imagesizes="${CARD_PICTURE_SIZES}"`]);
    const unknown = await page('/category/no-existe');
    expect(unknown.status).toBe(404);
    expect(metaContent(unknown.html, 'name', 'robots')).toBe('noindex');
  });

  it('JSON requests to a page path are not pages', async () => {
    const res = await page(`/product/${nasty._id}`, { accept: 'application/json' });
    expect(res.html).not.toContain('<title>');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists home, the categories and the active products with their last change', async () => {
    const res = await fetch(`${shop.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    for (const c of content.productCatalog.categories.filter((c) => c.name !== '')) {
      expect(xml).toContain(`<loc>${PUBLIC_URL}/category/${encodeURIComponent(c.name)}</loc>`);
    }
    expect(xml).toMatch(new RegExp(`<loc>${PUBLIC_URL}/product/${nasty._id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(xml).toContain(`/product/${soldOut._id}<`);
    expect(xml).not.toContain(hidden._id);
  });

  it('robots.txt keeps the back office, Strapi’s panel and the API out and points to the sitemap', async () => {
    const text = await (await fetch(`${shop.url}/robots.txt`)).text();
    for (const line of ['User-agent: *', 'Disallow: /admin', 'Disallow: /cms', 'Disallow: /api', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]) {
      expect(text.split('\n')).toContain(line);
    }
  });

  it('without PUBLIC_URL (development) the addresses use the request’s origin', async () => {
    const base = inject('baseUrl');
    const text = await (await fetch(`${base}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

describe('the built files', () => {
  it('are served in brotli and gzip from forms kept in the build’s .compressed folder (for the next start), which is never served', async () => {
    const sha1 = createHash('sha1').update(ASSET).digest('hex');
    expect(readdirSync(path.join(dist, '.compressed')).sort()).toEqual(expect.arrayContaining([`${sha1}.br`, `${sha1}.gz`]));
    for (const encoding of ['br', 'gzip']) {
      // fetch decodes the body: a wrong kept form would fail to decode or differ from the file.
      const res = await fetch(`${shop.url}/assets/${ASSET_NAME}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toBe(ASSET);
    }
    const kept = await fetch(`${shop.url}/.compressed/${sha1}.br`);
    expect(await kept.text()).not.toBe(ASSET);
    expect(kept.headers.get('content-encoding')).not.toBe('br');
  });
});
