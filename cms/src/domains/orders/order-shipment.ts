import {
  CARRIER_LABELS,
  DEFAULT_PARCEL,
  isPaidOrder,
  orderNationalShippingSchema,
  provinceCodeSchema,
  SHIPMENT_MSG,
  SHOP_BRAND,
  statusLabel,
  type OrderNationalShipping,
  type Parcel,
  type ShipmentAnswer,
} from '@shop/shared';
import { affectedRows, insertDocumentOnce, isRecord, table, writeTransaction } from '../../utils/db-write';
import { ApiError, conflict, notFound } from '../../utils/http';
import {
  cancelCarrierShipment,
  carrierLabel,
  createCarrierShipment,
  parcelsOfItems,
  type CarrierShipment,
  type ShipmentRequest,
} from '../shipping';
import { markFulfillment, type FulfillmentMarked } from './order-fulfillment';
import { type Actor } from './order-history';
import { ORDER_NOT_FOUND, findOrderDocument } from './order-read';
import { CREATING, SHIPMENTS_TABLE, shipmentAnswer, shipmentOf, type ShipmentRow } from './order-shipment-store';

/**
 * An order's shipment with its carrier (docs/api.md "Envíos: etiquetas y seguimiento"): created once per order (the
 * unique row is claimed before the carrier is asked, so two clicks make one shipment), cancelled at the carrier while
 * it allows it, dispatched by staff (the order becomes "Enviado" through the one fulfilment path).
 */

/** A claim older than this (a process that died while asking the carrier) may be taken again. */
const STALE_CLAIM_MS = 60_000;
export const CREATING_MESSAGE = 'Se está creando el envío de esta orden: probá de nuevo en unos segundos';

interface ShippableOrder {
  documentId: string;
  orderNumber: string;
  shipping: OrderNationalShipping;
  recipient: { name: string; email: string; phone: string };
  items: { productId: string; quantity: number }[];
  total: number;
}

/** The order, checked: sent with a carrier (409 otherwise) and paid (409 otherwise), both in Spanish. */
async function shippableOrder(documentId: string): Promise<ShippableOrder> {
  const doc = await findOrderDocument(documentId);
  if (!doc) throw notFound(ORDER_NOT_FOUND);
  const national = orderNationalShippingSchema.safeParse(doc.nationalShipping);
  if (doc.deliveryType !== 'carrier' || !national.success) throw conflict(SHIPMENT_MSG.notCarrier);
  const status = typeof doc.orderStatus === 'string' ? doc.orderStatus : '';
  if (!isPaidOrder({ status, paidAt: doc.paidAt })) throw conflict(SHIPMENT_MSG.notPaid(statusLabel(status)));
  const info = isRecord(doc.shippingInfo) ? doc.shippingInfo : {};
  const items = (Array.isArray(doc.items) ? doc.items : []).filter(isRecord).flatMap((item) => {
    const quantity = Number(item.quantity);
    return typeof item.productId === 'string' && item.productId !== '' && Number.isInteger(quantity) && quantity > 0
      ? [{ productId: item.productId, quantity }]
      : [];
  });
  return {
    documentId,
    orderNumber: typeof doc.orderNumber === 'string' ? doc.orderNumber : '',
    shipping: national.data,
    recipient: { name: String(info.fullName ?? ''), email: String(info.email ?? ''), phone: String(info.phone ?? '') },
    items,
    total: Number(doc.total) || 0,
  };
}

/** The order's parcels as the quote packed them; a product since removed leaves the owner's default parcel. */
async function parcelsOf(order: ShippableOrder): Promise<Parcel[]> {
  if (order.items.length === 0) return [DEFAULT_PARCEL];
  return parcelsOfItems(order.items).catch(() => [DEFAULT_PARCEL]);
}

/**
 * Claims the order's one shipment row for a new carrier shipment: a new row, or a cancelled one (a new attempt), or a
 * claim left by a process that died. Returns the attempt number, or the existing row when there is nothing to claim.
 */
async function claim(order: ShippableOrder): Promise<{ attempt: number } | { existing: ShipmentRow }> {
  const { shipping } = order;
  const columns = {
    order_number: order.orderNumber,
    carrier: shipping.carrier,
    service: shipping.service,
    service_code: shipping.serviceCode,
    service_type: shipping.type,
    shipment_status: CREATING,
    tracking_number: null,
    carrier_ref: null,
    label: null,
    events: JSON.stringify([]),
    last_polled_at: null,
    dispatched_at: null,
    cancelled_at: null,
  };
  return writeTransaction(async (trx) => {
    if (
      await insertDocumentOnce(trx, SHIPMENTS_TABLE, { order_document_id: order.documentId, ...columns, attempt: 1 }, 'order_document_id')
    ) {
      return { attempt: 1 };
    }
    const row = await shipmentOf(order.documentId, trx);
    if (!row) throw new ApiError(503, CREATING_MESSAGE);
    const stale = row.status === CREATING && Date.parse(row.updatedAt) < Date.now() - STALE_CLAIM_MS;
    if (row.status !== 'cancelled' && !stale) return { existing: row };
    const raw: unknown = await table(trx, SHIPMENTS_TABLE).where('id', row.id).first('attempt');
    const attempt = (isRecord(raw) ? Number(raw.attempt) || 1 : 1) + (row.status === 'cancelled' ? 1 : 0);
    const q = table(trx, SHIPMENTS_TABLE).where('id', row.id).andWhere('shipment_status', row.status);
    // A stale claim is taken by one process only: the one whose update still finds it stale.
    if (stale) q.andWhere('updated_at', '<', new Date(Date.now() - STALE_CLAIM_MS));
    const taken = affectedRows(await q.update({ ...columns, attempt, updated_at: new Date() }));
    return taken === 1 ? { attempt } : { existing: row };
  });
}

/** Gives the claim back when the carrier failed: the first attempt's row goes, a later one is cancelled again. */
async function release(documentId: string, attempt: number): Promise<void> {
  await writeTransaction(async (trx) => {
    const q = table(trx, SHIPMENTS_TABLE).where('order_document_id', documentId).andWhere('shipment_status', CREATING);
    if (attempt === 1) await q.delete();
    else await q.update({ shipment_status: 'cancelled', updated_at: new Date() });
  });
}

function requestOf(order: ShippableOrder, parcels: Parcel[], attempt: number): ShipmentRequest {
  const { shipping } = order;
  const province = provinceCodeSchema.safeParse(shipping.address.province);
  return {
    // A new attempt after a cancel needs a reference of its own: the carrier answers a known one with its old shipment.
    reference: attempt === 1 ? order.orderNumber : `${order.orderNumber}-${attempt}`,
    serviceCode: shipping.serviceCode,
    type: shipping.type,
    branchId: shipping.branch?.id ?? null,
    recipient: order.recipient,
    address: { ...shipping.address, province: province.success ? province.data : 'AR-Q' },
    parcels,
    declaredValue: Math.round(order.total),
    sender: { name: SHOP_BRAND, email: process.env.SHOP_SENDER_EMAIL?.trim() ?? '', phone: process.env.SHOP_SENDER_PHONE?.trim() ?? '' },
  };
}

/**
 * POST /orders/{id}/shipment: the order's shipment at its carrier, created once (a second call answers the same one;
 * while another call is asking the carrier, a 409 to retry). The carrier's label is kept with it when it gives one.
 */
export async function createShipment(documentId: string): Promise<ShipmentAnswer> {
  const order = await shippableOrder(documentId);
  const claimed = await claim(order);
  if ('existing' in claimed) {
    if (claimed.existing.status === CREATING) throw conflict(CREATING_MESSAGE);
    return shipmentAnswer(claimed.existing);
  }
  let created: CarrierShipment;
  try {
    created = await createCarrierShipment(order.shipping.carrier, requestOf(order, await parcelsOf(order), claimed.attempt));
  } catch (error) {
    await release(documentId, claimed.attempt);
    throw error;
  }
  // The carrier's own label, kept (a later download fetches it again when the carrier had none ready).
  const label = await carrierLabel(order.shipping.carrier, created).catch(() => null);
  await writeTransaction((trx) =>
    table(trx, SHIPMENTS_TABLE)
      .where('order_document_id', documentId)
      .update({
        tracking_number: created.trackingNumber,
        carrier_ref: created.carrierRef,
        shipment_status: 'created',
        label: label ? label.toString('base64') : null,
        updated_at: new Date(),
      }),
  );
  const row = await shipmentOf(documentId);
  if (!row) throw notFound(SHIPMENT_MSG.noShipment);
  strapi.log.info(`[shipping] ${order.orderNumber}: shipment ${created.trackingNumber} created with ${CARRIER_LABELS[row.carrier]}`);
  return shipmentAnswer(row);
}

/** The order's shipment, past its creation (404 when there is none). */
export async function existingShipment(documentId: string): Promise<ShipmentRow> {
  const row = await shipmentOf(documentId);
  if (!row || row.status === CREATING) throw notFound(SHIPMENT_MSG.noShipment);
  return row;
}

export const carrierShipmentOf = (row: ShipmentRow): CarrierShipment => ({
  trackingNumber: row.trackingNumber,
  carrierRef: row.carrierRef,
});

/**
 * DELETE /orders/{id}/shipment: cancelled at the carrier while the label is all there is (409 once dispatched, or when
 * the carrier refuses); a cancelled shipment answers as it is.
 */
export async function cancelShipment(documentId: string): Promise<ShipmentAnswer> {
  const row = await existingShipment(documentId);
  if (row.status === 'cancelled') return shipmentAnswer(row);
  if (row.status !== 'created') throw conflict(SHIPMENT_MSG.notCancellable);
  await cancelCarrierShipment(row.carrier, carrierShipmentOf(row));
  await writeTransaction((trx) =>
    table(trx, SHIPMENTS_TABLE)
      .where('id', row.id)
      .andWhere('shipment_status', 'created')
      .update({ shipment_status: 'cancelled', cancelled_at: new Date(), updated_at: new Date() }),
  );
  return shipmentAnswer((await shipmentOf(documentId)) ?? row);
}

/**
 * POST /orders/{id}/shipment/dispatch ("Despachado"): the parcel left with the carrier. The order is marked "Enviado"
 * through markFulfillment (history, e-mail by the caller); a second call changes nothing.
 */
export async function dispatchShipment(documentId: string, by: Actor): Promise<{ shipment: ShipmentAnswer; marked: FulfillmentMarked }> {
  const row = await existingShipment(documentId);
  if (row.status === 'cancelled') throw conflict(SHIPMENT_MSG.cancelled);
  const marked = await markFulfillment(documentId, row.status === 'delivered' ? 'delivered' : 'shipped', by);
  if (row.status === 'created') {
    const now = new Date();
    await writeTransaction((trx) =>
      table(trx, SHIPMENTS_TABLE)
        .where('id', row.id)
        .andWhere('shipment_status', 'created')
        .update({ shipment_status: 'dispatched', dispatched_at: now, updated_at: now }),
    );
  }
  return { shipment: shipmentAnswer((await shipmentOf(documentId)) ?? row), marked };
}
