import type { Order } from '../contract/orders.js';
import { formatPrice } from '../rules/money.js';
import { PAYMENT_METHOD_LABELS } from '../rules/statuses.js';
import { renderMail, type MailContent, type MailShop } from './layout.js';
import { orderSummaryBlock } from './order-mails.js';
import { nationalShippingText } from '../contract/national-shipping.js';

export interface OwnerMailContext {
  shop: MailShop;
  /** The order's page in the back office. */
  orderUrl: string;
}

/** How the order is delivered, as the owner reads it (a carrier: its choice and the branch or the locality). */
function deliveryOf(order: Order): string {
  const s = order.shippingInfo;
  const national = order.nationalShipping;
  if (order.deliveryType === 'carrier' && national) {
    const where = national.branch ? `sucursal ${national.branch.name}` : `${national.address.locality} (CP ${national.address.postalCode})`;
    return `${nationalShippingText(national)} · ${where}`;
  }
  return order.deliveryType === 'delivery' ? [s.address, s.city].filter(Boolean).join(', ') || 'Envío' : 'Retiro';
}

function customerRows(order: Order): [string, string][] {
  const s = order.shippingInfo;
  const rows: [string, string][] = [
    ['Clienta', s.fullName],
    ['E-mail', s.email],
    ['Teléfono', s.phone],
    ['Pago', PAYMENT_METHOD_LABELS[order.paymentMethod]],
    ['Entrega', deliveryOf(order)],
  ];
  if (order.zone) rows.push(['Zona', order.zone.name]);
  if (order.deliveryType === 'pickup' && order.meetingPoint)
    rows.push(['Punto de encuentro', order.meetingPoint.title || order.meetingPoint.address]);
  if (order.notes) rows.push(['Notas', order.notes]);
  return rows;
}

/** To the owner: a new order, with who bought, what, and a link to its detail in the back office. */
export function ownerNewOrderMail(order: Order, ctx: OwnerMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: `Nuevo pedido ${order.orderNumber} · ${formatPrice(order.total)}`,
    greeting: 'Hola,',
    intro: [`Entró el pedido ${order.orderNumber} por ${formatPrice(order.total)}.`],
    blocks: [{ title: 'Clienta', rows: customerRows(order) }, orderSummaryBlock(order)],
    action: { label: 'Abrir el pedido', url: ctx.orderUrl },
  });
}

/** To the owner: an order came with a transfer proof to check. */
export function ownerProofReceivedMail(order: Order, ctx: OwnerMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: `Comprobante para verificar · Pedido ${order.orderNumber}`,
    greeting: 'Hola,',
    intro: [
      `${order.shippingInfo.fullName} envió el comprobante de transferencia del pedido ${order.orderNumber}.`,
      `Verificá que se acreditaron ${formatPrice(order.total)} y marcá el pedido como pagado.`,
    ],
    blocks: [{ title: 'Clienta', rows: customerRows(order) }],
    action: { label: 'Verificar el comprobante', url: ctx.orderUrl },
  });
}
