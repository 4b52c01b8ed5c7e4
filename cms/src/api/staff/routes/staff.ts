import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::staff.staff', {
  staff: {
    find: ['GET', '/staff'],
    create: ['POST', '/staff'],
    update: ['PUT', '/staff/:id'],
    delete: ['DELETE', '/staff/:id'],
  },
});
