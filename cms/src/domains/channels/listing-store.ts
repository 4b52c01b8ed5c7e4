import type { MercadoLibreListing, Product } from '@shop/shared';
import { findProductRow, findProductRows, toProduct } from '../catalogue';
import { isoDate, isRecord, jsonColumn } from '../../utils/db-write';
import type { StoredVariation } from './listing-body';
import { channelQuantity } from '@shop/shared';

/**
 * The shop's listings on Mercado Libre (`channel_listings`): one row per product, written only once Mercado Libre
 * created (or the owner linked) the item, never before.
 */
export const LISTING_UID = 'api::channel.channel-listing';
export const LISTINGS_TABLE = 'channel_listings';
export const JOBS_TABLE = 'channel_sync_jobs';

/** The unique indexes the upserts and the one-listing-per-product rule rely on (created at start-up). */
export const CHANNEL_INDEXES = [
  { name: 'shop_channel_listings_product_uq', table: LISTINGS_TABLE, columns: ['product_document_id'], unique: true },
  { name: 'shop_channel_listings_item_uq', table: LISTINGS_TABLE, columns: ['item_id'], unique: true },
  { name: 'shop_channel_sync_jobs_item_uq', table: JOBS_TABLE, columns: ['item_id'], unique: true },
  { name: 'idx_shop_channel_sync_jobs_due', table: JOBS_TABLE, columns: ['due_at', 'id'] },
] as const;

export interface ListingRow {
  id: number;
  productDocumentId: string;
  itemId: string;
  status: string | null;
  categoryId: string | null;
  permalink: string | null;
  price: number | null;
  attributes: unknown;
  variations: unknown;
  contentHash: string | null;
  lastError: string | null;
  syncedAt: string | Date | null;
}

export const listings = () => strapi.db.query(LISTING_UID);

export async function listingOf(productDocumentId: string): Promise<ListingRow | null> {
  const row: unknown = await listings().findOne({ where: { productDocumentId } });
  return row as ListingRow | null;
}

export async function listingByItem(itemId: string): Promise<ListingRow | null> {
  const row: unknown = await listings().findOne({ where: { itemId } });
  return row as ListingRow | null;
}

export async function allListings(): Promise<ListingRow[]> {
  const rows: unknown = await listings().findMany({ orderBy: { id: 'asc' }, limit: 10_000 });
  return rows as ListingRow[];
}

export function storedVariations(value: unknown): StoredVariation[] {
  const list = jsonColumn(value);
  return (Array.isArray(list) ? list : []).filter(isRecord).map((entry) => ({
    variantId: String(entry.variantId ?? ''),
    sku: String(entry.sku ?? ''),
    variationId: entry.variationId === null || entry.variationId === undefined ? null : Number(entry.variationId),
  }));
}

/** The listing's variations that are the shop's variants (not the seller's others on a linked item). */
export const shopVariations = (value: unknown) => storedVariations(value).filter((entry) => entry.variantId !== '');

/** The product as the API answers it now, or null when it no longer exists. */
export async function productNow(documentId: string): Promise<Product | null> {
  const row = await findProductRow(documentId);
  return row ? toProduct(row) : null;
}

/** Several products as the API answers them, by document id (one query). */
export async function productsNow(documentIds: readonly string[]): Promise<Map<string, Product>> {
  const rows = await findProductRows([...new Set(documentIds)]);
  return new Map(rows.map((row) => [row.documentId, toProduct(row)]));
}

/** Several listings by item id (one query). */
export async function listingsByItem(itemIds: readonly string[]): Promise<Map<string, ListingRow>> {
  if (itemIds.length === 0) return new Map();
  const rows = (await listings().findMany({ where: { itemId: { $in: [...itemIds] } } })) as ListingRow[];
  return new Map(rows.map((row) => [row.itemId, row]));
}

/** A listing as the back office sees it (the units offered as the shop counts them now). */
export function listingView(row: ListingRow, product: Product | null, buffer: number, pending: boolean): MercadoLibreListing {
  const variants = new Map((product?.variants ?? []).map((variant) => [variant.id, variant]));
  return {
    productId: row.productDocumentId,
    productTitle: product?.title ?? '(producto borrado)',
    itemId: row.itemId,
    status: row.status ?? 'active',
    categoryId: row.categoryId ?? null,
    permalink: row.permalink ?? null,
    price: row.price ?? null,
    variations: shopVariations(row.variations).map((entry) => {
      const variant = variants.get(entry.variantId);
      return {
        variantId: entry.variantId,
        sku: entry.sku,
        variationId: entry.variationId,
        availableQuantity: variant ? channelQuantity(variant.stock, buffer, variant.active && product?.status !== false) : 0,
      };
    }),
    lastError: row.lastError ?? null,
    syncedAt: isoDate(row.syncedAt),
    pending,
  };
}
