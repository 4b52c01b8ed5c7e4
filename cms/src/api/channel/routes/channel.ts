import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::channel.channel', {
  // Mercado Libre sends the owner's browser back here after she authorizes the shop (rate limited, state checked).
  public: { callback: ['GET', '/channels/mercadolibre/callback'] },
  staff: {
    find: ['GET', '/channels/mercadolibre'],
    connect: ['POST', '/channels/mercadolibre/connect'],
    check: ['POST', '/channels/mercadolibre/check'],
    settings: ['PUT', '/channels/mercadolibre/settings'],
    disconnect: ['DELETE', '/channels/mercadolibre'],
    // Listings (issue #47 §2): the category predicted from a title, its required attributes, publish, pause, link.
    categories: ['GET', '/channels/mercadolibre/categories'],
    categoryAttributes: ['GET', '/channels/mercadolibre/categories/:categoryId/attributes'],
    listings: ['GET', '/channels/mercadolibre/listings'],
    publish: ['POST', '/channels/mercadolibre/listings'],
    updateListing: ['PUT', '/channels/mercadolibre/listings/:productId'],
  },
});
