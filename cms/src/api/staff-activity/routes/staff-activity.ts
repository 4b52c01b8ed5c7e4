import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::staff-activity.staff-activity', { staff: { find: ['GET', '/activity'] } });
