import { LIMITS, finalPrice, keysetPages, productExportRows, type CsvValue } from '@shop/shared';
import { toProduct, type ProductRow } from './product-row';

const PRODUCT_UID = 'api::product.product';

/**
 * Every product (active or not), oldest first, read in batches by id: one CSV row per size with its stock, one row
 * for a product without sizes. Stock is resolved like the catalogue answers it (see resolveStockBySize).
 */
export async function* productExportBatches(batchSize: number = LIMITS.exportBatchSize): AsyncGenerator<CsvValue[][]> {
  const fetchPage = async (after: number | null, size: number) => {
    const rows: ProductRow[] = await strapi.db.query(PRODUCT_UID).findMany({
      where: after === null ? {} : { id: { $gt: after } },
      orderBy: [{ id: 'asc' }],
      limit: size,
    });
    return rows.map((row) => ({ row, id: row.id }));
  };
  for await (const page of keysetPages(fetchPage, batchSize)) {
    yield page.flatMap(({ row }) => {
      const product = toProduct(row);
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
      });
    });
  }
}
