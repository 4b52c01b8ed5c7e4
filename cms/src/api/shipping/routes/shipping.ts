import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::shipping.shipping', {
  // National quotes and branches: anyone (the checkout), rate limited like the checkout's quote.
  public: {
    quote: ['POST', '/shipping/quote'],
    branches: ['GET', '/shipping/branches'],
    availability: ['GET', '/shipping/availability'],
  },
  // The carriers, their credentials, fees and the flat rate: the owner (shipping.manage).
  staff: { getSettings: ['GET', '/shipping/settings'], putSettings: ['PUT', '/shipping/settings'] },
});
