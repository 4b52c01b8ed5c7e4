import { LIMITS, finalPrice, keysetPages, productExportRows, type CsvValue, type Product } from '@shop/shared';
import { PRODUCT_UID, toProduct, type ProductRow } from './product-row';

/** Every product (active or not) as answered, oldest first, one batch of `batchSize` rows at a time (keyset by id). */
export async function* everyProduct(batchSize: number): AsyncGenerator<Product[]> {
  const fetchPage = async (after: number | null, size: number) => {
    const rows: ProductRow[] = await strapi.db.query(PRODUCT_UID).findMany({
      where: after === null ? {} : { id: { $gt: after } },
      orderBy: [{ id: 'asc' }],
      limit: size,
    });
    return rows.map((row) => ({ row, id: row.id }));
  };
  for await (const page of keysetPages(fetchPage, batchSize)) yield page.map(({ row }) => toProduct(row));
}

/**
 * Every product (active or not), oldest first, read in batches by id: one CSV row per size with its stock, one row
 * for a product without sizes. Stock is resolved like the catalogue answers it (see resolveStockBySize).
 */
export async function* productExportBatches(batchSize: number = LIMITS.exportBatchSize): AsyncGenerator<CsvValue[][]> {
  for await (const page of everyProduct(batchSize)) {
    yield page.flatMap((product) => {
      return productExportRows({
        documentId: product._id,
        title: product.title,
        category: product.category,
        price: product.price,
        discount: product.discount,
        finalPrice: finalPrice(product.price, product.discount),
        active: product.status,
        stock: product.stock,
        stockBySize: product.stockBySize ?? {},
        parcel: product.parcel,
      });
    });
  }
}
