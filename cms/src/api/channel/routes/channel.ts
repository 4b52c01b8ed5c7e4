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
    questions: ['GET', '/channels/mercadolibre/questions'],
    answer: ['POST', '/channels/mercadolibre/questions/:id/answer'],
  },
});
