// A product row as stored, its public shape (toProduct), its size index, and reading one row by documentId.
import {
  DEFAULT_COLORS,
  legacyVariants,
  normalizeSizes,
  publicVariant,
  resolveStockBySize,
  stockOfVariants,
  storedVariants,
  type Product,
  type ProductParcel,
  type ProductParcelInput,
} from '@shop/shared';
import { jsonColumn } from '../../utils/db-write';

export const PRODUCT_UID = 'api::product.product';

/** A product row as the database returns it (private columns included). */
export interface ProductRow {
  id: number;
  documentId: string;
  title: string;
  description: string | null;
  price: number;
  discount: number | null;
  category: string;
  thumbnails: unknown;
  stock: number | null;
  size: unknown;
  stockBySize?: unknown;
  sizeIndex?: string | null;
  finalPrice?: number | null;
  /** The API's `status` (renamed in the model: Strapi 5 reserves `status` for draft & publish). */
  isActive: boolean | null;
  colors: unknown;
  variants?: unknown;
  photoColors?: unknown;
  colorReview?: boolean | null;
  /** The packed parcel for national shipping (grams, cm), null where the category's default applies. */
  packedWeight?: number | null;
  packedLength?: number | null;
  packedWidth?: number | null;
  packedHeight?: number | null;
  createdAt: string | Date | null;
  updatedAt: string | Date | null;
}

const iso = (v: string | Date | null): string | undefined => (v === null ? undefined : new Date(v).toISOString());

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The product's colours as stored, or the default ones (Negro, Blanco) when it names none. */
export function colorList(value: unknown): Product['colors'] {
  if (!Array.isArray(value)) return DEFAULT_COLORS;
  const colors = value.flatMap((c: unknown) => {
    if (c && typeof c === 'object' && 'name' in c && typeof c.name === 'string') {
      const v = 'value' in c && typeof c.value === 'string' ? c.value : '';
      return [{ name: c.name, value: v }];
    }
    return [];
  });
  return colors.length > 0 ? colors : DEFAULT_COLORS;
}

/** Photo URL → colour name, as stored (anything else dropped). */
function photoColorMap(value: unknown): Record<string, string> {
  const map = jsonColumn(value);
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return {};
  return Object.fromEntries(
    Object.entries(map).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

const measure = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** The product's packed parcel as stored (a measure not set: null, the category's default applies). */
export function productParcelOf(row: Pick<ProductRow, 'packedWeight' | 'packedLength' | 'packedWidth' | 'packedHeight'>): ProductParcel {
  return {
    weight: measure(row.packedWeight),
    length: measure(row.packedLength),
    width: measure(row.packedWidth),
    height: measure(row.packedHeight),
  };
}

/** The columns of a `parcel` input: only the measures sent (null clears one). */
export function parcelColumns(
  parcel: ProductParcelInput | undefined,
): Partial<Record<'packedWeight' | 'packedLength' | 'packedWidth' | 'packedHeight', number | null>> {
  if (!parcel) return {};
  const columns: Partial<Record<'packedWeight' | 'packedLength' | 'packedWidth' | 'packedHeight', number | null>> = {};
  if (parcel.weight !== undefined) columns.packedWeight = parcel.weight;
  if (parcel.length !== undefined) columns.packedLength = parcel.length;
  if (parcel.width !== undefined) columns.packedWidth = parcel.width;
  if (parcel.height !== undefined) columns.packedHeight = parcel.height;
  return columns;
}

/** The public shape of a product: `_id` is the documentId, private columns never leave the server. */
export function toProduct(row: ProductRow): Product {
  const size = normalizeSizes(row.size);
  const colors = colorList(jsonColumn(row.colors));
  // A row not yet migrated answers what the start-up migrations will store (see resolveStockBySize, legacyVariants).
  const legacy = resolveStockBySize(size, row.stockBySize ?? null, row.stock);
  const stored = storedVariants(row.variants);
  const variants =
    stored && stored.length > 0
      ? stored
      : legacyVariants({ title: row.title, colors, sizes: size, stockBySize: legacy, stock: Math.max(0, row.stock ?? 0) }).variants;
  const sums = stockOfVariants(variants, size);
  const stockBySize = size.length > 0 ? sums.stockBySize : {};
  return {
    _id: row.documentId,
    title: row.title,
    description: row.description ?? '',
    price: row.price,
    discount: row.discount ?? 0,
    category: row.category,
    thumbnails: stringList(row.thumbnails),
    stock: sums.stock,
    size,
    stockBySize,
    status: row.isActive !== false,
    colors,
    variants: variants.map(publicVariant),
    photoColors: photoColorMap(row.photoColors),
    colorReview: row.colorReview === true,
    parcel: productParcelOf(row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** `,S,M,L,`: lets SQL find products offering a size with LIKE '%,M,%'. */
export function sizeIndexOf(sizes: readonly string[]): string {
  return sizes.length === 0 ? '' : `,${normalizeSizes([...sizes]).join(',')},`;
}

/** Strapi's query engine on the products. */
export const productQuery = () => strapi.db.query(PRODUCT_UID);

/** Several product rows by documentId, in one query (those that exist). */
export async function findProductRows(documentIds: readonly string[]): Promise<ProductRow[]> {
  if (documentIds.length === 0) return [];
  const rows: ProductRow[] = await productQuery().findMany({ where: { documentId: { $in: [...documentIds] } } });
  return rows;
}

/** One product row by documentId (null for an unknown or implausible id). */
export async function findProductRow(documentId: string): Promise<ProductRow | null> {
  if (!documentId || documentId.length > 64) return null;
  const row: ProductRow | null = await productQuery().findOne({ where: { documentId } });
  return row;
}
