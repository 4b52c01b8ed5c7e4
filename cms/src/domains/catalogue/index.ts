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
  ensureFreshCatalogue,
  settingsGeneration,
} from './catalogue-version';
export { PRODUCT_LIST_INDEXES } from './product-list';
export { provideProductFit } from './product-fit';
export { unitsSoldBySize } from './sold-units';
export { colorList } from './product-row';
export { PURCHASE_INDEXES } from './purchases';
export { STOCK_MOVEMENT_INDEXES, type StockSource, type StockStaff } from './stock-ledger';
export { prepareStockAlertColors } from './stock-alert-store';
export { sweepAfterChange } from './stock-alert-sweep';
