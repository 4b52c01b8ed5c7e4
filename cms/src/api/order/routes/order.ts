import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::order.order', {
  public: { create: ['POST', '/orders'], track: ['GET', '/orders/by-number/:orderNumber'], findOne: ['GET', '/orders/:id'] },
  staff: {
    find: ['GET', '/orders'],
    createManual: ['POST', '/orders/manual'],
    paymentLink: ['POST', '/orders/:id/payment-link'],
    summarize: ['GET', '/orders/summary'],
    dispatch: ['GET', '/orders/dispatch'],
    exportCsv: ['GET', '/orders/export.csv'],
    history: ['GET', '/orders/:id/history'],
    updateStatus: ['PUT', '/orders/:id/status'],
    confirm: ['PATCH', '/orders/:id/confirm'],
    fulfill: ['PUT', '/orders/:id/fulfillment'],
    fulfillMany: ['POST', '/orders/fulfillment'],
    refund: ['POST', '/orders/:id/refund'],
    delete: ['DELETE', '/orders/:id'],
  },
});
