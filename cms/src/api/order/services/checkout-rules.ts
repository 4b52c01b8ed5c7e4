import { reservationMinutesFor, type ShippingRules, type SiteContent } from '@shop/shared';
import { getContent } from '../../site-content/services/site-content';

export interface CheckoutRules {
  shipping: ShippingRules;
  /** Extra fee of cash payments (cashOnDelivery.additionalFee). */
  cashFee: number;
  homeDeliveryEnabled: boolean;
  cashEnabled: boolean;
  transferEnabled: boolean;
  /** Most units of one product a single order may take (checkout.maxUnitsPerProduct). */
  maxUnitsPerProduct: number;
  /** Minutes an unpaid order is held per payment method (0 = until staff change it). */
  reservationMinutes: { cash: number; transfer: number };
}

export function checkoutRulesOf(content: SiteContent): CheckoutRules {
  const { shipping, paymentInfo } = content.checkout;
  return {
    shipping: { baseCost: shipping.homeDelivery.baseCost, freeShippingThreshold: shipping.homeDelivery.freeShippingThreshold },
    cashFee: paymentInfo.cashOnDelivery.additionalFee,
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

/** Shipping, cash fee and the enabled options as the shop's staff configured them (defaults when unset). */
export async function loadCheckoutRules(): Promise<CheckoutRules> {
  return checkoutRulesOf(await getContent(strapi));
}

export default { loadCheckoutRules, checkoutRulesOf };
