import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::site-content.site-content', {
  public: { find: ['GET', '/content'] },
  staff: { update: ['PUT', '/content'] },
});
