import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::auth.auth', {
  public: {
    login: ['POST', '/auth/login'],
    check: ['GET', '/auth/check'],
    renew: ['POST', '/auth/renew'],
    logout: ['POST', '/auth/logout'],
    verifyTwoFactor: ['POST', '/auth/2fa/verify'],
    acceptInvitation: ['POST', '/auth/invitation'],
  },
  staff: {
    setupTwoFactor: ['POST', '/auth/2fa/setup'],
    enableTwoFactor: ['POST', '/auth/2fa/enable'],
    disableTwoFactor: ['POST', '/auth/2fa/disable'],
  },
});
