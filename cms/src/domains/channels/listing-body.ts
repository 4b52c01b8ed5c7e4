import { createHash } from 'node:crypto';
import {
  channelPrice,
  channelQuantity,
  colorKey,
  finalPrice,
  type MercadoLibreSettings,
  type Product,
  type ProductVariant,
} from '@shop/shared';
import { shopBaseUrl } from '../../utils/public-url';

/**
 * What the shop sends Mercado Libre for one product, computed from the product as it is now (never from a request):
 * the price by the channel's rule, one variation per active colour × size (COLOR and SIZE combination, SELLER_SKU =
 * the variant's SKU, the colour's photos as public URLs, the units minus the safety buffer), title and description.
 */
export const TITLE_MAX = 60;
const ITEM_PICTURES_MAX = 12;
const VARIATION_PICTURES_MAX = 10;

/**
 * A variation of the listing as stored: the shop's variant and Mercado Libre's variation id. A variation of a linked
 * item whose SELLER_SKU is none of the product's (`variantId` empty) is kept as the seller has it: only its id and
 * the common price are sent (Mercado Libre deletes a variation left out, and wants one price for all).
 */
export interface StoredVariation {
  variantId: string;
  sku: string;
  variationId: number | null;
}

/** The shop's public address for the photos: PUBLIC_URL, else the server's configured URL. */
function baseUrl(): string {
  const configured = (process.env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  return configured || shopBaseUrl(null) || 'http://localhost:1337';
}

const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${baseUrl()}${url.startsWith('/') ? '' : '/'}${url}`);

/** The photos of a colour: those tagged with it, else the untagged ones, else all of them. */
export function photosOf(product: Product, color: string | null): string[] {
  const tags = product.photoColors ?? {};
  const all = product.thumbnails;
  const tagged = color ? all.filter((url) => colorKey(tags[url]) === colorKey(color)) : [];
  const untagged = all.filter((url) => !tags[url]);
  const chosen = tagged.length > 0 ? tagged : untagged.length > 0 ? untagged : all;
  return chosen.slice(0, VARIATION_PICTURES_MAX).map(absolute);
}

/** The price on Mercado Libre: the web price (with its discount) plus the rule's percentage, or the listing's own. */
export function listingPrice(product: Product, settings: MercadoLibreSettings, ownPrice: number | null): number | null {
  if (settings.priceRule.kind === 'perProduct') return ownPrice;
  return channelPrice(finalPrice(product.price, product.discount), settings.priceRule.percent);
}

export const sellable = (product: Product): ProductVariant[] => (product.variants ?? []).filter((variant) => variant.active);

/** Units offered for a variant: its units minus the buffer (0 when the variant or the product is inactive). */
export const quantityOf = (product: Product, variant: ProductVariant | undefined, settings: MercadoLibreSettings) =>
  variant ? channelQuantity(variant.stock, settings.safetyBuffer, variant.active && product.status) : 0;

function combination(variant: ProductVariant) {
  return [
    { id: 'COLOR', value_name: variant.color ?? 'Único' },
    { id: 'SIZE', value_name: variant.size ?? 'Único' },
  ];
}

/** A new variation (no id yet) for a variant. */
export function newVariation(product: Product, variant: ProductVariant, price: number, settings: MercadoLibreSettings) {
  return {
    attribute_combinations: combination(variant),
    price,
    available_quantity: quantityOf(product, variant, settings),
    picture_ids: photosOf(product, variant.color),
    attributes: [{ id: 'SELLER_SKU', value_name: variant.sku }],
  };
}

/** Every photo the variations use, once (at most 12: Mercado Libre's limit per item). */
export function itemPictures(product: Product): { source: string }[] {
  const sources = new Set<string>();
  for (const variant of sellable(product)) for (const url of photosOf(product, variant.color)) sources.add(url);
  for (const url of product.thumbnails) sources.add(absolute(url));
  return [...sources].slice(0, ITEM_PICTURES_MAX).map((source) => ({ source }));
}

export const listingTitle = (product: Product) => product.title.trim().slice(0, TITLE_MAX).trim();
export const plainDescription = (product: Product) => (product.description || product.title).replace(/<[^>]*>/g, ' ').slice(0, 50_000);

/** A fingerprint of what is sent only when it changes (title, description, photos): compared before each send. */
export function contentHashOf(product: Product): string {
  const content = JSON.stringify([listingTitle(product), plainDescription(product), itemPictures(product), product.photoColors ?? {}]);
  return createHash('sha256').update(content).digest('hex').slice(0, 40);
}

/** POST /items: the whole listing. */
export function newItemBody(
  product: Product,
  settings: MercadoLibreSettings,
  price: number,
  categoryId: string,
  attributes: Record<string, string>,
) {
  return {
    title: listingTitle(product),
    category_id: categoryId,
    price,
    currency_id: 'ARS',
    buying_mode: 'buy_it_now',
    listing_type_id: settings.listingType,
    condition: 'new',
    description: { plain_text: plainDescription(product) },
    pictures: itemPictures(product),
    attributes: Object.entries(attributes).map(([id, value]) => ({ id, value_name: value })),
    variations: sellable(product).map((variant) => newVariation(product, variant, price, settings)),
  };
}

/**
 * PUT /items/{id}: the variations with the shop's figures now. Each variation the listing has keeps its id (Mercado
 * Libre deletes those left out): a variant deactivated or gone offers 0; an active variant without a variation yet
 * (or whose variation Mercado Libre's answer never named) gets a new one. With `content`, the title and photos too.
 */
export function updateItemBody(
  product: Product,
  settings: MercadoLibreSettings,
  price: number,
  stored: readonly StoredVariation[],
  content: boolean,
) {
  const byId = new Map((product.variants ?? []).map((variant) => [variant.id, variant]));
  // A variant whose variation Mercado Libre never named (no SELLER_SKU came back) is offered again as new.
  const known = new Set(stored.filter((entry) => entry.variationId !== null).map((entry) => entry.variantId));
  const added = sellable(product)
    .filter((variant) => !known.has(variant.id))
    .map((variant) => newVariation(product, variant, price, settings));
  // A new variation names its photos by URL: they go with the item's pictures.
  const withContent = content || added.length > 0;
  const existing = stored
    .filter((entry) => entry.variationId !== null)
    .map((entry) => {
      const variant = byId.get(entry.variantId);
      if (entry.variantId === '') return { id: entry.variationId, price };
      return {
        id: entry.variationId,
        price,
        available_quantity: quantityOf(product, variant, settings),
        ...(withContent && variant ? { picture_ids: photosOf(product, variant.color) } : {}),
      };
    });
  return {
    ...(withContent ? { title: listingTitle(product), pictures: itemPictures(product) } : {}),
    variations: [...existing, ...added],
  };
}
