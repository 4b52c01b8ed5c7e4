import {
  LISTING_MESSAGES,
  MERCADOLIBRE_MESSAGES,
  type MercadoLibreListing,
  type MissingAttribute,
  type PublishListingInput,
  type UpdateListingInput,
} from '@shop/shared';
import { ApiError, badRequest, conflict, notFound } from '../../utils/http';
import { isUniqueViolation, table } from '../../utils/db-write';
import { readAccount, settingsOf } from './channel-account';
import { contentHashOf, listingPrice, newItemBody, sellable, type StoredVariation } from './listing-body';
import {
  categoryAttributes,
  itemOf,
  mercadoLibreApi,
  MercadoLibreRefusal,
  predictCategories,
  type CategoryAttribute,
} from './listing-client';
import { refusalInSpanish } from './listing-errors';
import { allListings, JOBS_TABLE, listingByItem, listingOf, listings, listingView, productNow, type ListingRow } from './listing-store';
import { MercadoLibreCallError } from './mercadolibre-client';
import { enqueueSync, kickSyncWorker, pendingItems } from './stock-sync';
import { withItemLease } from './item-lease';

/**
 * The owner's listings on Mercado Libre (POST/GET/PUT /channels/mercadolibre/listings): publish a product (category
 * predicted from its title, the category's required attributes asked in Spanish), pause, close or activate it, or link
 * a product to an item she already had (variations matched by SELLER_SKU). A row is written only once Mercado Libre
 * created (or answered) the item: nothing half-published.
 */
const CHANNEL = 'mercadolibre';
const unavailable = () => new ApiError(503, MERCADOLIBRE_MESSAGES.unavailable);

/**
 * Mercado Libre's failures as the API answers them: its refusals per field in Spanish (an attribute by the name its
 * category gives it, when `categoryId` is known), an outage as 503.
 */
async function calling<T>(work: () => Promise<T>, categoryId?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MercadoLibreRefusal) {
      const { message, errors } = refusalInSpanish(error, categoryId ? await attributeNames(categoryId) : undefined);
      throw badRequest(message, { errors });
    }
    if (error instanceof MercadoLibreCallError) {
      throw error.kind === 'unauthorized' ? conflict(MERCADOLIBRE_MESSAGES.needsReconnect) : unavailable();
    }
    throw error;
  }
}

/** The category's attributes by id → name ('BRAND' → 'Marca'); none when Mercado Libre does not answer. */
async function attributeNames(categoryId: string): Promise<Map<string, string>> {
  try {
    return new Map((await categoryAttributes(categoryId)).map((attribute) => [attribute.id, attribute.name]));
  } catch {
    return new Map();
  }
}

const requiredMessage = (attribute: CategoryAttribute) =>
  attribute.values.length > 0
    ? `Indicá ${attribute.name.toLowerCase()} (${attribute.values
        .slice(0, 6)
        .map((value) => value.name)
        .join(', ')})`
    : `Indicá ${attribute.name.toLowerCase()}`;

/** The category's required attributes, in Spanish (what the publish form asks). */
export async function requiredAttributes(categoryId: string): Promise<MissingAttribute[]> {
  const attributes = await calling(() => categoryAttributes(categoryId));
  return attributes
    .filter((attribute) => attribute.required && !attribute.variation)
    .map((attribute) => ({ id: attribute.id, name: attribute.name, message: requiredMessage(attribute), values: attribute.values }));
}

export async function guessCategories(title: string) {
  return { categories: await calling(() => predictCategories(title)) };
}

async function viewOf(row: ListingRow, pending?: Set<string>): Promise<MercadoLibreListing> {
  const settings = settingsOf(await readAccount());
  return listingView(
    row,
    await productNow(row.productDocumentId),
    settings.safetyBuffer,
    (pending ?? (await pendingItems())).has(row.itemId),
  );
}

export async function listListings(): Promise<MercadoLibreListing[]> {
  const pending = await pendingItems();
  const rows = await allListings();
  return Promise.all(rows.map((row) => viewOf(row, pending)));
}

/**
 * Writes the listing's row. With `closeOnFailure` (an item just created for it), an item the shop could not record
 * is closed on Mercado Libre whatever the reason (a second publication of the same product at once, the database
 * down), so nothing stays half-published.
 */
async function saveListing(data: Record<string, unknown>, itemId: string, closeOnFailure: boolean): Promise<ListingRow> {
  try {
    const row: unknown = await listings().create({ data: { channel: CHANNEL, ...data, itemId } });
    return row as ListingRow;
  } catch (error) {
    if (closeOnFailure) {
      await mercadoLibreApi('PUT', `/items/${encodeURIComponent(itemId)}`, { status: 'closed' }).catch((closing: unknown) =>
        strapi.log.error(
          `[channels] item ${itemId} created but not recorded, and not closed: close it on Mercado Libre (${closing instanceof Error ? closing.message : String(closing)})`,
        ),
      );
    }
    if (!isUniqueViolation(error) && !(error instanceof Error && /unique/i.test(error.message))) throw error;
    throw conflict(LISTING_MESSAGES.alreadyListed);
  }
}

export async function publishListing(input: PublishListingInput): Promise<MercadoLibreListing> {
  const product = await productNow(input.productId);
  if (!product) throw notFound(LISTING_MESSAGES.productNotFound);
  if (await listingOf(product._id)) throw conflict(LISTING_MESSAGES.alreadyListed);
  if (sellable(product).length === 0) throw badRequest(LISTING_MESSAGES.noVariants);
  const settings = settingsOf(await readAccount());
  const price = listingPrice(product, settings, input.price ?? null);
  if (price === null || price <= 0)
    throw badRequest(LISTING_MESSAGES.perProductPrice, { errors: [{ path: 'price', message: LISTING_MESSAGES.perProductPrice }] });

  const categoryId = input.categoryId ?? (await guessCategories(product.title)).categories[0]?.categoryId;
  if (!categoryId)
    throw badRequest(LISTING_MESSAGES.noCategory, { errors: [{ path: 'categoryId', message: LISTING_MESSAGES.noCategory }] });
  const given = input.attributes ?? {};
  const missing = (await requiredAttributes(categoryId)).filter((attribute) => !given[attribute.id]);
  if (missing.length > 0) {
    throw badRequest(LISTING_MESSAGES.missingAttributes, {
      categoryId,
      missing,
      errors: missing.map((attribute) => ({ path: `attributes.${attribute.id}`, message: attribute.message })),
    });
  }

  const created = await calling(
    async () => itemOf(await mercadoLibreApi('POST', '/items', newItemBody(product, settings, price, categoryId, given))),
    categoryId,
  );
  const bySku = new Map(created.variations.flatMap((variation) => (variation.sku ? [[variation.sku, variation.id] as const] : [])));
  const variations: StoredVariation[] = sellable(product).map((variant) => ({
    variantId: variant.id,
    sku: variant.sku,
    variationId: bySku.get(variant.sku.toUpperCase()) ?? null,
  }));
  const row = await saveListing(
    {
      productDocumentId: product._id,
      status: created.status || 'active',
      categoryId,
      permalink: created.permalink,
      price: settings.priceRule.kind === 'perProduct' ? price : null,
      attributes: given,
      variations,
      contentHash: contentHashOf(product),
      syncedAt: new Date(),
    },
    created.id,
    true,
  );
  strapi.log.info(`[channels] product ${product._id} published on Mercado Libre as ${created.id}`);
  // The units may have moved while Mercado Libre answered: one sync with the figures of after the row exists.
  await enqueueSync(strapi.db.connection, product._id);
  kickSyncWorker();
  return viewOf(row);
}

async function changeStatus(row: ListingRow, status: 'active' | 'paused' | 'closed'): Promise<ListingRow> {
  if (row.status === 'closed') throw conflict(LISTING_MESSAGES.closedForever);
  // Never beside the worker's send of the same item (one call in flight per item).
  const answer = await withItemLease(row.productDocumentId, row.itemId, () =>
    calling(async () => itemOf(await mercadoLibreApi('PUT', `/items/${encodeURIComponent(row.itemId)}`, { status }))),
  );
  await listings().update({ where: { id: row.id }, data: { status: answer.status || status, lastError: null, syncedAt: new Date() } });
  if (status === 'closed') await table(strapi.db.connection, JOBS_TABLE).where('item_id', row.itemId).delete();
  return (await listingOf(row.productDocumentId)) ?? row;
}

/** Links a product to an item the seller already had: its variations matched by SELLER_SKU, then the shop's figures sent. */
async function linkItem(productId: string, itemId: string, price: number | undefined): Promise<ListingRow> {
  const product = await productNow(productId);
  if (!product) throw notFound(LISTING_MESSAGES.productNotFound);
  if (await listingOf(productId)) throw conflict(LISTING_MESSAGES.alreadyListed);
  if (await listingByItem(itemId)) throw conflict(LISTING_MESSAGES.itemTaken);
  const account = await readAccount();
  const item = await calling(async () => {
    try {
      return itemOf(await mercadoLibreApi('GET', `/items/${encodeURIComponent(itemId)}`));
    } catch (error) {
      if (error instanceof MercadoLibreRefusal && error.status === 404) throw notFound(LISTING_MESSAGES.itemNotFound);
      throw error;
    }
  });
  if (account?.externalUserId && item.sellerId !== null && Number(account.externalUserId) !== item.sellerId) {
    throw notFound(LISTING_MESSAGES.itemNotFound);
  }
  const bySku = new Map(item.variations.flatMap((variation) => (variation.sku ? [[variation.sku, variation.id] as const] : [])));
  const variations: StoredVariation[] = (product.variants ?? [])
    .filter((variant) => bySku.has(variant.sku.toUpperCase()))
    .map((variant) => ({ variantId: variant.id, sku: variant.sku, variationId: bySku.get(variant.sku.toUpperCase()) ?? null }));
  if (variations.length === 0) throw badRequest(LISTING_MESSAGES.noSkuMatch);
  const matched = new Set(variations.map((entry) => entry.variationId));
  for (const variation of item.variations) {
    if (!matched.has(variation.id)) variations.push({ variantId: '', sku: variation.sku ?? '', variationId: variation.id });
  }
  const settings = settingsOf(account);
  const row = await saveListing(
    {
      productDocumentId: productId,
      status: item.status || 'active',
      permalink: item.permalink,
      price: settings.priceRule.kind === 'perProduct' ? (price ?? item.price) : null,
      attributes: {},
      variations,
      // Unknown: the first sync sends the shop's title and photos too.
      contentHash: null,
      syncedAt: null,
    },
    itemId,
    false,
  );
  await enqueueSync(strapi.db.connection, productId);
  kickSyncWorker();
  return row;
}

export async function updateListing(productId: string, input: UpdateListingInput): Promise<MercadoLibreListing> {
  if (input.itemId) return viewOf(await linkItem(productId, input.itemId, input.price));
  let row = await listingOf(productId);
  if (!row) throw notFound(LISTING_MESSAGES.notListed);
  if (input.price !== undefined) {
    // The per-product price: stored, and sent with the next sync (at once).
    await listings().update({ where: { id: row.id }, data: { price: input.price } });
    await enqueueSync(strapi.db.connection, productId);
    kickSyncWorker();
    row = (await listingOf(productId)) ?? row;
  }
  return viewOf(input.status ? await changeStatus(row, input.status) : row);
}
