import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::auth.auth', {
  public: {
    login: ['POST', '/auth/login'],
    check: ['GET', '/auth/check'],
    renew: ['POST', '/auth/renew'],
    logout: ['POST', '/auth/logout'],
  },
});
