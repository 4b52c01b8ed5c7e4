import {
  CARRIER_IDS,
  carrierTrackingUrl,
  SHIPMENT_STATUSES,
  shipmentEventSchema,
  type CarrierId,
  type ShipmentAnswer,
  type ShipmentEvent,
  type ShipmentStatus,
  type ShippingServiceType,
} from '@shop/shared';
import { isoDate, isRecord, table, type Trx } from '../../utils/db-write';

/**
 * The shipments' table (`api::shipment.shipment`, one row per order: the unique index on order_document_id):
 * the carrier's numbers, the status, the carrier's label (base64) and the tracking events. `creating` is the row
 * claimed while the carrier is asked (never answered); the other statuses are SHIPMENT_STATUSES.
 */
export const SHIPMENTS_TABLE = 'shipments';
export const SHIPMENT_UID = 'api::shipment.shipment';
export const CREATING = 'creating';

export const SHIPMENT_INDEXES = [
  { name: 'idx_shop_shipments_order', table: SHIPMENTS_TABLE, columns: ['order_document_id'], unique: true },
  { name: 'idx_shop_shipments_status', table: SHIPMENTS_TABLE, columns: ['shipment_status', 'last_polled_at'] },
] as const;

export interface ShipmentRow {
  id: number;
  orderDocumentId: string;
  orderNumber: string;
  carrier: CarrierId;
  service: string;
  serviceCode: string;
  type: ShippingServiceType;
  trackingNumber: string;
  carrierRef: string;
  /** A ShipmentStatus, or `creating` while the carrier is asked. */
  status: ShipmentStatus | typeof CREATING;
  label: string | null;
  events: ShipmentEvent[];
  lastPolledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function eventsOf(value: unknown): ShipmentEvent[] {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e) => {
    const parsed = shipmentEventSchema.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
}

function rowOf(raw: Record<string, unknown>): ShipmentRow {
  const carrier = (CARRIER_IDS as readonly string[]).includes(text(raw.carrier)) ? (raw.carrier as CarrierId) : 'correo-argentino';
  const status = text(raw.shipment_status);
  return {
    id: Number(raw.id),
    orderDocumentId: text(raw.order_document_id),
    orderNumber: text(raw.order_number),
    carrier,
    service: text(raw.service),
    serviceCode: text(raw.service_code),
    type: raw.service_type === 'branch' ? 'branch' : 'door',
    trackingNumber: text(raw.tracking_number),
    carrierRef: text(raw.carrier_ref),
    status: (SHIPMENT_STATUSES as readonly string[]).includes(status) ? (status as ShipmentStatus) : CREATING,
    label: typeof raw.label === 'string' && raw.label !== '' ? raw.label : null,
    events: eventsOf(raw.events),
    lastPolledAt: isoDate(raw.last_polled_at),
    createdAt: isoDate(raw.created_at) ?? new Date(0).toISOString(),
    updatedAt: isoDate(raw.updated_at) ?? new Date(0).toISOString(),
  };
}

export async function shipmentOf(orderDocumentId: string, trx: Trx = strapi.db.connection as Trx): Promise<ShipmentRow | null> {
  const raw: unknown = await table(trx, SHIPMENTS_TABLE).where('order_document_id', orderDocumentId).first();
  return isRecord(raw) ? rowOf(raw) : null;
}

export async function shipmentsOf(orderDocumentIds: readonly string[]): Promise<ShipmentRow[]> {
  if (orderDocumentIds.length === 0) return [];
  const rows: unknown[] = await table(strapi.db.connection, SHIPMENTS_TABLE).whereIn('order_document_id', [...orderDocumentIds]);
  return rows.filter(isRecord).map(rowOf);
}

/** Open shipments (not delivered nor cancelled) not polled since `before`, oldest poll first. */
export async function shipmentsToPoll(before: Date, limit: number): Promise<ShipmentRow[]> {
  const rows: unknown[] = await table(strapi.db.connection, SHIPMENTS_TABLE)
    .whereIn('shipment_status', ['created', 'dispatched', 'in_transit'])
    .andWhere((q) => void q.whereNull('last_polled_at').orWhere('last_polled_at', '<', before))
    .orderBy('id', 'asc')
    .limit(limit);
  return rows.filter(isRecord).map(rowOf);
}

/** The staff's answer (the row must be past `creating`). */
export function shipmentAnswer(row: ShipmentRow): ShipmentAnswer {
  return {
    carrier: row.carrier,
    service: row.service,
    type: row.type,
    trackingNumber: row.trackingNumber,
    trackingUrl: carrierTrackingUrl(row.carrier, row.trackingNumber),
    status: row.status === CREATING ? 'created' : row.status,
    labelUrl: `/api/orders/${encodeURIComponent(row.orderDocumentId)}/shipment/label`,
    events: row.events,
    lastPolledAt: row.lastPolledAt,
    createdAt: row.createdAt,
  };
}
