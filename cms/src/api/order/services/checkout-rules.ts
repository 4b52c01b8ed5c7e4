import type { ShippingRules, SiteContent } from '@shop/shared';
import { getContent } from '../../site-content/services/site-content';

export interface CheckoutRules {
  shipping: ShippingRules;
  /** Extra fee of cash payments (cashOnDelivery.additionalFee). */
  cashFee: number;
  homeDeliveryEnabled: boolean;
  cashEnabled: boolean;
  transferEnabled: boolean;
}

export function checkoutRulesOf(content: SiteContent): CheckoutRules {
  const { shipping, paymentInfo } = content.checkout;
  return {
    shipping: { baseCost: shipping.homeDelivery.baseCost, freeShippingThreshold: shipping.homeDelivery.freeShippingThreshold },
    cashFee: paymentInfo.cashOnDelivery.additionalFee,
    homeDeliveryEnabled: shipping.enabled && shipping.homeDelivery.enabled,
    cashEnabled: paymentInfo.cashOnDelivery.enabled,
    transferEnabled: paymentInfo.bankTransfer.enabled,
  };
}

/** Shipping, cash fee and the enabled options as the shop's staff configured them (defaults when unset). */
export async function loadCheckoutRules(): Promise<CheckoutRules> {
  return checkoutRulesOf(await getContent(strapi));
}

export default { loadCheckoutRules, checkoutRulesOf };
