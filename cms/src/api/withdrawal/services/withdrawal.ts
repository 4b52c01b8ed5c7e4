import { factories } from '@strapi/strapi';

/** The requests are read and written by the withdrawals domain (src/domains/withdrawals); this is Strapi's plain service. */
export default factories.createCoreService('api::withdrawal.withdrawal');
