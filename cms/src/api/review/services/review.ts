import { factories } from '@strapi/strapi';

/** Reviews: their logic is the reviews domain's (src/domains/reviews), reached from the controller. */
export default factories.createCoreService('api::review.review');
