import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::stock-alert.stock-alert', {
  public: { create: ['POST', '/products/:id/stock-alerts'], unsubscribe: ['POST', '/stock-alerts/unsubscribe'] },
  staff: {
    list: ['GET', '/stock-alerts'],
    remove: ['DELETE', '/stock-alerts/:id'],
    waitedSizes: ['GET', '/insight/waited-sizes'],
    searchMisses: ['GET', '/insight/search-misses'],
  },
});
