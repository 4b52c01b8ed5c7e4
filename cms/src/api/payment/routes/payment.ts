import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::payment.payment', {
  public: { mercadoPagoWebhook: ['POST', '/payments/mercadopago/webhook'] },
});
