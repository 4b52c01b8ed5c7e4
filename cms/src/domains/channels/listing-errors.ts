import { LISTING_MESSAGES } from '@shop/shared';
import type { MercadoLibreRefusal } from './listing-client';

/**
 * Mercado Libre's validation errors (`cause[].code`, in English) per field, in Spanish: what the owner reads on the
 * listing and in the 400 of a publication.
 */
const RULES: [RegExp, string, (message: string) => string][] = [
  [
    /attributes\.missing_required/,
    'attributes',
    (m) => `Mercado Libre pide estos datos de la categoría: ${(/\[([^\]]+)\]/.exec(m)?.[1] ?? '').trim() || 'revisá los atributos'}`,
  ],
  [/^item\.attributes/, 'attributes', () => 'Mercado Libre no aceptó alguno de los datos de la categoría (marca, modelo, género…)'],
  [/^item\.title/, 'title', () => 'Mercado Libre no aceptó el título: debe tener hasta 60 caracteres y describir el producto'],
  [/price/, 'price', () => 'Mercado Libre no aceptó el precio: revisá el precio del producto o la regla de precio del canal'],
  [/pictures|picture_ids/, 'pictures', () => 'Mercado Libre no aceptó las fotos: revisá que el producto tenga fotos públicas'],
  [/^item\.category/, 'categoryId', () => 'Mercado Libre no acepta esa categoría: elegí otra'],
  [
    /variations?\./,
    'variations',
    () => 'Mercado Libre no aceptó las variantes (color y talle): revisá que no haya combinaciones repetidas',
  ],
  [/listing_type/, 'listingType', () => 'Mercado Libre no aceptó el tipo de publicación elegido en los ajustes'],
  [/status\.not_modifiable/, 'status', () => LISTING_MESSAGES.closedForever],
  [/^shop\.price\.missing$/, 'price', () => LISTING_MESSAGES.perProductPrice],
];

export interface FieldError {
  path: string;
  message: string;
}

export function refusalInSpanish(refusal: MercadoLibreRefusal): { message: string; errors: FieldError[] } {
  const errors: FieldError[] = refusal.causes.map((cause) => {
    const rule = RULES.find(([re]) => re.test(cause.code));
    return rule
      ? { path: rule[1], message: rule[2](cause.message) }
      : { path: 'item', message: `${LISTING_MESSAGES.rejected} (${cause.code || refusal.error || refusal.status})` };
  });
  if (errors.length === 0) errors.push({ path: 'item', message: `${LISTING_MESSAGES.rejected} (${refusal.error || refusal.status})` });
  return { message: `${LISTING_MESSAGES.rejected}: ${errors[0]?.message ?? refusal.status}`, errors };
}
