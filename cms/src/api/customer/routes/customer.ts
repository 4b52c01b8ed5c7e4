import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::customer.customer', {
  staff: {
    find: ['GET', '/customers'],
    exportCsv: ['GET', '/customers/export.csv'],
    findOne: ['GET', '/customers/:id'],
  },
});
