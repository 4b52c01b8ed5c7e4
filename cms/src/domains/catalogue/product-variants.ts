// Variants on the server: the SKU/barcode index (unique across the shop), and the start-up migration to variants.
import { legacyVariants, normalizeSizes, resolveStockBySize, VARIANT_MSG, type ProductVariant } from '@shop/shared';
import { affectedRows, jsonColumn } from '../../utils/db-write';
import { colorList, PRODUCT_UID } from './product-row';

/**
 * `|s:SKU|b:BARCODE|…|`: the private `skuIndex` column, so that SQL finds the product of a SKU or barcode with
 * LIKE '%|s:SKU|%' (SKUs are A-Z 0-9 -, barcodes digits: no LIKE wildcard can appear in them).
 */
export function skuIndexOf(variants: readonly ProductVariant[]): string {
  const codes = variants.flatMap((variant) => [`s:${variant.sku}`, ...(variant.barcode ? [`b:${variant.barcode}`] : [])]);
  return codes.length === 0 ? '' : `|${codes.join('|')}|`;
}

const CHUNK = 50;

/** Which of `codes` ("s:…", "b:…") another product already uses. */
async function takenCodes(codes: readonly string[], exceptId: number | null): Promise<Set<string>> {
  const wanted = new Set(codes);
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const chunk = codes.slice(i, i + CHUNK);
    const rows: { skuIndex?: string | null }[] = await strapi.db.query(PRODUCT_UID).findMany({
      where: {
        $or: chunk.map((code) => ({ skuIndex: { $contains: `|${code}|` } })),
        ...(exceptId === null ? {} : { id: { $ne: exceptId } }),
      },
      select: ['skuIndex'],
    });
    for (const row of rows) for (const code of (row.skuIndex ?? '').split('|')) if (wanted.has(code)) taken.add(code);
  }
  return taken;
}

/**
 * The variants with SKUs and barcodes no other product uses: a barcode or a typed SKU that another product has is
 * refused (Spanish message); a generated SKU that clashes gets a number ("…-85B-2"). `exceptId`: the product's row.
 */
export async function withUniqueCodes(
  variants: readonly ProductVariant[],
  typedSkus: ReadonlySet<string>,
  exceptId: number | null,
): Promise<ProductVariant[]> {
  const codes = variants.flatMap((variant) => [`s:${variant.sku}`, ...(variant.barcode ? [`b:${variant.barcode}`] : [])]);
  const taken = await takenCodes(codes, exceptId);
  if (taken.size === 0) return [...variants];
  const own = new Set(variants.map((variant) => variant.sku));
  const result: ProductVariant[] = [];
  for (const variant of variants) {
    if (variant.barcode && taken.has(`b:${variant.barcode}`)) throw new Error(VARIANT_MSG.barcodeTaken(variant.barcode));
    if (!taken.has(`s:${variant.sku}`)) {
      result.push(variant);
      continue;
    }
    if (typedSkus.has(variant.sku)) throw new Error(VARIANT_MSG.skuTaken(variant.sku));
    result.push({ ...variant, sku: await freeSku(variant.sku, own, exceptId) });
  }
  return result;
}

async function freeSku(base: string, own: Set<string>, exceptId: number | null): Promise<string> {
  for (let n = 2; n < 1000; n += 1) {
    const tail = `-${n}`;
    const candidate = `${base.slice(0, 40 - tail.length)}${tail}`;
    if (own.has(candidate)) continue;
    if ((await takenCodes([`s:${candidate}`], exceptId)).size === 0) {
      own.add(candidate);
      return candidate;
    }
  }
  throw new Error(VARIANT_MSG.skuTaken(base));
}

/**
 * Start-up migration to variants, in place: every product without stored variants gets every colour × size, each
 * size's units on the first colour and 0 on the others (no size's total changes); a product with several colours is
 * flagged `colorReview` ("Revisá el stock por color") until staff save its grid. Generated SKUs are made unique across
 * the shop. Conditional on `variants` still being empty: safe on every start and from two processes at once.
 */
export async function migrateVariants(): Promise<number> {
  const knex = strapi.db.connection;
  const schema = strapi.db.getSchemaName();
  const products = () => (schema ? knex.withSchema(schema).table('products') : knex.table('products'));
  const rows: Record<string, unknown>[] = await products()
    .whereNull('variants')
    .select('id', 'title', 'colors', 'size', 'stock', 'stock_by_size');
  if (rows.length === 0) return 0;
  const used = new Set<string>();
  const indexes: { sku_index: string | null }[] = await products().whereNotNull('sku_index').select('sku_index');
  for (const { sku_index: index } of indexes)
    for (const code of (index ?? '').split('|')) if (code.startsWith('s:')) used.add(code.slice(2));
  let migrated = 0;
  for (const row of rows) {
    const sizes = [...new Set(normalizeSizes(jsonColumn(row.size)))];
    const colors = colorList(jsonColumn(row.colors));
    const stockBySize = resolveStockBySize(sizes, jsonColumn(row.stock_by_size ?? null), row.stock);
    const title = typeof row.title === 'string' ? row.title : 'P';
    const { variants, needsReview } = legacyVariants({ title, colors, sizes, stockBySize, stock: Number(row.stock ?? 0) });
    const unique = variants.map((variant) => {
      let sku = variant.sku;
      for (let n = 2; used.has(sku); n += 1) sku = `${variant.sku.slice(0, 40 - String(n).length - 1)}-${n}`;
      used.add(sku);
      return { ...variant, sku };
    });
    migrated += affectedRows(
      await products()
        .where('id', Number(row.id))
        .whereNull('variants')
        .update({ variants: JSON.stringify(unique), sku_index: skuIndexOf(unique), color_review: needsReview }),
    );
  }
  strapi.log.info(`[products] variants: ${migrated} product(s) migrated (each size's units on the first colour)`);
  return migrated;
}
