import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::interaction.interaction', {
  public: { create: ['POST', '/interactions'] },
  staff: {
    summarize: ['GET', '/interactions/summary'],
    findMostViewedProducts: ['GET', '/interactions/most-viewed-products'],
    findMostViewedCategories: ['GET', '/interactions/most-viewed-categories'],
    reset: ['DELETE', '/interactions/reset'],
  },
});
