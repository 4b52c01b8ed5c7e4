import { withAccessToken } from './access-token';
import { MercadoLibreCallError, mercadoLibreConfig } from './mercadolibre-client';

/**
 * Mercado Libre's categories and items API as the listings call it (developers.mercadolibre.com.ar: "Categorías y
 * atributos", "Publicá productos", "Variaciones", "Multiget"), with the account's access token (refreshed by
 * access-token.ts; a 401 refreshes once). 429, 5xx and a network failure are `MercadoLibreCallError('unavailable')`;
 * any other refusal is a `MercadoLibreRefusal` carrying Mercado Libre's causes.
 */
const TIMEOUT_MS = 20_000;

export interface MercadoLibreCause {
  code: string;
  message: string;
  references: string[];
}

/** Mercado Libre refused the request (400 validation error, 403, 404): its status, message and causes. */
export class MercadoLibreRefusal extends Error {
  constructor(
    public readonly status: number,
    public readonly error: string,
    public readonly causes: MercadoLibreCause[],
  ) {
    super(`Mercado Libre refused the request: ${status} ${error}`);
    this.name = 'MercadoLibreRefusal';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function causesOf(body: unknown): MercadoLibreCause[] {
  const list = isObject(body) && Array.isArray(body.cause) ? body.cause : [];
  return list.filter(isObject).map((cause) => ({
    code: String(cause.code ?? ''),
    message: String(cause.message ?? ''),
    references: Array.isArray(cause.references) ? cause.references.map(String) : [],
  }));
}

async function once(method: string, path: string, token: string, body: unknown): Promise<unknown> {
  const config = mercadoLibreConfig();
  if (!config) throw new MercadoLibreCallError('refused', 0);
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new MercadoLibreCallError('unavailable', 0);
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.status === 401) throw new MercadoLibreCallError('unauthorized', 401);
  if (res.status === 429 || res.status >= 500) throw new MercadoLibreCallError('unavailable', res.status);
  if (res.status >= 400) {
    throw new MercadoLibreRefusal(res.status, isObject(parsed) ? String(parsed.error ?? parsed.message ?? '') : '', causesOf(parsed));
  }
  return parsed;
}

/** One call to Mercado Libre's API with the account's token: its JSON answer. */
export function mercadoLibreApi(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
  return withAccessToken((token) => once(method, path, token, body));
}

export interface CategoryGuess {
  categoryId: string;
  categoryName: string;
  domainName: string;
}

/** The categories Mercado Libre predicts for a title (`domain_discovery`), best first. */
export async function predictCategories(title: string): Promise<CategoryGuess[]> {
  const answer = await mercadoLibreApi('GET', `/sites/MLA/domain_discovery/search?limit=3&q=${encodeURIComponent(title)}`);
  return (Array.isArray(answer) ? answer : [])
    .filter(isObject)
    .flatMap((entry) =>
      typeof entry.category_id === 'string'
        ? [{ categoryId: entry.category_id, categoryName: String(entry.category_name ?? ''), domainName: String(entry.domain_name ?? '') }]
        : [],
    );
}

export interface CategoryAttribute {
  id: string;
  name: string;
  required: boolean;
  variation: boolean;
  values: { id: string; name: string }[];
}

/** A category's attributes (`GET /categories/{id}/attributes`): which are required, which make variations. */
export async function categoryAttributes(categoryId: string): Promise<CategoryAttribute[]> {
  const answer = await mercadoLibreApi('GET', `/categories/${encodeURIComponent(categoryId)}/attributes`);
  return (Array.isArray(answer) ? answer : []).filter(isObject).map((attribute) => {
    const tags = isObject(attribute.tags) ? attribute.tags : {};
    return {
      id: String(attribute.id ?? ''),
      name: String(attribute.name ?? attribute.id ?? ''),
      required: tags.required === true,
      variation: tags.allow_variations === true || tags.variation_attribute === true,
      values: (Array.isArray(attribute.values) ? attribute.values : [])
        .filter(isObject)
        .map((value) => ({ id: String(value.id ?? ''), name: String(value.name ?? '') })),
    };
  });
}

export interface ItemVariation {
  id: number;
  available_quantity: number;
  price: number;
  sku: string | null;
}

export interface Item {
  id: string;
  sellerId: number | null;
  status: string;
  price: number;
  permalink: string | null;
  variations: ItemVariation[];
}

/** The SELLER_SKU of a variation (its attributes), or its seller_custom_field (older listings). */
function skuOf(variation: Record<string, unknown>): string | null {
  const attributes = Array.isArray(variation.attributes) ? variation.attributes.filter(isObject) : [];
  const attribute = attributes.find((a) => a.id === 'SELLER_SKU');
  const value = attribute?.value_name ?? variation.seller_custom_field;
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toUpperCase() : null;
}

/** An item as Mercado Libre answers it, reduced to what the shop reads. */
export function itemOf(body: unknown): Item {
  if (!isObject(body) || typeof body.id !== 'string') throw new MercadoLibreCallError('refused', 200);
  return {
    id: body.id,
    sellerId: typeof body.seller_id === 'number' ? body.seller_id : null,
    status: String(body.status ?? ''),
    price: Number(body.price) || 0,
    permalink: typeof body.permalink === 'string' ? body.permalink : null,
    variations: (Array.isArray(body.variations) ? body.variations : []).filter(isObject).map((variation) => ({
      id: Number(variation.id),
      available_quantity: Number(variation.available_quantity) || 0,
      price: Number(variation.price) || 0,
      sku: skuOf(variation),
    })),
  };
}

/** Several items at once (`GET /items?ids=`, at most 20): those Mercado Libre answered 200. */
export async function itemsById(ids: readonly string[]): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < ids.length; i += 20) {
    const answer = await mercadoLibreApi(
      'GET',
      `/items?ids=${ids
        .slice(i, i + 20)
        .map(encodeURIComponent)
        .join(',')}`,
    );
    for (const entry of Array.isArray(answer) ? answer : []) {
      if (isObject(entry) && Number(entry.code) === 200) found.push(itemOf(entry.body));
    }
  }
  return found;
}
