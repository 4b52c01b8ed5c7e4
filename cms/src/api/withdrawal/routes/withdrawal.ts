import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::withdrawal.withdrawal', {
  public: { create: ['POST', '/withdrawals'], status: ['GET', '/withdrawals/:code'] },
  staff: {
    find: ['GET', '/withdrawals'],
    updateStatus: ['PUT', '/withdrawals/:id'],
    returnShipment: ['POST', '/withdrawals/:id/return-shipment'],
    returnLabel: ['GET', '/withdrawals/:id/return-shipment/label'],
  },
});
