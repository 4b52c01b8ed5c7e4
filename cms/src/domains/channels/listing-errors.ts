import { LISTING_MESSAGES } from '@shop/shared';
import type { MercadoLibreRefusal } from './listing-client';

/**
 * Mercado Libre's validation errors in Spanish, per field of the shop's publish form: what the owner reads on the
 * listing and in the 400 of a publication. A cause names what it refuses twice: its `code` (`item.attribute.invalid`,
 * `item.attributes.missing_required`, `item.title.length.invalid`…, singular or plural as Mercado Libre writes it) and
 * its `references` (`item.attributes.BRAND`, `item.title`…); the reference says which field, the code how.
 */

/** The field of the form a cause is about, from its references first, else from its code. */
const FIELDS: [RegExp, string][] = [
  [/^item\.attributes?\b/, 'attributes'],
  [/^item\.title\b/, 'title'],
  [/^item\.(price|base_price|original_price)\b|price/, 'price'],
  [/^item\.(pictures?|picture_ids)\b|pictures?|picture_ids/, 'pictures'],
  [/^item\.category(_id)?\b/, 'categoryId'],
  [/^item\.variations?\b|variations?\./, 'variations'],
  [/listing_type/, 'listingType'],
  [/^item\.status\b|status\.not_modifiable/, 'status'],
];

/** `item.attribute.x` and `item.attributes.x` (and pictures, variations) read alike. */
const plural = (value: string) => value.replace(/^item\.(attribute|picture|variation)\./, 'item.$1s.');

/** The attribute a cause names: `item.attributes.BRAND` → BRAND; `Attribute [BRAND] …` in its message otherwise. */
function attributeOf(references: readonly string[], message: string): string | null {
  for (const reference of references.map(plural)) {
    const id = /^item\.attributes\.([A-Z0-9_]+)$/.exec(reference)?.[1];
    if (id) return id;
  }
  return /\[([A-Z0-9_]+)\]/.exec(message)?.[1] ?? null;
}

const MESSAGES: Record<string, (code: string) => string> = {
  title: () => 'Mercado Libre no aceptó el título: debe tener hasta 60 caracteres y describir el producto',
  price: () => 'Mercado Libre no aceptó el precio: revisá el precio del producto o la regla de precio del canal',
  pictures: () => 'Mercado Libre no aceptó las fotos: revisá que el producto tenga fotos públicas',
  categoryId: () => 'Mercado Libre no acepta esa categoría: elegí otra',
  variations: () => 'Mercado Libre no aceptó las variantes (color y talle): revisá que no haya combinaciones repetidas',
  listingType: () => 'Mercado Libre no aceptó el tipo de publicación elegido en los ajustes',
  status: () => LISTING_MESSAGES.closedForever,
};

export interface FieldError {
  path: string;
  message: string;
}

/** One attribute's refusal: which attribute (by the category's own name when the shop knows it) and what to do. */
function attributeError(code: string, id: string | null, message: string, names: ReadonlyMap<string, string>): FieldError {
  if (/missing_required/.test(code) && !id) {
    const listed = (/\[([^\]]+)\]/.exec(message)?.[1] ?? '').trim();
    return { path: 'attributes', message: `Mercado Libre pide estos datos de la categoría: ${listed || 'revisá los atributos'}` };
  }
  if (!id) return { path: 'attributes', message: 'Mercado Libre no aceptó alguno de los datos de la categoría (marca, modelo, género…)' };
  const name = names.get(id) ?? id;
  const what = /missing|required/.test(code)
    ? `Mercado Libre pide «${name}» para esta categoría: completalo`
    : `Mercado Libre no acepta ese valor de «${name}» para esta categoría: elegí otro`;
  return { path: `attributes.${id}`, message: what };
}

/**
 * A refusal in Spanish: each cause as the form's own field (`attributes.BRAND`, `title`, `price`…), the attribute
 * named as the category names it (`names`: id → name, when the shop read the category), else the general message
 * with Mercado Libre's code.
 */
export function refusalInSpanish(
  refusal: MercadoLibreRefusal,
  names: ReadonlyMap<string, string> = new Map(),
): { message: string; errors: FieldError[] } {
  const errors: FieldError[] = refusal.causes.map((cause) => {
    if (cause.code === 'shop.price.missing') return { path: 'price', message: LISTING_MESSAGES.perProductPrice };
    const code = plural(cause.code);
    const references = cause.references.map(plural);
    const field =
      FIELDS.find(([re]) => references.some((reference) => re.test(reference)))?.[1] ?? FIELDS.find(([re]) => re.test(code))?.[1];
    if (field === 'attributes') return attributeError(code, attributeOf(references, cause.message), cause.message, names);
    if (field && MESSAGES[field]) return { path: field, message: MESSAGES[field](code) };
    return { path: 'item', message: `${LISTING_MESSAGES.rejected} (${cause.code || refusal.error || refusal.status})` };
  });
  if (errors.length === 0) errors.push({ path: 'item', message: `${LISTING_MESSAGES.rejected} (${refusal.error || refusal.status})` });
  return { message: `${LISTING_MESSAGES.rejected}: ${errors[0]?.message ?? refusal.status}`, errors };
}
