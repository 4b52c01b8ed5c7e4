import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::account.shop-account', {
  // Her own corner: a code by e-mail, then her cookie. Every route but the code's checks the cookie and the origin
  // itself (src/domains/accounts/account-sessions.ts); a staff token means nothing here.
  public: {
    requestCode: ['POST', '/account/code'],
    signIn: ['POST', '/account/session'],
    signOut: ['DELETE', '/account/session'],
    signOutEverywhere: ['DELETE', '/account/sessions'],
    me: ['GET', '/account'],
    savePreferences: ['PUT', '/account/preferences'],
    orders: ['GET', '/account/orders'],
    addresses: ['GET', '/account/addresses'],
    saveAddresses: ['PUT', '/account/addresses'],
    measurements: ['GET', '/account/measurements'],
    saveMeasurements: ['PUT', '/account/measurements'],
    favorites: ['GET', '/account/favorites'],
    saveFavorites: ['PUT', '/account/favorites'],
    alerts: ['GET', '/account/alerts'],
    removeAlert: ['DELETE', '/account/alerts/:id'],
    exportData: ['GET', '/account/export'],
    remove: ['DELETE', '/account'],
  },
});
