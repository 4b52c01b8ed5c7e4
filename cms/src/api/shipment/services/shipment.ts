import { factories } from '@strapi/strapi';
import type { LabelFormat, ShipmentAnswer } from '@shop/shared';
import { bulkLabels, orderLabel } from '../../../domains/orders/order-shipment-labels';
import { cancelShipment, createShipment, dispatchShipment, existingShipment } from '../../../domains/orders/order-shipment';
import { shipmentAnswer, shipmentOf, SHIPMENT_UID } from '../../../domains/orders/order-shipment-store';
import {
  mailShipment,
  pollOpenShipments,
  startTrackingSweeps,
  stopTrackingSweeps,
  trackedShipment,
} from '../../../domains/orders/order-shipment-tracking';
import type { Actor } from '../../../domains/orders/order-history';

/** Carrier shipments (src/domains/orders/order-shipment*.ts): the routes, the tracking answer and the sweep reach them here. */
export default factories.createCoreService(SHIPMENT_UID, () => ({
  create: createShipment,
  cancel: cancelShipment,
  /** The order's shipment, or null when it has none yet. */
  async show(documentId: string): Promise<ShipmentAnswer | null> {
    const row = await shipmentOf(documentId);
    return row && row.status !== 'creating' ? shipmentAnswer(row) : null;
  },
  /** "Despachado": the order becomes "Enviado" and the shopper gets the carrier, the number and its link. */
  async dispatch(documentId: string, by: Actor, origin: string | null = null): Promise<ShipmentAnswer> {
    const { shipment, marked } = await dispatchShipment(documentId, by);
    if (marked.changed) {
      const row = await existingShipment(documentId);
      await strapi
        .service('api::email-outbox.email-outbox')
        .fulfillmentChanged(marked.order, marked.cashCollected, origin, mailShipment(row));
    }
    return shipment;
  },
  labels: (orderIds: readonly string[], format: LabelFormat) => bulkLabels(orderIds, format),
  label: (documentId: string, format: LabelFormat | 'carrier' | 'summary') => orderLabel(documentId, format),
  tracked: trackedShipment,
  pollNow: pollOpenShipments,
  startSweeps: startTrackingSweeps,
  stopSweeps: stopTrackingSweeps,
}));
