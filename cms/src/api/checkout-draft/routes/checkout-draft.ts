import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::checkout-draft.checkout-draft', {
  public: {
    save: ['PUT', '/checkouts/:token'],
    findOne: ['GET', '/checkouts/:token'],
    unsubscribe: ['POST', '/checkouts/unsubscribe'],
  },
  staff: { abandoned: ['GET', '/checkouts/abandoned'], stats: ['GET', '/checkouts/stats'] },
});
