import type { DeliveryType, PaymentMethod, ShippingRules } from '../pricing.js';
import { reservationMinutesFor } from '../order-hold.js';
import type { SiteContent } from '../site-content.js';

/** The checkout options in force, read from the owner's site content (defaults when unset). */
export interface CheckoutOptions {
  shipping: ShippingRules;
  /** Extra fee of cash payments (cashOnDelivery.additionalFee). */
  cashFee: number;
  /** Meeting-point pickup (checkout.deliveryInfo.meetingPoint.enabled). */
  pickupEnabled: boolean;
  /** Home delivery: shipping and its home delivery both switched on. */
  homeDeliveryEnabled: boolean;
  cashEnabled: boolean;
  transferEnabled: boolean;
  /** Most units of one product a single order may take (checkout.maxUnitsPerProduct). */
  maxUnitsPerProduct: number;
  /** Minutes an unpaid order is held per payment method (0 = until staff change it). */
  reservationMinutes: { cash: number; transfer: number };
}

export function checkoutOptionsOf(content: SiteContent): CheckoutOptions {
  const { deliveryInfo, shipping, paymentInfo } = content.checkout;
  return {
    shipping: { baseCost: shipping.homeDelivery.baseCost, freeShippingThreshold: shipping.homeDelivery.freeShippingThreshold },
    cashFee: paymentInfo.cashOnDelivery.additionalFee,
    pickupEnabled: deliveryInfo.meetingPoint.enabled,
    homeDeliveryEnabled: shipping.enabled && shipping.homeDelivery.enabled,
    cashEnabled: paymentInfo.cashOnDelivery.enabled,
    transferEnabled: paymentInfo.bankTransfer.enabled,
    maxUnitsPerProduct: content.checkout.maxUnitsPerProduct,
    reservationMinutes: {
      cash: reservationMinutesFor(paymentInfo, 'cash'),
      transfer: reservationMinutesFor(paymentInfo, 'transfer'),
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
} as const;

/**
 * Why an order with this delivery type and payment method cannot be taken under the owner's settings (Spanish,
 * for a 400), or null when it can. An order that names no delivery type is a pickup order.
 */
export function checkoutRefusal(options: CheckoutOptions, deliveryType: DeliveryType, paymentMethod: PaymentMethod): string | null {
  if (!options.pickupEnabled && !options.homeDeliveryEnabled) return CHECKOUT_REFUSALS.noDelivery;
  if (!options.cashEnabled && !options.transferEnabled) return CHECKOUT_REFUSALS.noPayment;
  if (deliveryType === 'pickup' && !options.pickupEnabled) return CHECKOUT_REFUSALS.pickup;
  if (deliveryType === 'delivery' && !options.homeDeliveryEnabled) return CHECKOUT_REFUSALS.delivery;
  if (paymentMethod === 'cash' && !options.cashEnabled) return CHECKOUT_REFUSALS.cash;
  if (paymentMethod === 'transfer' && !options.transferEnabled) return CHECKOUT_REFUSALS.transfer;
  return null;
}
