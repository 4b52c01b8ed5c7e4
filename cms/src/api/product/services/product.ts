import { factories } from '@strapi/strapi';
import { MSG, type Product } from '@shop/shared';
import { notFound } from '../../../utils/http';
import { lockProductStock, migrateStockBySize, writeProductStock } from '../../../domains/catalogue/product-stock';
import { backfillSearchText, ensureSearchIndexes } from '../../../domains/catalogue/product-search';
import { findProductRow, PRODUCT_UID, productQuery, toProduct } from '../../../domains/catalogue/product-row';
import { countSearchMatches, listProducts, type ProductListQuery, type ProductPage } from '../../../domains/catalogue/product-list';
import { bestSellers } from '../../../domains/catalogue/best-sellers';
import { createProduct, removeProduct, updateProduct } from '../../../domains/catalogue/product-writes';
import { migrateVariants } from '../../../domains/catalogue/product-variants';
import { productFitOf, withRatings } from '../../../domains/catalogue/product-fit';

// What other domains import through the registered service (docs/architecture.md).
export { PRODUCT_UID, sizeIndexOf, toProduct, type ProductRow } from '../../../domains/catalogue/product-row';
export type { ProductListQuery, ProductPage } from '../../../domains/catalogue/product-list';

/** The catalogue's products (`api::product.product`): the pieces live in src/domains/catalogue. */
export default factories.createCoreService(PRODUCT_UID, () => ({
  /** A page of products, each with its `rating` when it has approved reviews (the cards' stars). */
  async list(query: ProductListQuery): Promise<ProductPage> {
    const page = await listProducts(query);
    return { ...page, payload: await withRatings(page.payload) };
  },

  /**
   * Active products with stock, those sold most (units, orders not cancelled or refunded) in the last 90 days first,
   * then the newest: the storefront shows them when a search finds nothing.
   */
  bestSellers,

  async countVisible(isAdmin: boolean): Promise<number> {
    return productQuery().count({ where: isAdmin ? {} : { isActive: true } });
  },

  /**
   * One product; inactive ones only for admins (the public gets the same 404 as for an unknown id). With its `fit`
   * once the exchanges reach the owner's minimum (catalogue/product-fit.ts).
   */
  async getVisible(documentId: string, isAdmin: boolean): Promise<Product> {
    const row = await findProductRow(documentId);
    if (!row || (!isAdmin && row.isActive === false)) throw notFound(MSG.product.notFound);
    const [fit, [rated]] = await Promise.all([productFitOf(row.documentId), withRatings([toProduct(row)])]);
    return fit ? { ...rated!, fit } : rated!;
  },

  /** `seeding`: the demo seed's categories are trusted (the owner may have renamed the store's since). */
  createProduct,
  /** Updates a product from its locked stock figures (see domains/catalogue/product-writes). */
  updateProduct,
  /** Refused (409) while the product appears in an order that is still being processed. */
  remove: removeProduct,

  /** Locks a product row inside the caller's transaction and reads its stock (orders take and return units). */
  lockStock: lockProductStock,
  writeStock: writeProductStock,
  /** Start-up data migration of products from before per-size stock. */
  migrateStockBySize,
  /** Start-up data migration of products from before variants (after migrateStockBySize). */
  migrateVariants,
  /** Start-up: the search columns of products that lack them, and PostgreSQL's trigram indexes. */
  async prepareSearch(): Promise<void> {
    await backfillSearchText();
    await ensureSearchIndexes();
  },
  /** How many visible products a query finds (the search-miss count uses it). */
  countMatches: countSearchMatches,
}));
