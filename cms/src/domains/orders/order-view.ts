import {
  HELD_STATUS,
  readOrderLine,
  discountLineSchema,
  type DiscountLine,
  orderMeetingPointSchema,
  orderZoneSchema,
  channelOf,
  type Order,
  type OrderMeetingPoint,
  type OrderZone,
  type OrderItem,
  type OrderPayment,
  type PaymentMethod,
  type TrackedOrderDetail,
  type TrackedOrderSummary,
  fulfillmentEventSchema,
  normalizeFulfillment,
  type FulfillmentEvent,
  orderNationalShippingSchema,
  type OrderNationalShipping,
  type TrackedNationalShipping,
} from '@shop/shared';
import { isRecord, isoDate, jsonColumn, storedFlag } from '../../utils/db-write';

/** What a stored order turns into for its owner and for staff (the order of docs/api.md, `_id` = documentId). */
export type OrderAnswer = Order;

export const ORDER_POPULATE = ['items', 'shippingInfo'];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const amount = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
};

const paymentMethodOf = (value: unknown): PaymentMethod => (value === 'transfer' || value === 'mercadopago' ? value : 'cash');

/** A channel's ids of the sale as stored in the `external` column (JSON): null for the shop's own orders. */
function externalOf(value: unknown): Order['external'] {
  const stored = jsonColumn(value);
  if (!isRecord(stored) || typeof stored.orderId !== 'string') return null;
  return {
    orderId: stored.orderId,
    packId: text(stored.packId),
    shipmentId: text(stored.shipmentId),
    paymentStatus: text(stored.paymentStatus),
    saleFee: typeof stored.saleFee === 'number' ? stored.saleFee : null,
    buyerNickname: text(stored.buyerNickname),
    totalAmount: typeof stored.totalAmount === 'number' ? stored.totalAmount : null,
    paidAmount: typeof stored.paidAmount === 'number' ? stored.paidAmount : null,
  };
}

/** Where a staff member sees a Mercado Pago payment (its activity page). */
export const MERCADOPAGO_ACTIVITY_URL = 'https://www.mercadopago.com.ar/activities/1?q=';

/** A Mercado Pago order's payment as stored in its `mercadoPago` column (null for other methods). */
function paymentOf(method: PaymentMethod, value: unknown): OrderPayment | null {
  if (method !== 'mercadopago') return null;
  const stored = isRecord(value) ? value : {};
  const paymentId = text(stored.paymentId);
  return {
    provider: 'mercadopago',
    checkoutUrl: text(stored.checkoutUrl),
    paymentId,
    paymentStatus: text(stored.paymentStatus),
    installments: typeof stored.installments === 'number' ? stored.installments : null,
    paymentUrl: paymentId ? `${MERCADOPAGO_ACTIVITY_URL}${encodeURIComponent(paymentId)}` : null,
  };
}
const deliveryTypeOf = (value: unknown): Order['deliveryType'] =>
  value === 'delivery' || value === 'store' || value === 'carrier' ? value : 'pickup';

/** The national shipping stored with a carrier order (null when absent or not readable). */
function nationalShippingOf(value: unknown): OrderNationalShipping | null {
  const parsed = orderNationalShippingSchema.safeParse(jsonColumn(value));
  return parsed.success ? parsed.data : null;
}

/** A stored line read through the one order line (older shapes too), answered with `price` as the specification names it. */
function itemOf(value: unknown): OrderItem {
  const line = readOrderLine(value);
  return { ...line, price: line.unitPrice };
}

/** The zone snapshot stored with the order (null when absent or not readable). */
function zoneOf(value: unknown): OrderZone | null {
  const parsed = orderZoneSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function meetingPointOf(value: unknown): OrderMeetingPoint | null {
  const parsed = orderMeetingPointSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The discount lines stored with the order (unreadable lines are left out; orders older than promotions have none). */
function discountsOf(value: unknown): DiscountLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line) => {
    const parsed = discountLineSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The fulfilment steps stored with the order, oldest first (unreadable entries left out; older orders: none). */
export function fulfillmentStepsOf(value: unknown): FulfillmentEvent[] {
  const stored = jsonColumn(value);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = fulfillmentEventSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The full order (the shopper's own by documentId, and every admin answer). */
export function toOrderAnswer(doc: Record<string, unknown>): OrderAnswer {
  const shipping = isRecord(doc.shippingInfo) ? doc.shippingInfo : {};
  const paymentMethod = paymentMethodOf(doc.paymentMethod);
  const status = text(doc.orderStatus) ?? 'pending_manual';
  return {
    _id: text(doc.documentId) ?? '',
    orderNumber: text(doc.orderNumber) ?? '',
    items: Array.isArray(doc.items) ? doc.items.map(itemOf) : [],
    shippingInfo: {
      fullName: text(shipping.fullName) ?? '',
      email: text(shipping.email) ?? '',
      phone: text(shipping.phone) ?? '',
      address: text(shipping.address),
      city: text(shipping.city),
      postalCode: text(shipping.postalCode),
      notes: text(shipping.notes),
    },
    paymentMethod,
    deliveryType: deliveryTypeOf(doc.deliveryType),
    zone: zoneOf(doc.zone),
    meetingPoint: meetingPointOf(doc.meetingPoint),
    nationalShipping: nationalShippingOf(doc.nationalShipping),
    status,
    subtotal: amount(doc.subtotal),
    shippingCost: amount(doc.shippingCost),
    cashFee: amount(doc.cashFee),
    discounts: discountsOf(doc.discounts),
    discountTotal: amount(doc.discountTotal),
    couponCode: text(doc.couponCode),
    total: amount(doc.total),
    netTotal: typeof doc.netTotal === 'number' && doc.netTotal > 0 ? doc.netTotal : null,
    notes: text(doc.notes),
    adminNotes: text(doc.adminNotes),
    transferProofUrl: text(doc.transferProofUrl),
    paidAt: isoDate(doc.paidAt),
    // Only while the order still waits unpaid in its method's held status.
    reservedUntil: status === HELD_STATUS[paymentMethod] ? isoDate(doc.reservedUntil) : null,
    payment: paymentOf(paymentMethod, doc.mercadoPago),
    fulfillment: normalizeFulfillment(doc.fulfillment),
    fulfillmentSteps: fulfillmentStepsOf(doc.fulfillmentSteps),
    channel: channelOf(doc.channel),
    // The buyer's DNI or CUIT for her invoice, when she gave one (staff and her own order only; tracking never).
    ...(text(doc.buyerDocument) ? { buyerDocument: text(doc.buyerDocument) } : {}),
    ...(storedFlag(doc.whatsappOptIn) ? { whatsappOptIn: true } : {}),
    // A channel's sale (Mercado Libre): its ids there, and the flag of a sale that found fewer units than it sold.
    ...(externalOf(doc.external) ? { external: externalOf(doc.external) } : {}),
    ...(storedFlag(doc.oversold) ? { oversold: true } : {}),
    // Who took a sale by hand: staff sales only (web orders have no such field).
    ...(text(doc.takenByName)
      ? { createdBy: { id: typeof doc.takenById === 'number' ? doc.takenById : null, name: text(doc.takenByName) ?? '' } }
      : {}),
    createdAt: isoDate(doc.createdAt) ?? '',
    updatedAt: isoDate(doc.updatedAt) ?? '',
  };
}

/** The carrier's choice for the tracking card: the address without the street, like the card's delivery. */
function trackedNationalShipping(shipping: OrderNationalShipping | null): TrackedNationalShipping | null {
  if (!shipping) return null;
  const { locality, province, postalCode } = shipping.address;
  const { carrier, service, type, price, days, branch } = shipping;
  return { carrier, service, type, price, days, branch, address: { locality, province, postalCode } };
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/**
 * What every tracking answer carries, identifying nobody: status, dates, delivery type, units and totals.
 * Order numbers are guessable, so there is no documentId (which opens the full order) and no contact data.
 */
function trackedCommon(order: OrderAnswer) {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    deliveryType: order.deliveryType,
    units: order.items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: order.subtotal,
    shippingCost: order.shippingCost,
    cashFee: order.cashFee,
    discountTotal: order.discountTotal ?? 0,
    total: order.total,
    paidAt: order.paidAt ?? null,
    reservedUntil: order.reservedUntil ?? null,
    fulfillment: order.fulfillment,
    // When each step was marked; who marked it is the shop's business.
    fulfillmentSteps: (order.fulfillmentSteps ?? []).map(({ step, at }) => ({ step, at })),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/** The answer by number alone: no name, city, titles, sizes or colours. */
export function toTrackedSummary(order: OrderAnswer): TrackedOrderSummary {
  return { detail: 'summary', ...trackedCommon(order) };
}

/** The tracking card for whoever gave the order's e-mail or phone: first name, items, delivery without the street. */
export function toTrackedDetail(order: OrderAnswer): TrackedOrderDetail {
  return {
    detail: 'full',
    ...trackedCommon(order),
    firstName: firstName(order.shippingInfo.fullName),
    paymentMethod: order.paymentMethod,
    // The one order line without the ids and SKU staff read; `price` kept for the specification's client.
    items: order.items.map((item) => {
      const unitPrice = item.unitPrice ?? item.price;
      return {
        title: item.title,
        image: item.image ?? null,
        color: item.color ?? null,
        size: item.size ?? null,
        quantity: item.quantity,
        unitPrice,
        lineTotal: item.lineTotal ?? unitPrice * item.quantity,
        price: item.price,
      };
    }),
    discounts: order.discounts ?? [],
    delivery: {
      city: order.shippingInfo.city ?? null,
      postalCode: order.shippingInfo.postalCode ?? null,
      zoneName: order.zone?.name ?? null,
    },
    meetingPoint: order.meetingPoint ?? null,
    // Only for an order sent with a carrier (the card of every other order keeps its shape).
    ...(order.deliveryType === 'carrier' ? { nationalShipping: trackedNationalShipping(order.nationalShipping ?? null) } : {}),
    // Only while the order waits for its Mercado Pago payment: the link to pay (or retry after a rejected card).
    checkoutUrl: order.status === 'pending_payment' ? (order.payment?.checkoutUrl ?? null) : null,
  };
}
