import { HELD_STATUS, type DeliveryType, type Order, type OrderItem, type PaymentMethod } from '@shop/shared';

/** What a stored order turns into for its owner and for staff (spec §3 Order, `_id` = documentId). */
export type OrderAnswer = Order;

/** Public tracking: no e-mail, phone, street, postal code, notes, proof or internal ids. */
export type TrackedOrder = Omit<Order, 'shippingInfo' | 'notes' | 'adminNotes' | 'transferProofUrl'> & {
  shippingInfo: { fullName: string; city: string | null };
};

export const ORDER_POPULATE = ['items', 'shippingInfo'];

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const amount = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
};

export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

const paymentMethodOf = (value: unknown): PaymentMethod => (value === 'transfer' ? 'transfer' : 'cash');
const deliveryTypeOf = (value: unknown): DeliveryType => (value === 'delivery' ? 'delivery' : 'pickup');

function itemOf(value: unknown): OrderItem {
  const item = isRecord(value) ? value : {};
  return {
    productId: text(item.productId),
    title: text(item.title) ?? '',
    image: text(item.image),
    quantity: amount(item.quantity),
    price: amount(item.price),
    size: text(item.size),
    color: text(item.color),
  };
}

/** The full order (the shopper's own by documentId, and every admin answer). */
export function toOrderAnswer(doc: Record<string, unknown>): OrderAnswer {
  const shipping = isRecord(doc.shippingInfo) ? doc.shippingInfo : {};
  const paymentMethod = paymentMethodOf(doc.paymentMethod);
  const status = text(doc.status) ?? 'pending_manual';
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
    status,
    subtotal: amount(doc.subtotal),
    shippingCost: amount(doc.shippingCost),
    cashFee: amount(doc.cashFee),
    total: amount(doc.total),
    notes: text(doc.notes),
    adminNotes: text(doc.adminNotes),
    transferProofUrl: text(doc.transferProofUrl),
    paidAt: isoDate(doc.paidAt),
    // Only while the order still waits unpaid in its method's held status.
    reservedUntil: status === HELD_STATUS[paymentMethod] ? isoDate(doc.reservedUntil) : null,
    createdAt: isoDate(doc.createdAt) ?? '',
    updatedAt: isoDate(doc.updatedAt) ?? '',
  };
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/**
 * The public answer by order number. Order numbers are guessable, so it carries neither the customer's contact
 * data nor the documentId (which opens the full order): `_id` repeats the order number.
 */
export function toTrackedOrder(doc: Record<string, unknown>): TrackedOrder {
  const full = toOrderAnswer(doc);
  return {
    _id: full.orderNumber,
    orderNumber: full.orderNumber,
    items: full.items,
    shippingInfo: { fullName: firstName(full.shippingInfo.fullName), city: full.shippingInfo.city ?? null },
    paymentMethod: full.paymentMethod,
    deliveryType: full.deliveryType,
    status: full.status,
    subtotal: full.subtotal,
    shippingCost: full.shippingCost,
    cashFee: full.cashFee,
    total: full.total,
    paidAt: full.paidAt,
    reservedUntil: full.reservedUntil,
    createdAt: full.createdAt,
    updatedAt: full.updatedAt,
  };
}

export default { toOrderAnswer, toTrackedOrder };
