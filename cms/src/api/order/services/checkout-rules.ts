import { defaultSiteContent, siteContentSchema, type ShippingRules, type SiteContent } from '@shop/shared';

export interface CheckoutRules {
  shipping: ShippingRules;
  /** Extra fee of cash payments (cashOnDelivery.additionalFee). */
  cashFee: number;
  homeDeliveryEnabled: boolean;
  cashEnabled: boolean;
  transferEnabled: boolean;
}

function parseContent(value: unknown): SiteContent {
  const parsed = siteContentSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultSiteContent();
}

/** The site content through the foundation's service when it exists, else straight from its single type. */
async function loadSiteContent(): Promise<SiteContent> {
  const service: unknown = strapi.service('api::site-content.site-content');
  if (typeof service === 'object' && service !== null && 'getContent' in service && typeof service.getContent === 'function') {
    const content: unknown = await service.getContent();
    return parseContent(content);
  }
  const row: unknown = await strapi.db.query('api::site-content.site-content').findOne({});
  const data = typeof row === 'object' && row !== null && 'data' in row ? row.data : undefined;
  return parseContent(typeof data === 'string' ? safeJson(data) : data);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
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
  return checkoutRulesOf(await loadSiteContent());
}

export default { loadCheckoutRules, checkoutRulesOf };
