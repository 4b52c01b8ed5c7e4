import { PAGE_ANSWERS_ELEMENT_ID } from '@shop/shared';

/**
 * The `<head>` of a storefront page for search engines and link previews (WhatsApp, Instagram, Facebook, X):
 * title, description, canonical URL, Open Graph, Twitter card and, for a product, a JSON-LD `Product`.
 * Every value comes from the catalogue (titles the staff typed), so every value is escaped for where it goes:
 * HTML text and attributes get entities, JSON-LD gets `<`, `>` and `&` as \u escapes so that no `</script>` can
 * ever appear inside the script element.
 */

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonical: string;
  /** Absolute URL of the preview picture, if any. */
  image?: string;
  type: 'website' | 'product';
  siteName: string;
  /** Final price in pesos (integer) for a product. */
  price?: number;
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
  /** What the page will need first, asked for while the HTML is still arriving (not part of the preview). */
  hints?: PageHints;
  /**
   * The public API answers the page's first screen asks for, keyed by pageAnswerKey (shared/pages/page-answers.ts): carried
   * in the page, so the storefront renders without waiting for them.
   */
  answers?: Record<string, unknown>;
}

/**
 * Loading hints for a page whose screen is drawn by the storefront's code: without them the browser only learns
 * about the screen's chunk once the entry has run, and about its first picture once the screen has rendered.
 */
export interface PageHints {
  /** The screen's own module scripts (its chunk and the chunks it imports that the entry does not). */
  modules?: string[];
  /** The picture drawn first and largest (the product's main picture, the first card's). */
  picture?: { href: string; srcset: string | null; sizes: string };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe inside HTML text and inside a double- or single-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** JSON that cannot end the `<script>` element it sits in, nor start a comment or an entity in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One line of text for a description: no line breaks or repeated blanks, at most `max` characters. */
export function plainSummary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;

/**
 * `<link rel=modulepreload>` as Vite writes it (crossorigin, so the module request reuses it) and an image preload
 * with the same srcset and sizes as the `<img>` the page renders, so both pick the same copy.
 */
function hintTags(hints: PageHints): string[] {
  const tags = (hints.modules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  const picture = hints.picture;
  if (picture) {
    const source = picture.srcset
      ? `imagesrcset="${escapeHtml(picture.srcset)}" imagesizes="${escapeHtml(picture.sizes)}"`
      : `href="${escapeHtml(picture.href)}"`;
    tags.push(`<link rel="preload" as="image" ${source} fetchpriority="high" />`);
  }
  return tags;
}

export function renderHeadTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    property('og:site_name', head.siteName),
    property('og:locale', 'es_AR'),
    property('og:type', head.type),
    property('og:title', head.title),
    property('og:description', head.description),
    property('og:url', head.canonical),
    meta('twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('twitter:title', head.title),
    meta('twitter:description', head.description),
  ];
  if (head.noindex) tags.push(meta('robots', 'noindex'));
  if (head.image) {
    tags.push(property('og:image', head.image), property('og:image:alt', head.title), meta('twitter:image', head.image));
  }
  if (head.price !== undefined) {
    tags.push(property('product:price:amount', String(head.price)), property('product:price:currency', 'ARS'));
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`);
  if (head.hints) tags.push(...hintTags(head.hints));
  return tags.join('\n    ');
}

/** The carried answers' data block (never run: `type="application/json"`), escaped like the JSON-LD. */
function answersTag(answers: Record<string, unknown>): string {
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`;
}

/**
 * The built index.html with this page's head: its own `<title>` and description are replaced, the other tags go
 * just before `</head>`, the carried answers before the first script.
 */
export function withHead(indexHtml: string, head: PageHead): string {
  const stripped = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) return stripped;
  const html = `${stripped.slice(0, at)}  ${renderHeadTags(head)}\n  ${stripped.slice(at)}`;
  if (!head.answers) return html;
  // Before the build's scripts: the async head-start script may run as soon as it arrives, and must find them.
  const firstScript = html.slice(0, html.search(/<\/head>/i)).search(/<script\b/i);
  const where = firstScript >= 0 ? firstScript : html.search(/<\/head>/i);
  return `${html.slice(0, where)}${answersTag(head.answers)}\n    ${html.slice(where)}`;
}

/** The `<title>` and description the built index.html carries (the shop's own, set at build time). */
export function defaultsOf(indexHtml: string): { title: string; description: string } {
  const decode = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');
  const title = /<title>([\s\S]*?)<\/title>/i.exec(indexHtml)?.[1]?.trim() ?? '';
  const description = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(indexHtml)?.[1] ?? '';
  return { title: decode(title), description: decode(description) };
}
