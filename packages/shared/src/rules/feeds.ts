import type { Product } from '../contract/products.js';
import { DEFAULT_GOOGLE_PRODUCT_CATEGORY } from '../contract/search.js';
import { finalPrice } from './pricing.js';
import { photosForColor, variantsOf } from './variants.js';

/**
 * The catalogue feeds for Meta (Commerce Manager's CSV) and Google (Merchant Center's RSS 2.0 with the `g:`
 * namespace): one item per active product and size (docs/api.md "Catalogue feeds"). Pure: the server streams the
 * products through these in batches.
 */

export interface FeedItem {
  id: string;
  itemGroupId: string;
  title: string;
  description: string;
  availability: 'in stock' | 'out of stock';
  condition: 'new';
  price: string;
  /** Only when the product is discounted. */
  salePrice: string | null;
  link: string;
  imageLink: string;
  brand: string;
  /** '' for a product without sizes. */
  size: string;
  color: string;
  /** The variant's barcode (EAN-13 / UPC-A), '' when it has none. */
  gtin: string;
  /** The variant's SKU. */
  mpn: string;
  googleProductCategory: string;
  gender: 'female';
  ageGroup: 'adult';
}

export interface FeedShop {
  /** The shop's absolute address (PUBLIC_URL), no trailing slash. */
  base: string;
  brand: string;
  /** The owner's Google product category of a category name (absent or '' means the default). */
  googleCategoryOf: (category: string) => string | undefined;
  /** The absolute picture URL the feed shows for a product picture (the server picks its JPEG copy). */
  pictureUrl: (src: string) => string;
}

const MAX_TITLE = 150;
const MAX_DESCRIPTION = 5000;

/** `12345.00 ARS`: the price format both feeds take. */
export function feedPrice(pesos: number): string {
  return `${pesos.toFixed(2)} ARS`;
}

/** Plain text for a feed: tags removed, entities of the common kind decoded, whitespace collapsed, length capped. */
export function feedPlainText(text: string, max = MAX_DESCRIPTION): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => entities[name] ?? '')
    // Control characters are invalid in XML 1.0 and mean nothing in a feed.
    // eslint-disable-next-line no-control-regex -- removing them is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The feed items of one product: one per active variant (colour × size), grouped by the product, each with its own
 * availability, link (`?color=…&talle=…`), picture (the colour's first photo), SKU as `mpn` and barcode as `gtin`;
 * none when the product is inactive.
 */
export function feedItemsOf(product: Product, shop: FeedShop): FeedItem[] {
  if (!product.status) return [];
  const price = feedPrice(product.price);
  const discounted = product.discount > 0 ? finalPrice(product.price, product.discount) : null;
  const title = feedPlainText(product.title, MAX_TITLE);
  const description = feedPlainText(product.description) || title;
  const common = {
    itemGroupId: product._id,
    title,
    description,
    condition: 'new' as const,
    price,
    salePrice: discounted !== null && discounted < product.price ? feedPrice(discounted) : null,
    brand: shop.brand,
    googleProductCategory: shop.googleCategoryOf(product.category)?.trim() || DEFAULT_GOOGLE_PRODUCT_CATEGORY,
    gender: 'female' as const,
    ageGroup: 'adult' as const,
  };
  const page = `${shop.base}/product/${encodeURIComponent(product._id)}`;
  return variantsOf(product)
    .filter((variant) => variant.active)
    .map((variant) => {
      const query = new URLSearchParams();
      if (variant.color) query.set('color', variant.color);
      if (variant.size) query.set('talle', variant.size);
      const search = query.toString();
      const [picture] = photosForColor(product.thumbnails, product.photoColors, variant.color);
      return {
        ...common,
        id: `${product._id}-${variant.sku}`,
        availability: variant.stock > 0 ? ('in stock' as const) : ('out of stock' as const),
        link: search ? `${page}?${search}` : page,
        imageLink: picture ? shop.pictureUrl(picture) : '',
        size: variant.size ?? '',
        color: variant.color ?? '',
        gtin: variant.barcode ?? '',
        mpn: variant.sku,
      };
    });
}

export const META_FEED_COLUMNS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'brand',
  'size',
  'color',
  'gtin',
  'mpn',
  'google_product_category',
  'gender',
  'age_group',
] as const;

/** One RFC 4180 field: quoted (quotes doubled) when it holds a comma, a quote or a line break. */
export function rfc4180Field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function rfc4180Row(fields: readonly string[]): string {
  return `${fields.map(rfc4180Field).join(',')}\r\n`;
}

export function metaCsvHeader(): string {
  return rfc4180Row(META_FEED_COLUMNS);
}

export function metaCsvRow(item: FeedItem): string {
  return rfc4180Row([
    item.id,
    item.itemGroupId,
    item.title,
    item.description,
    item.availability,
    item.condition,
    item.price,
    item.salePrice ?? '',
    item.link,
    item.imageLink,
    item.brand,
    item.size,
    item.color,
    item.gtin,
    item.mpn,
    item.googleProductCategory,
    item.gender,
    item.ageGroup,
  ]);
}

// ---------- Google: RSS 2.0 with the g: namespace ----------

/** Text as XML character data: the five markup characters escaped, characters XML 1.0 forbids removed. */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- characters XML 1.0 forbids are removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
  );
}

export function googleXmlHead(shop: { base: string; brand: string }): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
    `<title>${xmlText(shop.brand)}</title>\n<link>${xmlText(`${shop.base}/`)}</link>\n` +
    `<description>${xmlText(`Catálogo de ${shop.brand}`)}</description>\n`
  );
}

export function googleXmlItem(item: FeedItem): string {
  const tag = (name: string, value: string) => (value === '' ? '' : `<g:${name}>${xmlText(value)}</g:${name}>`);
  return (
    '<item>' +
    tag('id', item.id) +
    tag('item_group_id', item.itemGroupId) +
    `<title>${xmlText(item.title)}</title>` +
    `<description>${xmlText(item.description)}</description>` +
    `<link>${xmlText(item.link)}</link>` +
    tag('image_link', item.imageLink) +
    tag('availability', item.availability) +
    tag('condition', item.condition) +
    tag('price', item.price) +
    tag('sale_price', item.salePrice ?? '') +
    tag('brand', item.brand) +
    tag('size', item.size) +
    tag('color', item.color) +
    tag('gtin', item.gtin) +
    tag('mpn', item.mpn) +
    tag('google_product_category', item.googleProductCategory) +
    tag('gender', item.gender) +
    tag('age_group', item.ageGroup) +
    '</item>\n'
  );
}

export const GOOGLE_XML_TAIL = '</channel>\n</rss>\n';
