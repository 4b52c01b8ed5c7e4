import type { Order } from '../contract/orders.js';
import { formatPrice, formatShipping } from '../rules/money.js';
import { formatHoldDeadline } from '../rules/order-hold.js';
import { formatShopDateTime } from '../rules/go-live/format.js';
import { PAYMENT_METHOD_LABELS } from '../rules/statuses.js';
import type { FulfillmentStep } from '../rules/fulfillment.js';
import { nationalShippingText } from '../contract/national-shipping.js';
import { PROVINCES } from '../rules/argentina.js';
import { renderMail, type MailBlock, type MailContent, type MailShop } from './layout.js';

/** The bank account a transfer goes to (site content, 'Transferencia Bancaria'). */
export interface MailBank {
  bankName: string;
  accountHolder: string;
  cbu: string;
  alias: string;
  accountType: string;
  accountNumber: string;
  instructions: string;
}

/** Where a pickup order is collected (site content, punto de encuentro). */
export interface MailMeetingPoint {
  title: string;
  address: string;
  schedule: string;
  notes: string;
}

export interface ShopperMailContext {
  shop: MailShop;
  bank: MailBank;
  meetingPoint: MailMeetingPoint;
  /** The storefront's tracking page for this order. */
  trackingUrl: string;
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || 'Hola';

function itemLabel(item: Order['items'][number]): string {
  const details = [item.size ? `talle ${item.size}` : '', item.color ? `color ${item.color}` : ''].filter(Boolean).join(', ');
  return `${item.quantity} × ${item.title}${details ? ` (${details})` : ''}`;
}

/** A discount line as the mail names it: a coupon with its code ("Envío gratis (cupón ENVIO)"). */
function discountMailLabel(discount: NonNullable<Order['discounts']>[number]): string {
  if (discount.kind === 'coupon' && discount.code && !discount.label.includes(discount.code))
    return `${discount.label} (cupón ${discount.code})`;
  return discount.label;
}

/** The order's lines and totals (shipping and the cash fee only when they apply). */
export function orderSummaryBlock(order: Order): MailBlock {
  const rows: [string, string][] = order.items.map((item) => [itemLabel(item), formatPrice(item.price * item.quantity)]);
  rows.push(['Subtotal', formatPrice(order.subtotal)]);
  for (const discount of order.discounts ?? []) rows.push([discountMailLabel(discount), `−${formatPrice(discount.amount)}`]);
  if (order.deliveryType === 'delivery' || order.deliveryType === 'carrier') rows.push(['Envío', formatShipping(order.shippingCost)]);
  if (order.cashFee > 0) rows.push(['Recargo por pago en efectivo', formatPrice(order.cashFee)]);
  rows.push(['Total', formatPrice(order.total)]);
  return { title: `Pedido ${order.orderNumber}`, rows };
}

/** National shipping: the carrier's choice, the branch (to pick up at) or the address (to the door). */
function carrierBlock(shipping: NonNullable<Order['nationalShipping']>): MailBlock {
  const a = shipping.address;
  const province = PROVINCES.find((p) => p.code === a.province)?.name ?? a.province;
  const street = [`${a.street} ${a.number}`, a.floor ? `piso ${a.floor}` : '', a.apartment ? `depto. ${a.apartment}` : '']
    .filter(Boolean)
    .join(' ');
  const paragraphs = [nationalShippingText(shipping)];
  if (shipping.branch) paragraphs.push(`Retirás en la sucursal ${shipping.branch.name}: ${shipping.branch.address}`, shipping.branch.hours);
  else paragraphs.push([street, a.locality, province, `CP ${a.postalCode}`].join(', '));
  return { title: 'Envío a todo el país', paragraphs: paragraphs.filter((line) => line.trim() !== '') };
}

function deliveryBlock(order: Order, meetingPoint: MailMeetingPoint): MailBlock {
  if (order.deliveryType === 'carrier')
    return order.nationalShipping
      ? carrierBlock(order.nationalShipping)
      : { title: 'Envío por correo', paragraphs: ['Te lo enviamos por correo a la dirección que nos diste.'] };
  if (order.deliveryType === 'delivery') {
    const s = order.shippingInfo;
    const address = [s.address, s.city, s.postalCode ? `CP ${s.postalCode}` : ''].filter(Boolean).join(', ');
    const paragraphs = [address || 'Dirección a coordinar'];
    if (order.zone) paragraphs.push(`Zona: ${order.zone.name}`);
    return { title: 'Envío a domicilio', paragraphs };
  }
  // The place chosen with the order (as it was then); orders older than meeting points use the shop's current one.
  const place = order.meetingPoint ? { ...order.meetingPoint, notes: '' } : meetingPoint;
  const lines = [place.title, place.address, place.schedule, place.notes].filter((l) => l.trim() !== '');
  return { title: 'Retiro en punto de encuentro', paragraphs: lines.length > 0 ? lines : ['Te escribimos para coordinar el retiro.'] };
}

function bankBlock(order: Order, bank: MailBank): MailBlock {
  const all: [string, string][] = [
    ['Banco', bank.bankName],
    ['Titular', bank.accountHolder],
    ['CBU', bank.cbu],
    ['Alias', bank.alias],
    ['Tipo de cuenta', bank.accountType],
    ['Número de cuenta', bank.accountNumber],
  ];
  const rows = all.filter(([, value]) => value.trim() !== '');
  rows.push(['Monto a transferir', formatPrice(order.total)]);
  const paragraphs = bank.instructions.trim() ? [bank.instructions] : [];
  const deadline = formatHoldDeadline(order.reservedUntil);
  if (deadline) paragraphs.push(`Reservamos tus productos hasta el ${deadline}. Si no recibimos el comprobante, el pedido se cancela.`);
  return { title: 'Datos para la transferencia', paragraphs, rows };
}

/** To the shopper, right after the order is placed: what was bought, how it arrives, how to pay, how to follow it. */
export function orderReceivedMail(order: Order, ctx: ShopperMailContext): MailContent {
  const waitingProof = order.paymentMethod === 'transfer' && order.status === 'pending_transfer_proof';
  const intro = [
    `Recibimos tu pedido ${order.orderNumber}. ¡Gracias por tu compra!`,
    waitingProof
      ? 'Para confirmarlo, transferí el total y enviános el comprobante desde el seguimiento del pedido.'
      : order.paymentMethod === 'transfer'
        ? 'Recibimos tu comprobante: lo verificamos y te avisamos.'
        : order.paymentMethod === 'mercadopago'
          ? order.status === 'paid'
            ? 'Mercado Pago nos confirmó tu pago.'
            : 'Si todavía no completaste el pago con Mercado Pago, podés hacerlo desde el seguimiento del pedido. Te avisamos cuando se acredite.'
          : 'Te contactamos para coordinar el pago en efectivo y la entrega.',
  ];
  const blocks = [orderSummaryBlock(order), { rows: [['Forma de pago', PAYMENT_METHOD_LABELS[order.paymentMethod]]] } as MailBlock];
  blocks.push(deliveryBlock(order, ctx.meetingPoint));
  if (waitingProof) blocks.push(bankBlock(order, ctx.bank));
  return renderMail({
    shop: ctx.shop,
    subject: `Recibimos tu pedido ${order.orderNumber} · ${ctx.shop.brand}`,
    greeting: `¡Hola ${firstName(order.shippingInfo.fullName)}!`,
    intro,
    blocks,
    action: { label: 'Seguir mi pedido', url: ctx.trackingUrl },
  });
}

/** The status changes a shopper is told about. */
export type ShopperStatusKind = 'order_paid' | 'order_confirmed' | 'order_cancelled' | 'order_refunded' | 'proof_rejected';

const STATUS_WORDING: Record<ShopperStatusKind, { subject: string; intro: string }> = {
  order_paid: { subject: 'Recibimos tu pago', intro: 'Acreditamos el pago de tu pedido. Lo estamos preparando.' },
  order_confirmed: { subject: 'Tu pedido está confirmado', intro: 'Confirmamos tu pedido. Te avisamos cuando esté listo.' },
  order_cancelled: { subject: 'Tu pedido fue cancelado', intro: 'Tu pedido fue cancelado.' },
  order_refunded: { subject: 'Te reintegramos el pago', intro: 'Reintegramos el pago de tu pedido.' },
  proof_rejected: {
    subject: 'Necesitamos otro comprobante',
    intro: 'No pudimos verificar el comprobante de transferencia que enviaste. Enviános uno nuevo desde el seguimiento del pedido.',
  },
};

/** To the shopper when the order's status changes in a way that matters to them (with the reason when there is one). */
export function orderStatusMail(order: Order, kind: ShopperStatusKind, reason: string | null, ctx: ShopperMailContext): MailContent {
  const wording = STATUS_WORDING[kind];
  const intro = [wording.intro];
  if (reason && reason.trim() !== '') intro.push(`Motivo: ${reason.trim()}`);
  const blocks: MailBlock[] = [orderSummaryBlock(order)];
  if (kind === 'proof_rejected') blocks.push(bankBlock(order, ctx.bank));
  return orderNewsMail(order, wording.subject, intro, blocks, ctx);
}

/** A message about an order she placed: the subject names the order, the button opens her tracking page. */
function orderNewsMail(order: Order, subject: string, intro: string[], blocks: MailBlock[], ctx: ShopperMailContext): MailContent {
  return renderMail({
    shop: ctx.shop,
    subject: `${subject} · Pedido ${order.orderNumber}`,
    greeting: `¡Hola ${firstName(order.shippingInfo.fullName)}!`,
    intro,
    blocks,
    action: { label: 'Ver mi pedido', url: ctx.trackingUrl },
  });
}

/** The fulfilment steps a shopper is told about, and the outbox kind of each. */
export const FULFILLMENT_MAIL_KINDS = {
  ready_for_pickup: 'order_ready_for_pickup',
  shipped: 'order_shipped',
  delivered: 'order_delivered',
} as const satisfies Partial<Record<FulfillmentStep, string>>;
export type FulfillmentMailStep = keyof typeof FULFILLMENT_MAIL_KINDS;

const FULFILLMENT_WORDING: Record<FulfillmentMailStep, { subject: string; intro: string }> = {
  ready_for_pickup: {
    subject: 'Tu pedido está listo para retirar',
    intro: 'Tu pedido ya está listo: te esperamos en el punto de encuentro.',
  },
  shipped: { subject: 'Tu pedido está en camino', intro: 'Tu pedido salió hacia tu domicilio.' },
  delivered: { subject: 'Entregamos tu pedido', intro: '¡Tu pedido fue entregado! Gracias por elegirnos.' },
};

/**
 * To the shopper when the order is ready for pickup (with the meeting point's address and schedule), on its way, or
 * delivered (with the cash collected, when it was paid on hand-over).
 */
/** A carrier's shipment as the shopper's e-mail names it: the carrier, the number and where to follow it. */
export interface MailShipment {
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string;
  /** The carrier's events so far, newest first, in Spanish (the mail lists the latest few). */
  events?: readonly { at: string; description: string }[];
}

/** How many of the carrier's latest events a mail lists (the tracking page has them all). */
export const MAIL_SHIPMENT_EVENTS = 5;

export function orderFulfillmentMail(
  order: Order,
  step: FulfillmentMailStep,
  ctx: ShopperMailContext,
  cashCollected: number | null = null,
  shipment: MailShipment | null = null,
): MailContent {
  const wording = FULFILLMENT_WORDING[step];
  const intro = [shipment && step === 'shipped' ? `Tu pedido ya está en manos de ${shipment.carrierName}.` : wording.intro];
  if (cashCollected !== null) intro.push(`Registramos tu pago en efectivo de ${formatPrice(cashCollected)}.`);
  const blocks: MailBlock[] = [orderSummaryBlock(order)];
  if (shipment) {
    blocks.push({
      title: 'Seguimiento del envío',
      rows: [
        ['Correo', shipment.carrierName],
        ['N° de seguimiento', shipment.trackingNumber],
        ...(shipment.events ?? [])
          .slice(0, MAIL_SHIPMENT_EVENTS)
          .map((e): [string, string] => [formatShopDateTime(e.at) || e.at, e.description]),
      ],
      links: [{ label: `Seguilo en ${shipment.carrierName}`, url: shipment.trackingUrl }],
    });
  }
  if (step !== 'delivered') blocks.push(deliveryBlock(order, ctx.meetingPoint));
  return orderNewsMail(order, wording.subject, intro, blocks, ctx);
}
