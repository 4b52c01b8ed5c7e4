import type { Context } from 'koa';
import {
  CARD_PICTURE_SIZES,
  GALLERY_PICTURE_SIZES,
  MSG,
  PREVIEW_PICTURE_WIDTH,
  finalPrice,
  categoryFirstPageParams,
  formatPrice,
  pageAnswerKey,
  pictureSrcSet,
  pictureVariantUrl,
  type Product,
  type Review,
  type SiteContent,
} from '@shop/shared';
import { cachedAnswer, type CachedAnswer } from '../../utils/answer-cache';
import { ensureFreshCatalogue, AnswerCache, withNetPrices } from '../catalogue';
import { ApiError } from '../../utils/http';
import { publicBaseUrl } from '../../utils/public-url';
import { defaultsOf, plainSummary, withHead, type PageHead, type PageHints } from './page-head';
import { productJsonLd } from './product-json-ld';
import { shopServices } from '../platform';
import { latestReviews } from '../reviews';

/**
 * What the server answers for the storefront's shareable pages before any script runs: `/`, `/product/{id}` and
 * `/category/{category}` get index.html with that page's head (page-head.ts), `/sitemap.xml` lists the pages worth
 * indexing and `/robots.txt` points to it. Built from the same services as the API and kept with the catalogue's
 * cached answers (emptied on every catalogue write).
 */

const HTML_TYPE = 'text/html; charset=utf-8';
const pages = new AnswerCache(1000);

/** The built storefront: its index.html and the module scripts of the screens a shared link opens. */
export interface StorefrontSite {
  indexHtml: string;
  screens: ScreenModules;
}

export interface ScreenModules {
  product: string[];
  category: string[];
}

/** The screens' sources as Vite's manifest names them (storefront/src/app/routes.tsx loads them lazily). */
const SCREEN_SOURCES: Record<keyof ScreenModules, string> = {
  product: 'src/features/products/components/product-page.tsx',
  category: 'src/features/catalog/components/category-page.tsx',
};

interface ManifestChunk {
  file?: unknown;
  imports?: unknown;
}

/**
 * From the storefront's Vite manifest (`dist/.vite/manifest.json`): for each screen, its chunk and every chunk it
 * imports that the entry does not already load (those are in index.html already). An absent or unreadable manifest
 * (a hand-made build, a test) gives no hints; the pages work the same, only later.
 */
export function screenModulesOf(manifestJson: string | null): ScreenModules {
  const none: ScreenModules = { product: [], category: [] };
  if (!manifestJson) return none;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(manifestJson) as Record<string, ManifestChunk>;
  } catch {
    return none;
  }
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return seen;
    seen.add(key);
    for (const next of Array.isArray(chunk.imports) ? chunk.imports : []) if (typeof next === 'string') closure(next, seen);
    return seen;
  };
  const entry = closure('index.html');
  const modulesOf = (source: string) =>
    [...closure(source)]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => typeof file === 'string' && file.endsWith('.js'))
      .map((file) => `/${file}`);
  return { product: modulesOf(SCREEN_SOURCES.product), category: modulesOf(SCREEN_SOURCES.category) };
}

/**
 * The preload hint of a picture the page draws at `sizes` (its WebP copies when it has them), or drawn as is (no
 * srcset) when `sizes` is null.
 */
function pictureHint(url: string | undefined, sizes: string | null): PageHints['picture'] {
  const href = url?.trim();
  if (!href || href.startsWith('data:')) return undefined;
  return { href, srcset: sizes === null ? null : pictureSrcSet(href), sizes: sizes ?? '' };
}

const firstPicture = (product: Product | undefined) => product?.thumbnails.find((t) => t.trim() !== '');

const content = (): Promise<SiteContent> => strapi.service('api::site-content.site-content').getContent();

/** The category page's first request (page 1, sorted by name) as the public API answers it (net prices included). */
async function firstPageOf(category: string) {
  const page = await strapi.service('api::product.product').list({ isAdmin: false, sizes: [], ...categoryFirstPageParams(category) });
  const now = await content();
  return { ...page, payload: page.payload.map((product) => withNetPrices(product, now)) };
}

async function visibleProduct(id: string): Promise<Product | null> {
  try {
    return withNetPrices(await strapi.service('api::product.product').getVisible(id, false), await content());
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
  screens: ScreenModules;
}

function productHead(shop: Shop, product: Product, canonical: string, site: SiteContent | null, reviews: readonly Review[]): PageHead {
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
    hints: { modules: shop.screens.product, picture: pictureHint(firstPicture(product), GALLERY_PICTURE_SIZES) },
    answers: {
      [pageAnswerKey(`/products/${encodeURIComponent(product._id)}`)]: { product },
      ...(site ? { [pageAnswerKey('/content')]: { content: site, services: shopServices() } } : {}),
    },
    jsonLd: productJsonLd(product, { description, image, price, canonical, siteName: shop.siteName }, reviews),
  };
}

/** The head of one storefront page and its status, or null for paths that keep the plain index.html. */
async function headOf(shop: Shop, path: string): Promise<{ status: number; head: PageHead } | null> {
  const canonical = `${shop.base}${path}`;
  const common = { canonical, siteName: shop.siteName, type: 'website' as const };
  if (path === '/') {
    const site = await content();
    const hero = site.hero;
    const description = plainSummary(hero.mainDescription || hero.slogan) || shop.defaults.description;
    const image = previewPicture(hero.heroImage.url, shop.base);
    // The hero is drawn as is (no srcset) and is the home page's largest picture.
    const hints: PageHints = { picture: pictureHint(hero.heroImage.url, null) };
    const answers = { [pageAnswerKey('/content')]: { content: site, services: shopServices() } };
    return { status: 200, head: { ...common, title: shop.defaults.title, description, image, hints, answers } };
  }
  const [, section, segment, ...rest] = path.split('/');
  if (rest.length > 0 || !segment) return null;
  const value = decodedSegment(segment);
  if (section === 'product') {
    const product = value === null ? null : await visibleProduct(value);
    if (product) {
      // The content only rides along for the app; without it the preview is still complete.
      const [site, reviews] = await Promise.all([content().catch(() => null), product.rating ? latestReviews(product._id, 5) : []]);
      return { status: 200, head: productHead(shop, product, canonical, site, reviews) };
    }
    const title = `${MSG.product.notFound} · ${shop.siteName}`;
    return { status: 404, head: { ...common, title, description: shop.defaults.description, noindex: true } };
  }
  if (section === 'category') {
    const site = await content();
    const categories = site.productCatalog.categories;
    const category = value === null ? undefined : categories.find((c) => c.name === value && c.name !== '');
    if (!category) {
      const title = `Categoría no encontrada · ${shop.siteName}`;
      return { status: 404, head: { ...common, title, description: shop.defaults.description, noindex: true } };
    }
    const name = category.display_name || category.name;
    const description = `${name} en ${shop.siteName}. ${shop.defaults.description}`.trim();
    const firstPage = await firstPageOf(category.name);
    const hints: PageHints = {
      modules: shop.screens.category,
      picture: pictureHint(firstPicture(firstPage.payload[0]), CARD_PICTURE_SIZES),
    };
    const answers = {
      [pageAnswerKey('/products', categoryFirstPageParams(category.name))]: firstPage,
      [pageAnswerKey('/content')]: { content: site, services: shopServices() },
    };
    return { status: 200, head: { ...common, title: `${name} · ${shop.siteName}`, description, hints, answers } };
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
export async function storefrontAnswer(ctx: Context, site: StorefrontSite | null, isPage: boolean): Promise<CachedAnswer | null> {
  const path = ctx.path;
  const indexHtml = site?.indexHtml ?? null;
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
  const screens = site?.screens ?? { product: [], category: [] };
  const shop: Shop = { base, defaults, screens, siteName: defaults.title.split(' · ')[0] || defaults.title };
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
