import {
  CARRIER_LABELS,
  formatPrice,
  type CarrierId,
  type MailShipment,
  type Order,
  type SiteContent,
  type WhatsappVariable,
} from '@shop/shared';

/** What fills a template besides the order: the tracking page's link, and a carrier's shipment when there is one. */
export interface WhatsappFacts {
  trackingLink: string;
  shipment: MailShipment | null;
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || 'clienta';

function transferData(order: Order, content: SiteContent): string {
  const bank = content.checkout.paymentInfo.bankTransfer;
  if (order.paymentMethod !== 'transfer' || order.status !== 'pending_transfer_proof') return 'Gracias por tu compra.';
  const to = [bank.alias && `alias ${bank.alias}`, bank.cbu && `CBU ${bank.cbu}`].filter(Boolean).join(' o ');
  const holder = bank.accountHolder ? ` (titular ${bank.accountHolder})` : '';
  return to
    ? `Para pagarlo transferí a ${to}${holder} y subí el comprobante en el link de seguimiento.`
    : 'Te pasamos los datos de la transferencia por acá.';
}

function carrierOf(order: Order, facts: WhatsappFacts): string {
  if (facts.shipment) return facts.shipment.carrierName;
  const carrier = order.nationalShipping?.carrier;
  if (carrier) return CARRIER_LABELS[carrier as CarrierId] ?? carrier;
  return 'nuestro envío';
}

/**
 * The text of one variable for this order. Meta refuses an empty parameter, so each one always says something (a
 * pickup point's hours that were never written read "el horario de atención del local").
 */
export function variableText(variable: WhatsappVariable, order: Order, content: SiteContent, facts: WhatsappFacts): string {
  const point = order.meetingPoint;
  switch (variable) {
    case 'name':
      return firstName(order.shippingInfo.fullName);
    case 'orderNumber':
      return order.orderNumber;
    case 'total':
      return formatPrice(order.total);
    case 'transferData':
      return transferData(order, content);
    case 'trackingLink':
      return facts.shipment?.trackingUrl || facts.trackingLink;
    case 'pickupPoint':
      if (order.deliveryType === 'store') return 'el local';
      return point ? [point.title, point.address].filter(Boolean).join(', ') || 'el punto de retiro' : 'el punto de retiro';
    case 'pickupHours':
      return point?.schedule?.trim() || 'el horario de atención del local';
    case 'carrier':
      return carrierOf(order, facts);
    case 'trackingNumber':
      return facts.shipment?.trackingNumber || order.orderNumber;
    case 'productTitle':
      return order.items.map((item) => item.title).join(', ') || order.orderNumber;
    case 'link':
      return facts.shipment?.trackingUrl || facts.trackingLink;
  }
}

/** WhatsApp refuses a parameter with a line break, a tab or more than four spaces in a row. */
const asParameter = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .slice(0, 1000);

/**
 * A notice's parameters ('Avisame', a checkout left unfinished): its own values; a variable it has no value for (an
 * order's, mapped by mistake) says the product, never an empty parameter Meta would refuse.
 */
export function noticeParameters(variables: readonly WhatsappVariable[], values: Partial<Record<WhatsappVariable, string>>): string[] {
  return variables.map((v) => asParameter(values[v] || values.productTitle || 'tu pedido'));
}

/** The template's body parameters, in its {{1}}, {{2}}… order. */
export function templateParameters(
  variables: readonly WhatsappVariable[],
  order: Order,
  content: SiteContent,
  facts: WhatsappFacts,
): string[] {
  return variables.map((v) => asParameter(variableText(v, order, content, facts)));
}
