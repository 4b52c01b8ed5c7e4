import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::channel.channel', {
  // Mercado Libre sends the owner's browser back here after she authorizes the shop (rate limited, state checked).
  // Mercado Libre's notifications of sales (rate limited; only the resource is kept, fetched later).
  public: { callback: ['GET', '/channels/mercadolibre/callback'], notifications: ['POST', '/channels/mercadolibre/notifications'] },
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
    questions: ['GET', '/channels/mercadolibre/questions'],
    answer: ['POST', '/channels/mercadolibre/questions/:id/answer'],
  },
});
