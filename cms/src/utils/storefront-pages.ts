import type { Context } from 'koa';
import { MSG, PREVIEW_PICTURE_WIDTH, finalPrice, formatPrice, pictureVariantUrl, type Product, type SiteContent } from '@shop/shared';
import { AnswerCache, cachedAnswer, type CachedAnswer } from './answer-cache';
import { ensureFreshCatalogue } from './catalogue-version';
import { ApiError } from './http';
import { defaultsOf, plainSummary, withHead, type PageHead } from './page-head';

/**
 * What the server answers for the storefront's shareable pages before any script runs: `/`, `/product/{id}` and
 * `/category/{category}` get index.html with that page's head (page-head.ts), `/sitemap.xml` lists the pages worth
 * indexing and `/robots.txt` points to it. Built from the same services as the API and kept with the catalogue's
 * cached answers (emptied on every catalogue write).
 */

const HTML_TYPE = 'text/html; charset=utf-8';
const pages = new AnswerCache(1000);

/**
 * The shop's public address: PUBLIC_URL (required in production, see secrets.ts), else the origin the request
 * came to (development and tests).
 */
export function publicBaseUrl(ctx: Context): string {
  const configured = (process.env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  return configured !== '' ? configured : ctx.origin;
}

const content = (): Promise<SiteContent> => strapi.service('api::site-content.site-content').getContent();

async function visibleProduct(id: string): Promise<Product | null> {
  try {
    return await strapi.service('api::product.product').getVisible(id, false);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** An absolute URL of the picture's 1200-px copy (or of the picture itself when it has no copies). */
function previewPicture(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  const picture = pictureVariantUrl(url, PREVIEW_PICTURE_WIDTH, 'jpg') ?? url;
  if (/^https?:\/\//i.test(picture)) return picture;
  return picture.startsWith('/') ? `${base}${picture}` : undefined;
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

interface Shop {
  base: string;
  siteName: string;
  defaults: { title: string; description: string };
}

function productHead(shop: Shop, product: Product, canonical: string): PageHead {
  const price = finalPrice(product.price, product.discount);
  const image = previewPicture(product.thumbnails[0], shop.base);
  const description = plainSummary(product.description) || `${product.title} a ${formatPrice(price)} en ${shop.siteName}.`;
  return {
    title: `${product.title} · ${shop.siteName}`,
    description,
    canonical,
    image,
    type: 'product',
    siteName: shop.siteName,
    price,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description,
      ...(image ? { image: [image] } : {}),
      sku: product._id,
      productID: product._id,
      category: product.category,
      brand: { '@type': 'Brand', name: shop.siteName },
      offers: {
        '@type': 'Offer',
        price,
        priceCurrency: 'ARS',
        availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: canonical,
      },
    },
  };
}

/** The head of one storefront page and its status, or null for paths that keep the plain index.html. */
async function headOf(shop: Shop, path: string): Promise<{ status: number; head: PageHead } | null> {
  const canonical = `${shop.base}${path}`;
  const common = { canonical, siteName: shop.siteName, type: 'website' as const };
  if (path === '/') {
    const hero = (await content()).hero;
    const description = plainSummary(hero.mainDescription || hero.slogan) || shop.defaults.description;
    const image = previewPicture(hero.heroImage.url, shop.base);
    return { status: 200, head: { ...common, title: shop.defaults.title, description, image } };
  }
  const [, section, segment, ...rest] = path.split('/');
  if (rest.length > 0 || !segment) return null;
  const value = decodedSegment(segment);
  if (section === 'product') {
    const product = value === null ? null : await visibleProduct(value);
    if (product) return { status: 200, head: productHead(shop, product, canonical) };
    const title = `${MSG.product.notFound} · ${shop.siteName}`;
    return { status: 404, head: { ...common, title, description: shop.defaults.description, noindex: true } };
  }
  if (section === 'category') {
    const categories = (await content()).productCatalog.categories;
    const category = value === null ? undefined : categories.find((c) => c.name === value && c.name !== '');
    if (!category) {
      const title = `Categoría no encontrada · ${shop.siteName}`;
      return { status: 404, head: { ...common, title, description: shop.defaults.description, noindex: true } };
    }
    const name = category.display_name || category.name;
    const description = `${name} en ${shop.siteName}. ${shop.defaults.description}`.trim();
    return { status: 200, head: { ...common, title: `${name} · ${shop.siteName}`, description } };
  }
  return null;
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

async function sitemap(base: string): Promise<string> {
  const catalogue = await content();
  const list = await strapi.service('api::product.product').list({ isAdmin: false, sizes: [], sortOrder: 'asc', page: 1, limit: null });
  const urls: { loc: string; lastmod?: string }[] = [
    { loc: `${base}/` },
    ...catalogue.productCatalog.categories
      .filter((c) => c.name !== '')
      .map((c) => ({ loc: `${base}/category/${encodeURIComponent(c.name)}` })),
    ...list.payload.map((p) => ({ loc: `${base}/product/${encodeURIComponent(p._id)}`, lastmod: p.updatedAt })),
  ];
  const entries = urls.map((u) => `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${xml(u.lastmod)}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

function robots(base: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Disallow: /cms', 'Disallow: /api', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/**
 * The cached answer for `/sitemap.xml`, `/robots.txt` or a shareable page (when `isPage`: a browser or a preview
 * bot asking for HTML), or null when this path is not one of them.
 */
export async function storefrontAnswer(ctx: Context, indexHtml: string | null, isPage: boolean): Promise<CachedAnswer | null> {
  const path = ctx.path;
  const kind = path === '/sitemap.xml' || path === '/robots.txt' ? path : isPage && indexHtml ? 'page' : null;
  if (!kind) return null;
  if (kind === 'page' && !/^\/(?:$|(?:product|category)\/[^/]+$)/.test(path)) return null;
  const check = ensureFreshCatalogue();
  if (check) await check;
  const base = publicBaseUrl(ctx);
  const key = `${base} ${path}`;
  if (kind === '/robots.txt') return pages.getOrBuild(key, async () => cachedAnswer(200, 'text/plain; charset=utf-8', robots(base)));
  if (kind === '/sitemap.xml')
    return pages.getOrBuild(key, async () => cachedAnswer(200, 'application/xml; charset=utf-8', await sitemap(base)));
  const html = indexHtml ?? '';
  const defaults = defaultsOf(html);
  const shop: Shop = { base, defaults, siteName: defaults.title.split(' · ')[0] || defaults.title };
  try {
    return await pages.getOrBuild(key, async () => {
      const found = await headOf(shop, path);
      return found ? cachedAnswer(found.status, HTML_TYPE, withHead(html, found.head)) : cachedAnswer(200, HTML_TYPE, html);
    });
  } catch (err) {
    // The database failing must not take the app down with it: the plain index.html (not cached) still loads it.
    strapi.log.warn(`[pages] head of ${path} not built: ${err instanceof Error ? err.message : String(err)}`);
    return cachedAnswer(200, HTML_TYPE, html);
  }
}
