import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::return-request.return-request', {
  public: { create: ['POST', '/returns'] },
  staff: {
    find: ['GET', '/returns'],
    findOne: ['GET', '/returns/:id'],
    updateStatus: ['PUT', '/returns/:id/status'],
  },
});
