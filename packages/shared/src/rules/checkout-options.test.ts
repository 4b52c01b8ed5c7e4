import { describe, expect, it } from 'vitest';
import { siteContentSchema } from '../content/site-content.js';
import { CHECKOUT_REFUSALS, checkoutOptionsOf, checkoutRefusal } from './checkout-options.js';

const defaults = checkoutOptionsOf(siteContentSchema.parse({}));

describe('checkoutOptionsOf', () => {
  it('reads shipping, the cash fee and the switches from the site content', () => {
    const content = siteContentSchema.parse({});
    expect(defaults.shipping.baseCost).toBe(content.checkout.shipping.homeDelivery.baseCost);
    expect(defaults.cashFee).toBe(content.checkout.paymentInfo.cashOnDelivery.additionalFee);
    expect(defaults.pickupEnabled).toBe(content.checkout.deliveryInfo.meetingPoint.enabled);
    expect(defaults.maxUnitsPerProduct).toBe(content.checkout.maxUnitsPerProduct);
  });
  it('counts home delivery only when shipping and home delivery are both on', () => {
    const content = siteContentSchema.parse({});
    content.checkout.shipping.enabled = false;
    expect(checkoutOptionsOf(content).homeDeliveryEnabled).toBe(false);
  });
});

describe('checkoutRefusal', () => {
  const all = { ...defaults, pickupEnabled: true, homeDeliveryEnabled: true, cashEnabled: true, transferEnabled: true };
  it('accepts an order whose options are all in force', () => {
    expect(checkoutRefusal(all, 'pickup', 'cash')).toBeNull();
    expect(checkoutRefusal(all, 'delivery', 'transfer')).toBeNull();
  });
  it('refuses every order when no delivery or no payment method is offered', () => {
    expect(checkoutRefusal({ ...all, pickupEnabled: false, homeDeliveryEnabled: false }, 'pickup', 'cash')).toBe(
      CHECKOUT_REFUSALS.noDelivery,
    );
    expect(checkoutRefusal({ ...all, cashEnabled: false, transferEnabled: false }, 'pickup', 'cash')).toBe(CHECKOUT_REFUSALS.noPayment);
  });
  it('refuses the option that is switched off', () => {
    expect(checkoutRefusal({ ...all, pickupEnabled: false }, 'pickup', 'cash')).toBe(CHECKOUT_REFUSALS.pickup);
    expect(checkoutRefusal({ ...all, homeDeliveryEnabled: false }, 'delivery', 'cash')).toBe(CHECKOUT_REFUSALS.delivery);
    expect(checkoutRefusal({ ...all, cashEnabled: false }, 'pickup', 'cash')).toBe(CHECKOUT_REFUSALS.cash);
    expect(checkoutRefusal({ ...all, transferEnabled: false }, 'pickup', 'transfer')).toBe(CHECKOUT_REFUSALS.transfer);
  });
});

describe('Mercado Pago', () => {
  const all = { ...defaults, pickupEnabled: true, homeDeliveryEnabled: true, cashEnabled: true, transferEnabled: true };
  it('is offered only when the content switches it on and the server has credentials', () => {
    const content = siteContentSchema.parse({ checkout: { paymentInfo: { mercadoPago: { enabled: true } } } });
    expect(defaults.mercadoPagoEnabled).toBe(false);
    expect(checkoutOptionsOf(content).mercadoPagoEnabled).toBe(true);
    expect(checkoutOptionsOf(content, false).mercadoPagoEnabled).toBe(false);
    expect(checkoutOptionsOf(content).reservationMinutes.mercadopago).toBe(60);
  });
  it('is refused when off, and keeps a shop with only Mercado Pago open', () => {
    expect(checkoutRefusal({ ...all, mercadoPagoEnabled: false }, 'pickup', 'mercadopago')).toBe(CHECKOUT_REFUSALS.mercadopago);
    expect(checkoutRefusal({ ...all, mercadoPagoEnabled: true }, 'pickup', 'mercadopago')).toBeNull();
    const onlyCards = { ...all, cashEnabled: false, transferEnabled: false, mercadoPagoEnabled: true };
    expect(checkoutRefusal(onlyCards, 'pickup', 'mercadopago')).toBeNull();
    expect(checkoutRefusal(onlyCards, 'pickup', 'cash')).toBe(CHECKOUT_REFUSALS.cash);
  });
  it('refuses installments outside 1–12', () => {
    for (const maxInstallments of [0, 13, 1.5, '6', null]) {
      const result = siteContentSchema.safeParse({ checkout: { paymentInfo: { mercadoPago: { maxInstallments } } } });
      expect(result.success, String(maxInstallments)).toBe(false);
    }
    expect(
      siteContentSchema.parse({ checkout: { paymentInfo: { mercadoPago: { maxInstallments: 12 } } } }).checkout.paymentInfo.mercadoPago
        .maxInstallments,
    ).toBe(12);
  });
});
