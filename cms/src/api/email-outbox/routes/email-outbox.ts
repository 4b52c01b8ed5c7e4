import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::email-outbox.email-outbox', {
  staff: { find: ['GET', '/emails'], resend: ['POST', '/emails/:id/resend'] },
});
