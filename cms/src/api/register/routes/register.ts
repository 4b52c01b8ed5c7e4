import { customRoutes } from '../../../utils/routes';

/** The counter's registers (docs/api.md "Counter"): listed with counter.use, created and their Mercado
 * Pago devices set with counter.manage. */
export default customRoutes('api::register.register', {
  staff: {
    list: ['GET', '/registers'],
    create: ['POST', '/registers'],
    openSession: ['POST', '/registers/:id/sessions'],
    updateDevices: ['PATCH', '/registers/:id'],
  },
});
