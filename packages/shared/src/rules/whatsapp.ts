import { formatPrice } from './money.js';
import { statusLabel } from './statuses.js';
import { normalizeArgentinePhone } from './phone.js';

/** The situations the shop writes to a shopper about, each with its own message in site content. */
export const WHATSAPP_TEMPLATE_KEYS = ['received', 'proofMissing', 'paid', 'readyForPickup', 'onTheWay', 'delivered', 'cancelled'] as const;
export type WhatsappTemplateKey = (typeof WHATSAPP_TEMPLATE_KEYS)[number];

/** What a message needs to know of an order. */
export interface WhatsappOrder {
  orderNumber: string;
  total: number;
  status: string;
  deliveryType: 'pickup' | 'delivery' | 'store' | 'carrier';
  /** Where the goods are (orders without it: unfulfilled). */
  fulfillment?: string;
  shippingInfo: { fullName: string };
  /** Where it is delivered or collected (snapshots of the order; absent on orders older than zones). */
  zone?: { name: string } | null;
  meetingPoint?: { title: string; address: string; schedule?: string | null } | null;
}

/**
 * `{entrega}`: the meeting point with its address and schedule ("Centro (Av. Argentina 250, Lun a Vie 10 a 18)") or the
 * delivery zone ("envío a Plottier").
 */
function deliveryText(order: WhatsappOrder): string {
  if (order.deliveryType === 'store') return 'el local';
  if (order.deliveryType === 'carrier') return 'envío por correo';
  if (order.deliveryType === 'pickup') {
    const point = order.meetingPoint;
    if (!point) return 'el punto de encuentro';
    const where = [point.address, point.schedule?.trim()].filter(Boolean).join(', ');
    return point.title && where ? `${point.title} (${where})` : point.title || where || 'el punto de encuentro';
  }
  return order.zone ? `envío a ${order.zone.name}` : 'envío a domicilio';
}

/** Facts that are not part of the order itself: the tracking link and the reason of the last change. */
export interface WhatsappExtras {
  trackingUrl?: string;
  reason?: string;
}

/**
 * Which message fits an order now: delivered, on its way or ready for pickup (its fulfilment), else waiting for the proof (also after a rejected proof), paid, confirmed and ready to
 * pick up or on its way depending on the delivery, cancelled (also refunded); anything else is 'received'.
 */
export function whatsappTemplateKey(order: Pick<WhatsappOrder, 'status' | 'deliveryType' | 'fulfillment'>): WhatsappTemplateKey {
  // Fulfilment first (an order ready, on its way or delivered), unless it was cancelled or refunded since.
  if (order.status !== 'cancelled' && order.status !== 'refunded') {
    if (order.fulfillment === 'delivered') return 'delivered';
    if (order.fulfillment === 'shipped') return 'onTheWay';
    if (order.fulfillment === 'ready_for_pickup') return 'readyForPickup';
  }
  switch (order.status) {
    case 'pending_transfer_proof':
      return 'proofMissing';
    case 'paid':
      return 'paid';
    case 'confirmado':
      return order.deliveryType === 'pickup' ? 'readyForPickup' : 'onTheWay';
    case 'cancelled':
    case 'refunded':
      return 'cancelled';
    default:
      return 'received';
  }
}

/** First word of the shopper's name, as one greets on a chat. */
function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/**
 * Fills `{nombre}` (first name), `{nombreCompleto}`, `{pedido}` (order number), `{total}` (es-AR money), `{estado}`,
 * `{seguimiento}` (tracking link), `{motivo}` (reason of the last change) and `{entrega}` (meeting point or zone). Unknown placeholders stay as written,
 * so a typo shows in the message instead of disappearing.
 */
export function whatsappMessage(template: string, order: WhatsappOrder, extras: WhatsappExtras = {}): string {
  const values: Record<string, string> = {
    nombre: firstName(order.shippingInfo.fullName),
    nombreCompleto: order.shippingInfo.fullName.trim(),
    pedido: order.orderNumber,
    total: formatPrice(order.total),
    estado: statusLabel(order.status),
    seguimiento: extras.trackingUrl ?? '',
    motivo: extras.reason?.trim() ?? '',
    entrega: deliveryText(order),
  };
  const filled = template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : whole));
  // An empty value (no reason, no tracking link) leaves no double space behind; line breaks stay.
  return filled.replace(/ {2,}/g, ' ').replace(/ +$/gm, '');
}

/** `https://wa.me/<digits>?text=<encoded>` for an Argentine phone; null when the phone cannot be normalised. */
export function whatsappLink(phone: string, text: string): string | null {
  const digits = normalizeArgentinePhone(phone);
  if (digits === null) return null;
  return text === '' ? `https://wa.me/${digits}` : `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
