import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::shipment.shipment', {
  // Carrier shipments of paid orders (docs/api.md "Envíos: etiquetas y seguimiento"): staff with orders.manage
  // (reading one: orders.view); the shopper sees hers in the public tracking answer (GET /orders/by-number/…).
  staff: {
    show: ['GET', '/orders/:id/shipment'],
    create: ['POST', '/orders/:id/shipment'],
    cancel: ['DELETE', '/orders/:id/shipment'],
    dispatch: ['POST', '/orders/:id/shipment/dispatch'],
    label: ['GET', '/orders/:id/shipment/label'],
    labels: ['POST', '/shipments/labels'],
  },
});
