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
  },
});
