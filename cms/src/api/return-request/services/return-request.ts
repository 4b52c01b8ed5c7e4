import { factories } from '@strapi/strapi';

/** The requests are read and written by the returns domain (src/domains/returns); this is Strapi's plain service. */
export default factories.createCoreService('api::return-request.return-request');
