import {
  CARRIER_LABELS,
  carrierTrackingUrl,
  normalizeFulfillment,
  type MailShipment,
  type ShipmentEvent,
  type ShipmentStatus,
  type TrackedShipment,
} from '@shop/shared';
import { affectedRows, isRecord, table, writeTransaction } from '../../utils/db-write';
import { ApiError } from '../../utils/http';
import { trackCarrierShipment, type CarrierTrackingEvent } from '../shipping';
import { markFulfillment } from './order-fulfillment';
import { SYSTEM_ACTOR } from './order-history';
import { ORDERS_TABLE } from './order-admin';
import { cancelShipment, carrierShipmentOf } from './order-shipment';
import { SHIPMENTS_TABLE, shipmentOf, shipmentsToPoll, type ShipmentRow } from './order-shipment-store';

/**
 * Tracking (docs/api.md "Envíos: etiquetas y seguimiento"): every CARRIER_TRACKING_EVERY_MS (30 minutes by default)
 * this process asks the carriers for the events of the open shipments, and the shopper's tracking page asks again for
 * her order at most once a minute. Each poll is claimed first (a conditional update of last_polled_at), so two
 * processes or two shoppers' reloads never ask twice within the minute. The events are stored as the carrier lists
 * them; a shipment admitted by the carrier makes the order "Enviado", its delivered event makes it "Entregado",
 * through the one fulfilment path (history, the shopper's e-mail). A cancelled order's shipment still at its label is
 * cancelled at the carrier by the same sweep.
 */
export const POLL_AT_MOST_EVERY_MS = 60_000;
/** How long the shopper's page waits for a poll it triggered before it answers what is stored. */
const PAGE_WAIT_MS = 3_000;
const SWEEP_BATCH = 100;

export function trackingEveryMs(value: string | undefined = process.env.CARRIER_TRACKING_EVERY_MS): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 200 ? n : 30 * 60_000;
}

const RANK: Record<ShipmentStatus, number> = { created: 0, dispatched: 1, in_transit: 2, delivered: 3, cancelled: -1 };

export const mailShipment = (row: ShipmentRow): MailShipment => ({
  carrierName: CARRIER_LABELS[row.carrier],
  trackingNumber: row.trackingNumber,
  trackingUrl: carrierTrackingUrl(row.carrier, row.trackingNumber),
  events: [...row.events].reverse().map(({ at, description }) => ({ at, description })),
});

/** The order's step follows the carrier (never backwards; the mail goes once, when the step changed). */
async function followCarrier(row: ShipmentRow, status: ShipmentStatus): Promise<void> {
  const raw: unknown = await table(strapi.db.connection, ORDERS_TABLE).where('document_id', row.orderDocumentId).first('fulfillment');
  if (!isRecord(raw)) return;
  const current = normalizeFulfillment(raw.fulfillment);
  const step = status === 'delivered' ? 'delivered' : RANK[status] >= RANK.dispatched ? 'shipped' : null;
  if (!step || current === step || current === 'delivered') return;
  try {
    const { order, changed, cashCollected } = await markFulfillment(row.orderDocumentId, step, SYSTEM_ACTOR);
    if (changed) await strapi.service('api::email-outbox.email-outbox').fulfillmentChanged(order, cashCollected, null, mailShipment(row));
  } catch (error) {
    // A cancelled order, for instance: the shipment's events are kept, the order stays as staff left it.
    if (!(error instanceof ApiError)) throw error;
    strapi.log.warn(`[shipping] ${row.orderNumber}: the carrier's "${step}" not marked: ${error.message}`);
  }
}

/** One poll of a claimed shipment: its events stored, its status moved forward, the order following. true when it moved. */
async function pollClaimed(row: ShipmentRow): Promise<boolean> {
  let events: CarrierTrackingEvent[];
  try {
    events = await trackCarrierShipment(row.carrier, carrierShipmentOf(row));
  } catch (error) {
    strapi.log.warn(`[shipping] ${row.orderNumber}: tracking not read: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  const reached = events.reduce<ShipmentStatus>(
    (best, e) => (e.status && RANK[e.status] > RANK[best] ? e.status : best),
    row.status === 'creating' ? 'created' : row.status,
  );
  const stored: ShipmentEvent[] = events.slice(-200).map(({ at, description, code }) => ({ at, description, code }));
  const moved = reached !== row.status;
  // Only forward: staff may have moved the row while the carrier answered (a "Despachado" during the poll stays).
  const behind = (Object.keys(RANK) as ShipmentStatus[]).filter((s) => RANK[s] >= 0 && RANK[s] < RANK[reached]);
  await writeTransaction(async (trx) => {
    const now = new Date();
    await table(trx, SHIPMENTS_TABLE)
      .where('id', row.id)
      .whereNot('shipment_status', 'cancelled')
      .update({ events: JSON.stringify(stored), updated_at: now });
    if (behind.length)
      await table(trx, SHIPMENTS_TABLE).where('id', row.id).whereIn('shipment_status', behind).update({ shipment_status: reached });
  });
  await followCarrier({ ...row, status: reached, events: stored }, reached);
  return moved;
}

/** Claims the poll of one shipment unless it was polled within `gapMs` (by anyone). */
async function claimPoll(row: ShipmentRow, gapMs: number): Promise<boolean> {
  const now = new Date();
  const before = new Date(now.getTime() - gapMs);
  return writeTransaction(
    async (trx) =>
      affectedRows(
        await table(trx, SHIPMENTS_TABLE)
          .where('id', row.id)
          .andWhere((q) => void q.whereNull('last_polled_at').orWhere('last_polled_at', '<', before))
          .update({ last_polled_at: now }),
      ) === 1,
  );
}

/** A shipment still at its label whose order was cancelled or refunded: cancelled at the carrier when it allows it. */
async function cancelledOrder(row: ShipmentRow): Promise<boolean> {
  if (row.status !== 'created') return false;
  const raw: unknown = await table(strapi.db.connection, ORDERS_TABLE).where('document_id', row.orderDocumentId).first('order_status');
  const status = isRecord(raw) ? raw.order_status : null;
  if (status !== 'cancelled' && status !== 'refunded') return false;
  await cancelShipment(row.orderDocumentId).catch((error: unknown) =>
    strapi.log.warn(
      `[shipping] ${row.orderNumber}: shipment of a cancelled order not cancelled: ${error instanceof Error ? error.message : error}`,
    ),
  );
  return true;
}

/**
 * An order cancelled or refunded (the `order.cancelled` event, after commit): its shipment still at its label is
 * cancelled at the carrier at once. Best effort: a carrier that refuses or is down is logged, and the sweep tries
 * again (cancelledOrder) on its next round.
 */
export async function cancelShipmentOfCancelledOrder(documentId: string): Promise<void> {
  const row = await shipmentOf(documentId);
  if (!row || row.status !== 'created') return;
  await cancelShipment(documentId).catch((error: unknown) =>
    strapi.log.warn(
      `[shipping] ${row.orderNumber}: shipment of a cancelled order not cancelled yet (the sweep retries): ${error instanceof Error ? error.message : error}`,
    ),
  );
}

/**
 * The sweep: every open shipment not polled within the minute, by the sweep or a shopper's page alike (each
 * shipment is asked at most once a minute whatever CARRIER_TRACKING_EVERY_MS says). Returns how many moved.
 */
export async function pollOpenShipments(): Promise<number> {
  const gap = POLL_AT_MOST_EVERY_MS;
  let moved = 0;
  for (const row of await shipmentsToPoll(new Date(Date.now() - gap), SWEEP_BATCH)) {
    if (!(await claimPoll(row, gap))) continue;
    if (await cancelledOrder(row)) continue;
    if (await pollClaimed(row)) moved += 1;
  }
  return moved;
}

function trackedOf(row: ShipmentRow): TrackedShipment {
  return {
    carrier: row.carrier,
    carrierName: CARRIER_LABELS[row.carrier],
    trackingNumber: row.trackingNumber,
    trackingUrl: carrierTrackingUrl(row.carrier, row.trackingNumber),
    status: row.status === 'creating' ? 'created' : row.status,
    events: [...row.events].reverse().map(({ at, description }) => ({ at, description })),
  };
}

/**
 * The shopper's tracking page: her order's shipment (newest event first), polled first when it was not within the
 * minute (waiting at most PAGE_WAIT_MS; a slower carrier's answer is stored for the next look). `moved`: the order
 * changed with it (the caller reads the order again).
 */
export async function trackedShipment(orderNumber: string): Promise<{ shipment: TrackedShipment | null; moved: boolean }> {
  const found: unknown = await table(strapi.db.connection, SHIPMENTS_TABLE).where('order_number', orderNumber).first('order_document_id');
  if (!isRecord(found) || typeof found.order_document_id !== 'string') return { shipment: null, moved: false };
  const orderDocumentId = found.order_document_id;
  const row = await shipmentOf(orderDocumentId);
  if (!row || row.status === 'creating' || row.trackingNumber === '') return { shipment: null, moved: false };
  let moved = false;
  if (row.status !== 'cancelled' && row.status !== 'delivered' && (await claimPoll(row, POLL_AT_MOST_EVERY_MS))) {
    const poll = pollClaimed(row).catch((error: unknown) => {
      strapi.log.warn(`[shipping] ${row.orderNumber}: poll failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    });
    moved = await Promise.race([poll, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PAGE_WAIT_MS).unref())]);
  }
  const fresh = (await shipmentOf(orderDocumentId)) ?? row;
  return { shipment: trackedOf(fresh), moved };
}

let interval: NodeJS.Timeout | null = null;
let sweeping: Promise<unknown> | null = null;

function runSweep(): void {
  if (sweeping) return;
  sweeping = pollOpenShipments()
    .catch((err: unknown) => strapi.log.warn(`[shipping] tracking sweep failed: ${err instanceof Error ? err.message : String(err)}`))
    .finally(() => {
      sweeping = null;
    });
}

export function startTrackingSweeps(): void {
  if (interval) return;
  interval = setInterval(runSweep, trackingEveryMs());
  interval.unref();
}

export async function stopTrackingSweeps(): Promise<void> {
  if (interval) clearInterval(interval);
  interval = null;
  await sweeping;
}
