import { customRoutes } from '../../../utils/routes';

/**
 * A counter sale's card and QR parts (docs/api.md "Counter: payments"): followed, cancelled and added with
 * counter.use.
 */
export default customRoutes('api::counter-payment.counter-payment', {
  staff: {
    findOne: ['GET', '/counter-payments/:id'],
    cancel: ['DELETE', '/counter-payments/:id'],
    add: ['POST', '/orders/:id/counter-payments'],
  },
});
