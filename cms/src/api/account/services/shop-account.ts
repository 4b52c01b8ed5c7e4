import { factories } from '@strapi/strapi';

/** Shoppers' accounts: their logic is the accounts domain's (src/domains/accounts), reached from the controller. */
export default factories.createCoreService('api::account.shop-account');
