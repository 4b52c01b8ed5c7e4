import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::contact-message.contact-message', { public: { create: ['POST', '/contact'] } });
