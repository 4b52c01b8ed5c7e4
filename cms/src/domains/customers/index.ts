/**
 * The customers domain (one row per shopper across web and staff orders, joined by e-mail or else by phone): what
 * other parts of the backend may use. Its other files are private to the domain and its Strapi shells
 * (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export {
  assignCustomerKey,
  backfillCustomerKeys,
  CUSTOMER_INDEXES,
  phoneOnlyOrdersJoin,
  newOrderCustomer,
  refreshCustomerKey,
} from './customer-keys';
export { contactsMatching, ensureContactSearch } from './contact-search';
export { customerBatches, customerDetail, listCustomers } from './customer-list';
export { CUSTOMER_CHANGES, CUSTOMER_ROLLUP, ensureCustomerRollup } from './customer-rollup';
