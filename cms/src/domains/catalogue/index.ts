/**
 * The catalogue domain (products, search, feeds, stock alerts ('Avisame'), shopper interactions): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { AnswerCache, clearAnswerCaches } from './answer-cache';
export { isFeedPath, sendFeed } from './catalogue-feeds';
export {
  catalogueChanged,
  currentGeneration,
  ensureCatalogueVersionTable,
  checkCatalogueNow,
  ensureFreshCatalogue,
  settingsGeneration,
} from './catalogue-version';
export { PRODUCT_LIST_INDEXES } from './product-list';
export { provideProductFit, provideProductRatings } from './product-fit';
export {
  productCategoriesOf,
  productsWhere,
  productParcelsOf,
  soldLinesBetween,
  SOLD_UNITS_INDEXES,
  soldLinesOfProducts,
  type SoldAt,
  soldUnitsByVariant,
  unitsSoldBySize,
  type SoldLine,
} from './sold-units';
export { catalogueVariants, type CatalogueVariant } from './catalogue-variants';
export { catalogueVariantsOfSkus } from './stock-check';
export { variantCostsOf } from './variant-cost-map';
export { feeRates, paymentFeePercent, type FeeRates } from './variant-costs';
export { colorList, findProductRow, findProductRows, toProduct } from './product-row';
export { STOCK_MOVEMENT_INDEXES, stockCrossings, type StockSource, type StockStaff, type VariantMovements } from './stock-ledger';
export { GenerationMemo } from './generation-memo';
export { MovedProductsMemo } from './moved-products';
export { PURCHASE_INDEXES } from './purchases';
export { prepareStockAlertColors } from './stock-alert-store';
export { sweepAfterChange } from './stock-alert-sweep';
export { withNetPrices } from './net-prices';
