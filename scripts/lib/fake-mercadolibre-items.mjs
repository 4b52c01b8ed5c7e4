/**
 * The items half of the fake Mercado Libre (scripts/fake-mercadolibre.mjs): categories and listings as its public
 * developer docs describe them ("Categorías y atributos", "Publicar un producto", "Variaciones", "Multiget"):
 *
 * - `GET /sites/MLA/domain_discovery/search?q=` → `[{domain_id, domain_name, category_id, category_name, attributes}]`
 *   (the category predicted from a title; the fake knows lingerie words, anything else is "Ropa interior" in general).
 * - `GET /categories/{id}` → `{id, name, path_from_root}`; `GET /categories/{id}/attributes` → `[{id, name, value_type,
 *   tags: {required?, allow_variations?, variation_attribute?}, values?}]`.
 * - `POST /items` → 201 the item (`id` MLA…, `status: active`, `permalink`, `pictures: [{id, url, secure_url, source}]`,
 *   `variations: [{id, attribute_combinations, price, available_quantity, sold_quantity, picture_ids, attributes}]`).
 *   Checked as Mercado Libre does: title, category, price, currency ARS, listing type, condition, the category's required
 *   attributes (in `attributes` or every variation's), every variation with the same price, a unique COLOR×SIZE
 *   combination and picture_ids among the item's pictures. Refusals: 400 `{message: 'Validation error', error:
 *   'validation_error', status: 400, cause: [{department, cause_id, type: 'error', code, references, message}]}`.
 * - `PUT /items/{id}`: `status` (active, paused, closed; a closed item never changes again), `title`, `price`,
 *   `pictures`, `variations` (each with its `id` is updated, without `id` created, and one left out is deleted, as
 *   Mercado Libre does). `GET /items/{id}`, `GET /items?ids=A,B` (at most 20) → `[{code, body}]`.
 * - `PUT /items/{id}/description` `{plain_text}`, `GET /items/{id}/description`.
 *
 * Every answer needs `Authorization: Bearer <access token>` (401 otherwise). Test controls (POST /__control/…):
 * `items` (every item held, with `calls[itemId]`: the writes each item got), `slow` ({ms}: every item write answers
 * that much later; `state.maxInFlight` counts the most writes of one item ever under way at once), `reject` ({times, on?, code?, references?, message?}: the next
 * item writes, of `on` = 'create', 'update' or 'any' (default), answer a validation error), `edit` ({itemId, variationId?, available_quantity?, status?}: a change made on
 * Mercado Libre's side, as a sale or the seller's hand), `seed` ({item}: an item listed before the shop connected).
 */
import { randomInt } from 'node:crypto';

const CATEGORIES = {
  MLA109283: { name: 'Corpiños', domain: 'MLA-BRAS', path: ['Ropa y Accesorios', 'Ropa Interior y de Dormir', 'Corpiños'] },
  MLA109282: { name: 'Bombachas', domain: 'MLA-PANTIES', path: ['Ropa y Accesorios', 'Ropa Interior y de Dormir', 'Bombachas'] },
  MLA414251: {
    name: 'Conjuntos de Lencería',
    domain: 'MLA-LINGERIE_SETS',
    path: ['Ropa y Accesorios', 'Ropa Interior y de Dormir', 'Conjuntos'],
  },
  MLA109276: { name: 'Ropa Interior', domain: 'MLA-UNDERWEAR', path: ['Ropa y Accesorios', 'Ropa Interior y de Dormir'] },
};
const WORDS = [
  [/corpi[ñn]o|bralette|top/i, 'MLA109283'],
  [/bombacha|culotte|colaless|vedetina/i, 'MLA109282'],
  [/conjunto|lencer/i, 'MLA414251'],
];

/** The attributes of every category: brand, model, gender and garment type required; colour and size make variations. */
function attributesOf(categoryId) {
  const garment = CATEGORIES[categoryId]?.name ?? 'Ropa Interior';
  return [
    { id: 'BRAND', name: 'Marca', value_type: 'string', tags: { required: true, catalog_required: true } },
    { id: 'MODEL', name: 'Modelo', value_type: 'string', tags: { required: true } },
    {
      id: 'GENDER',
      name: 'Género',
      value_type: 'list',
      tags: { required: true },
      values: [
        { id: '339665', name: 'Mujer' },
        { id: '339666', name: 'Hombre' },
        { id: '110461', name: 'Sin género' },
      ],
    },
    {
      id: 'GARMENT_TYPE',
      name: 'Tipo de prenda',
      value_type: 'list',
      tags: { required: true },
      values: [{ id: '1', name: garment }],
    },
    { id: 'COLOR', name: 'Color', value_type: 'list', tags: { allow_variations: true, variation_attribute: true } },
    { id: 'SIZE', name: 'Talle', value_type: 'string', tags: { allow_variations: true, variation_attribute: true } },
    { id: 'SELLER_SKU', name: 'SKU', value_type: 'string', tags: { variation_attribute: true } },
    { id: 'MATERIAL', name: 'Material', value_type: 'string', tags: {} },
  ];
}

const validation = (cause) => ({ message: 'Validation error', error: 'validation_error', status: 400, cause });
const causeOf = (code, references, message) => ({
  department: 'items',
  cause_id: randomInt(100, 999),
  type: 'error',
  code,
  references,
  message,
});

export function createItemsRoutes({ state, json, readJson, bearer }) {
  state.items = new Map();
  state.descriptions = new Map();
  state.itemCalls = {};
  state.reject = { times: 0, on: 'any', code: 'item.price.invalid', references: ['item'], message: 'The price is invalid' };
  /** Writes of one item under way at once, and the most ever seen (the shop sends at most one per item). */
  state.inFlight = {};
  state.maxInFlight = 0;
  /** Every item write answers this much later (`/__control/slow`), so that overlapping writes would show. */
  state.writeDelayMs = 0;
  let nextItem = randomInt(1_000_000_000, 1_900_000_000);
  let nextVariation = randomInt(10_000_000_000, 90_000_000_000);
  let nextPicture = randomInt(100_000, 900_000);

  const count = (id, method, body) => {
    const list = (state.itemCalls[id] ??= []);
    list.push({ method, at: Date.now(), body });
  };

  function pictureOf(source) {
    const id = `${nextPicture++}-MLA${randomInt(10_000_000, 99_999_999)}_${new Date().getFullYear()}`;
    const url = `http://http2.mlstatic.com/D_${id}-O.jpg`;
    return { id, url, secure_url: url.replace('http:', 'https:'), size: '500x500', max_size: '1200x1200', quality: '', source };
  }

  /** The item's pictures from the given list (kept when the source is the same), and a source → id map. */
  function picturesFrom(given, current = []) {
    const bySource = new Map(current.map((p) => [p.source, p]));
    return (Array.isArray(given) ? given : [])
      .map((p) =>
        typeof p?.source === 'string' ? (bySource.get(p.source) ?? pictureOf(p.source)) : p?.id ? current.find((c) => c.id === p.id) : null,
      )
      .filter(Boolean);
  }

  const combinationKey = (v) =>
    (v.attribute_combinations ?? [])
      .map((a) => `${a.id}=${String(a.value_name ?? a.value_id ?? '').toLowerCase()}`)
      .sort()
      .join('|');

  function variationOf(given, pictures, previous) {
    const pictureIds = (Array.isArray(given.picture_ids) ? given.picture_ids : (previous?.picture_ids ?? [])).map(
      (ref) => pictures.find((p) => p.id === ref || p.source === ref)?.id ?? null,
    );
    return {
      id: previous?.id ?? nextVariation++,
      price: Number(given.price ?? previous?.price),
      attribute_combinations: (given.attribute_combinations ?? previous?.attribute_combinations ?? []).map((a) => ({
        id: a.id,
        name: a.id === 'COLOR' ? 'Color' : a.id === 'SIZE' ? 'Talle' : a.id,
        value_id: a.value_id ?? null,
        value_name: a.value_name ?? null,
      })),
      available_quantity: Number(given.available_quantity ?? previous?.available_quantity ?? 0),
      sold_quantity: previous?.sold_quantity ?? 0,
      picture_ids: pictureIds,
      attributes: given.attributes ?? previous?.attributes ?? [],
      seller_custom_field: null,
    };
  }

  /** Mercado Libre's checks of an item (created or updated); the causes of a refusal. */
  function check(item) {
    const causes = [];
    if (typeof item.title !== 'string' || item.title.trim().length === 0 || item.title.length > 60)
      causes.push(causeOf('item.title.length.invalid', ['item.title'], 'Title must have between 1 and 60 characters.'));
    if (!CATEGORIES[item.category_id])
      causes.push(causeOf('item.category_id.invalid', ['item.category_id'], `Category ${item.category_id} does not exist.`));
    if (item.currency_id !== 'ARS') causes.push(causeOf('item.currency_id.invalid', ['item.currency_id'], 'Currency must be ARS.'));
    if (!['gold_special', 'gold_pro', 'free'].includes(item.listing_type_id))
      causes.push(causeOf('item.listing_type_id.invalid', ['item.listing_type_id'], 'Invalid listing type.'));
    if (item.condition !== 'new' && item.condition !== 'used')
      causes.push(causeOf('item.condition.invalid', ['item.condition'], 'Invalid condition.'));
    const variations = item.variations ?? [];
    const prices = new Set(variations.map((v) => v.price));
    if (!(Number.isInteger(item.price) || Number.isFinite(item.price)) || item.price <= 0 || [...prices].some((p) => !(p > 0)))
      causes.push(causeOf('item.price.invalid', ['item.price'], 'The price must be greater than 0.'));
    if (prices.size > 1)
      causes.push(causeOf('item.variations.price.different', ['item.variations.price'], 'All variations must have the same price.'));
    const required = attributesOf(item.category_id).filter((a) => a.tags.required);
    const has = (id) =>
      (item.attributes ?? []).some((a) => a.id === id && (a.value_name || a.value_id)) ||
      (variations.length > 0 && variations.every((v) => (v.attributes ?? []).some((a) => a.id === id && (a.value_name || a.value_id))));
    const missing = required.filter((a) => !has(a.id)).map((a) => a.id);
    if (missing.length > 0)
      causes.push(
        causeOf(
          'item.attributes.missing_required',
          ['item.attributes'],
          `The attributes [${missing.join(', ')}] are required for category ${item.category_id}. Check the attribute is present in the attributes list or in all variation's attributes_combination or attributes.`,
        ),
      );
    const keys = variations.map(combinationKey);
    if (new Set(keys).size !== keys.length)
      causes.push(
        causeOf(
          'item.variations.attribute_combinations.duplicated',
          ['item.variations'],
          'Variations attribute combinations must be unique.',
        ),
      );
    if (variations.some((v) => v.picture_ids.some((id) => id === null)))
      causes.push(
        causeOf('item.variations.picture_ids.invalid', ['item.variations.picture_ids'], 'Variation picture_ids must be item pictures.'),
      );
    if (variations.some((v) => !Number.isInteger(v.available_quantity) || v.available_quantity < 0))
      causes.push(
        causeOf('item.variations.available_quantity.invalid', ['item.variations.available_quantity'], 'Invalid available_quantity.'),
      );
    return causes;
  }

  /** The next refusal set by /__control/reject, for a creation ('create'), an update ('update') or either ('any'). */
  function forcedRejection(call) {
    if (state.reject.times <= 0) return null;
    if (state.reject.on !== 'any' && state.reject.on !== call) return null;
    state.reject.times -= 1;
    return [causeOf(state.reject.code, state.reject.references, state.reject.message)];
  }

  const totalOf = (item) =>
    item.variations.length > 0 ? item.variations.reduce((s, v) => s + v.available_quantity, 0) : item.available_quantity;

  async function createItem(req, res) {
    const body = await readJson(req);
    const forced = forcedRejection('create');
    if (forced) return json(res, 400, validation(forced));
    const id = `MLA${nextItem++}`;
    const pictures = picturesFrom(body.pictures);
    const variations = (Array.isArray(body.variations) ? body.variations : []).map((v) => variationOf(v, pictures));
    const item = {
      id,
      site_id: 'MLA',
      title: body.title,
      seller_id: state.seller.id,
      category_id: body.category_id,
      price: Number(body.price ?? variations[0]?.price),
      base_price: Number(body.price ?? variations[0]?.price),
      currency_id: body.currency_id,
      available_quantity: Number(body.available_quantity ?? 0),
      sold_quantity: 0,
      buying_mode: body.buying_mode ?? 'buy_it_now',
      listing_type_id: body.listing_type_id,
      condition: body.condition,
      permalink: `https://articulo.mercadolibre.com.ar/MLA-${id.slice(3)}-fake-_JM`,
      pictures,
      attributes: body.attributes ?? [],
      variations,
      status: 'active',
      date_created: new Date().toISOString(),
      last_updated: new Date().toISOString(),
    };
    const causes = check(item);
    if (causes.length > 0) return json(res, 400, validation(causes));
    item.available_quantity = totalOf(item);
    state.items.set(id, item);
    if (body.description?.plain_text) state.descriptions.set(id, String(body.description.plain_text));
    count(id, 'POST', body);
    return json(res, 201, item);
  }

  async function updateItem(req, res, id) {
    state.inFlight[id] = (state.inFlight[id] ?? 0) + 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight[id]);
    try {
      if (state.writeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.writeDelayMs));
      return await applyUpdate(req, res, id);
    } finally {
      state.inFlight[id] -= 1;
    }
  }

  async function applyUpdate(req, res, id) {
    const item = state.items.get(id);
    if (!item) return json(res, 404, { message: `Item with id ${id} not found`, error: 'not_found', status: 404, cause: [] });
    const body = await readJson(req);
    count(id, 'PUT', body);
    if (item.status === 'closed')
      return json(
        res,
        400,
        validation([causeOf('item.status.not_modifiable', ['item.status'], 'Item in status closed is not modifiable.')]),
      );
    const forced = forcedRejection('update');
    if (forced) return json(res, 400, validation(forced));
    const next = structuredClone(item);
    if (body.status !== undefined) {
      if (!['active', 'paused', 'closed'].includes(body.status))
        return json(res, 400, validation([causeOf('item.status.invalid', ['item.status'], `Invalid status ${body.status}.`)]));
      next.status = body.status;
    }
    if (body.title !== undefined) next.title = body.title;
    if (body.pictures !== undefined) next.pictures = picturesFrom(body.pictures, item.pictures);
    if (body.price !== undefined) next.price = Number(body.price);
    if (body.available_quantity !== undefined && next.variations.length === 0) next.available_quantity = Number(body.available_quantity);
    if (Array.isArray(body.variations)) {
      const byId = new Map(item.variations.map((v) => [v.id, v]));
      const unknown = body.variations.filter((v) => v.id !== undefined && !byId.has(Number(v.id)));
      if (unknown.length > 0)
        return json(
          res,
          400,
          validation([
            causeOf('item.variations.id.invalid', ['item.variations.id'], `Variation ${unknown[0].id} does not belong to item ${id}.`),
          ]),
        );
      // As Mercado Libre: a variation left out of the list is deleted.
      next.variations = body.variations.map((v) => variationOf(v, next.pictures, v.id !== undefined ? byId.get(Number(v.id)) : undefined));
      if (next.variations.length > 0) next.price = next.variations[0].price;
    }
    const causes = check(next);
    if (causes.length > 0) return json(res, 400, validation(causes));
    next.available_quantity = totalOf(next);
    next.last_updated = new Date().toISOString();
    state.items.set(id, next);
    return json(res, 200, next);
  }

  const send = (res, status, body) => {
    json(res, status, body);
    return true;
  };

  /** Answers the request when it is one of these routes; false otherwise. */
  return async function itemsRoutes(req, res, url) {
    const path = url.pathname;
    if (path === '/__control/items' && req.method === 'POST') {
      return send(res, 200, {
        items: [...state.items.values()],
        calls: state.itemCalls,
        descriptions: Object.fromEntries(state.descriptions),
      });
    }
    if (path === '/__control/reject' && req.method === 'POST') {
      const body = await readJson(req);
      state.reject = {
        times: Number(body.times ?? 1),
        on: ['create', 'update'].includes(body.on) ? body.on : 'any',
        code: body.code ?? 'item.price.invalid',
        references: Array.isArray(body.references) ? body.references.map(String) : ['item'],
        message: body.message ?? 'The price is invalid',
      };
      return send(res, 200, state.reject);
    }
    if (path === '/__control/slow' && req.method === 'POST') {
      const body = await readJson(req);
      state.writeDelayMs = Number(body.ms) || 0;
      return send(res, 200, { writeDelayMs: state.writeDelayMs, maxInFlight: state.maxInFlight });
    }
    if (path === '/__control/edit' && req.method === 'POST') {
      const body = await readJson(req);
      const item = state.items.get(body.itemId);
      if (!item) return send(res, 404, { error: 'not_found' });
      if (body.status) item.status = body.status;
      const variation = item.variations.find((v) => v.id === Number(body.variationId));
      if (variation && body.available_quantity !== undefined) variation.available_quantity = Number(body.available_quantity);
      item.available_quantity = totalOf(item);
      return send(res, 200, item);
    }
    if (path === '/__control/seed' && req.method === 'POST') {
      const body = await readJson(req);
      const id = `MLA${nextItem++}`;
      const pictures = picturesFrom(body.pictures ?? []);
      const item = {
        id,
        site_id: 'MLA',
        seller_id: state.seller.id,
        title: body.title ?? 'Publicación previa',
        category_id: body.category_id ?? 'MLA109283',
        price: Number(body.price ?? 1000),
        currency_id: 'ARS',
        listing_type_id: 'gold_special',
        condition: 'new',
        status: 'active',
        permalink: `https://articulo.mercadolibre.com.ar/MLA-${id.slice(3)}-fake-_JM`,
        pictures,
        attributes: body.attributes ?? [],
        variations: (body.variations ?? []).map((v) => variationOf(v, pictures)),
        available_quantity: 0,
        sold_quantity: 0,
      };
      item.available_quantity = totalOf(item);
      state.items.set(id, item);
      return send(res, 200, item);
    }
    const discovery = path === '/sites/MLA/domain_discovery/search';
    const isItems = path === '/items' || path.startsWith('/items/');
    const isCategory = path.startsWith('/categories/');
    if (!discovery && !isItems && !isCategory) return false;
    if (!bearer(req)) return send(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });

    if (discovery && req.method === 'GET') {
      const q = url.searchParams.get('q') ?? '';
      if (!q.trim()) return send(res, 400, { message: 'q is required', error: 'bad_request', status: 400, cause: [] });
      const found = WORDS.filter(([re]) => re.test(q)).map(([, id]) => id);
      const ids = found.length > 0 ? found : ['MLA109276'];
      return send(
        res,
        200,
        ids.map((id) => ({
          domain_id: CATEGORIES[id].domain,
          domain_name: CATEGORIES[id].name,
          category_id: id,
          category_name: CATEGORIES[id].name,
          attributes: [],
        })),
      );
    }
    let match = /^\/categories\/([A-Z0-9]+)(\/attributes)?$/.exec(path);
    if (match && req.method === 'GET') {
      const category = CATEGORIES[match[1]];
      if (!category) return send(res, 404, { message: 'Category not found', error: 'not_found', status: 404, cause: [] });
      if (match[2]) return send(res, 200, attributesOf(match[1]));
      return send(res, 200, { id: match[1], name: category.name, path_from_root: category.path.map((name) => ({ id: match[1], name })) });
    }
    if (path === '/items' && req.method === 'POST') {
      await createItem(req, res);
      return true;
    }
    if (path === '/items' && req.method === 'GET') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 20)
        return send(res, 400, { message: 'ids must have between 1 and 20 items', error: 'bad_request', status: 400, cause: [] });
      return send(
        res,
        200,
        ids.map((id) =>
          state.items.has(id)
            ? { code: 200, body: state.items.get(id) }
            : { code: 404, body: { message: `Item with id ${id} not found`, error: 'not_found', status: 404, cause: [] } },
        ),
      );
    }
    match = /^\/items\/(MLA\d+)(\/description)?$/.exec(path);
    if (!match) return send(res, 404, { message: `Route ${req.method} ${path} not found`, error: 'not_found', status: 404, cause: [] });
    const [, id, description] = match;
    if (description) {
      if (!state.items.has(id)) return send(res, 404, { message: 'Item not found', error: 'not_found', status: 404, cause: [] });
      if (req.method === 'GET') return send(res, 200, { text: '', plain_text: state.descriptions.get(id) ?? '' });
      const body = await readJson(req);
      count(id, `${req.method} description`, body);
      state.descriptions.set(id, String(body.plain_text ?? ''));
      return send(res, 200, { text: '', plain_text: state.descriptions.get(id) });
    }
    if (req.method === 'GET') {
      const item = state.items.get(id);
      return item
        ? send(res, 200, item)
        : send(res, 404, { message: `Item with id ${id} not found`, error: 'not_found', status: 404, cause: [] });
    }
    if (req.method === 'PUT') {
      await updateItem(req, res, id);
      return true;
    }
    return send(res, 405, { message: 'Method not allowed', error: 'method_not_allowed', status: 405, cause: [] });
  };
}
