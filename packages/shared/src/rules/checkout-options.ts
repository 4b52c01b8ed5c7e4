import type { DeliveryType, PaymentMethod, ShippingRules } from './pricing.js';
import { reservationMinutesFor } from './order-hold.js';
import type { SiteContent } from '../content/site-content.js';
import type { DeliveryZone, MeetingPoint } from './delivery.js';
import type { PaymentDiscounts } from './promotions/index.js';

/** The checkout options in force, read from the owner's site content (defaults when unset). */
export interface CheckoutOptions {
  shipping: ShippingRules;
  /** Extra fee of cash payments (cashOnDelivery.additionalFee). */
  cashFee: number;
  /** Meeting-point pickup: switched on (checkout.deliveryInfo.meetingPoint.enabled) with an enabled place. */
  pickupEnabled: boolean;
  /** Home delivery: shipping and its home delivery both switched on (and an enabled zone, when priced by zone). */
  homeDeliveryEnabled: boolean;
  /** Every zone (disabled ones too: choosing one by id is refused, not unknown); empty = one price everywhere. */
  zones: DeliveryZone[];
  /** Every pickup place (see meetingPointsOf). */
  meetingPoints: MeetingPoint[];
  cashEnabled: boolean;
  transferEnabled: boolean;
  /** Mercado Pago: switched on in content and the server holds credentials. */
  mercadoPagoEnabled: boolean;
  /** Most units of one product a single order may take (checkout.maxUnitsPerProduct). */
  maxUnitsPerProduct: number;
  /** Above this total the buyer's DNI or CUIT is asked for her invoice (checkout.invoiceIdentificationThreshold; 0 never). */
  invoiceIdentificationThreshold?: number;
  /** Percent off for paying with each method (transfer and cash from the content; Mercado Pago none). */
  paymentDiscounts?: PaymentDiscounts;
  /** Minutes an unpaid order is held per payment method (0 = until staff change it). */
  reservationMinutes: Record<PaymentMethod, number>;
}

/** The id of the place made from the single meeting point of content written before there were several. */
export const LEGACY_MEETING_POINT_ID = 'principal';

/**
 * The shop's pickup places: the list, or, while it is empty, the single meeting point of older content (so a shop
 * whose content predates the list still offers its place).
 */
export function meetingPointsOf(content: SiteContent): MeetingPoint[] {
  const { meetingPoints, meetingPoint } = content.checkout.deliveryInfo;
  if (meetingPoints.length > 0) return meetingPoints;
  return [
    {
      id: LEGACY_MEETING_POINT_ID,
      title: meetingPoint.title,
      address: meetingPoint.address,
      schedule: meetingPoint.schedule,
      notes: meetingPoint.notes,
      enabled: true,
    },
  ];
}

/**
 * `mercadoPagoReady`: whether this server can take Mercado Pago payments (it has the credentials). The storefront
 * leaves it out: it reads `services.mercadoPago` of `GET /content` and switches the method off itself when false.
 */
export function checkoutOptionsOf(content: SiteContent, mercadoPagoReady = true): CheckoutOptions {
  const { deliveryInfo, shipping, paymentInfo } = content.checkout;
  const zones = shipping.homeDelivery.zones;
  const meetingPoints = meetingPointsOf(content);
  return {
    shipping: { baseCost: shipping.homeDelivery.baseCost, freeShippingThreshold: shipping.homeDelivery.freeShippingThreshold },
    cashFee: paymentInfo.cashOnDelivery.additionalFee,
    pickupEnabled: deliveryInfo.meetingPoint.enabled && meetingPoints.some((p) => p.enabled),
    homeDeliveryEnabled: shipping.enabled && shipping.homeDelivery.enabled && (zones.length === 0 || zones.some((z) => z.enabled)),
    zones,
    meetingPoints,
    cashEnabled: paymentInfo.cashOnDelivery.enabled,
    transferEnabled: paymentInfo.bankTransfer.enabled,
    mercadoPagoEnabled: mercadoPagoReady && paymentInfo.mercadoPago.enabled,
    maxUnitsPerProduct: content.checkout.maxUnitsPerProduct,
    invoiceIdentificationThreshold: content.checkout.invoiceIdentificationThreshold,
    paymentDiscounts: {
      cash: paymentInfo.cashOnDelivery.discountPercent,
      transfer: paymentInfo.bankTransfer.discountPercent,
      mercadopago: 0,
    },
    reservationMinutes: {
      cash: reservationMinutesFor(paymentInfo, 'cash'),
      transfer: reservationMinutesFor(paymentInfo, 'transfer'),
      mercadopago: reservationMinutesFor(paymentInfo, 'mercadopago'),
    },
  };
}

export const CHECKOUT_REFUSALS = {
  noDelivery: 'En este momento la tienda no ofrece retiro ni envío a domicilio: no se pueden tomar pedidos',
  noPayment: 'En este momento la tienda no ofrece ningún medio de pago: no se pueden tomar pedidos',
  pickup: 'El retiro en el punto de encuentro no está disponible en este momento; elige envío a domicilio',
  delivery: 'El envío a domicilio no está disponible en este momento',
  cash: 'El pago en efectivo no está disponible en este momento',
  transfer: 'El pago por transferencia no está disponible en este momento',
  mercadopago: 'El pago con Mercado Pago no está disponible en este momento; elegí transferencia o efectivo',
  // Mercado Pago takes no payment of $0: an order that discounts leave at nothing to pay is refused, never sent there.
  mercadopagoZero: 'Con los descuentos tu pedido queda en $0 y Mercado Pago no cobra pagos de $0: elegí transferencia o efectivo',
} as const;

/**
 * Why an order with this delivery type and payment method cannot be taken under the owner's settings (Spanish,
 * for a 400), or null when it can. An order that names no delivery type is a pickup order.
 */
export function checkoutRefusal(options: CheckoutOptions, deliveryType: DeliveryType, paymentMethod: PaymentMethod): string | null {
  // National shipping depends on the carriers' settings, which the shipping quote checks (no option: refused there).
  if (deliveryType !== 'store' && deliveryType !== 'carrier' && !options.pickupEnabled && !options.homeDeliveryEnabled)
    return CHECKOUT_REFUSALS.noDelivery;
  if (!options.cashEnabled && !options.transferEnabled && !options.mercadoPagoEnabled) return CHECKOUT_REFUSALS.noPayment;
  if (deliveryType === 'pickup' && !options.pickupEnabled) return CHECKOUT_REFUSALS.pickup;
  if (deliveryType === 'delivery' && !options.homeDeliveryEnabled) return CHECKOUT_REFUSALS.delivery;
  if (paymentMethod === 'cash' && !options.cashEnabled) return CHECKOUT_REFUSALS.cash;
  if (paymentMethod === 'transfer' && !options.transferEnabled) return CHECKOUT_REFUSALS.transfer;
  if (paymentMethod === 'mercadopago' && !options.mercadoPagoEnabled) return CHECKOUT_REFUSALS.mercadopago;
  return null;
}
