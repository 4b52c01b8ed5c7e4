import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::health.health', { public: { check: ['GET', '/health'] } });
