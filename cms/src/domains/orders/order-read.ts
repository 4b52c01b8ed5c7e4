import { contactMatches, type TrackedOrder } from '@shop/shared';
import { notFound } from '../../utils/http';
import { ORDER_POPULATE, toOrderAnswer, toTrackedDetail, toTrackedSummary, type OrderAnswer } from './order-view';
import { isRecord } from '../../utils/db-write';

export const ORDER_UID = 'api::order.order';

export const ORDER_NOT_FOUND = 'Orden no encontrada';
export const TRACKING_NOT_FOUND = 'Pedido no encontrado. Verifica el número e intenta de nuevo';

const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A stored order with its lines and shipping data, or null. */
export async function findOrderDocument(documentId: string): Promise<Record<string, unknown> | null> {
  if (!DOCUMENT_ID.test(documentId)) return null;
  const doc: unknown = await strapi.documents(ORDER_UID).findOne({ documentId, populate: ORDER_POPULATE });
  return isRecord(doc) ? doc : null;
}

export async function getOrder(documentId: string): Promise<OrderAnswer> {
  const doc = await findOrderDocument(documentId);
  if (!doc) throw notFound(ORDER_NOT_FOUND);
  return toOrderAnswer(doc);
}

export interface TrackingAnswer {
  order: TrackedOrder;
  /** Only when a contact was given: whether it is the order's e-mail or phone. */
  contactMatched?: boolean;
}

/**
 * Public tracking by number: the summary alone, the full card when `contact` is the order's e-mail or phone.
 * `contact` is null when the shopper gave none (a malformed one is refused by the controller first).
 */
export async function trackOrder(orderNumber: string, contact: string | null): Promise<TrackingAnswer> {
  const normalized = orderNumber.trim().toUpperCase();
  if (!normalized || normalized.length > 40) throw notFound(TRACKING_NOT_FOUND);
  const doc: unknown = await strapi.documents(ORDER_UID).findFirst({ filters: { orderNumber: normalized }, populate: ORDER_POPULATE });
  if (!isRecord(doc)) throw notFound(TRACKING_NOT_FOUND);
  const full = toOrderAnswer(doc);
  if (contact === null) return { order: toTrackedSummary(full) };
  const matched = contactMatches(contact, full.shippingInfo);
  return { order: matched ? toTrackedDetail(full) : toTrackedSummary(full), contactMatched: matched };
}

/** The order of a tracking number (any case), or null. */
export async function findOrderByNumber(orderNumber: string): Promise<OrderAnswer | null> {
  const normalized = orderNumber.trim().toUpperCase();
  if (!normalized || normalized.length > 40) return null;
  const doc: unknown = await strapi.documents(ORDER_UID).findFirst({ filters: { orderNumber: normalized }, populate: ORDER_POPULATE });
  return isRecord(doc) ? toOrderAnswer(doc) : null;
}
