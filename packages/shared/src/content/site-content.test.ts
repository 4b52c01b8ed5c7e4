import { describe, expect, it } from 'vitest';
import { chatNumberFromContent, defaultSiteContent, siteContentSchema, WHY_CHOOSE_KEY } from './site-content.js';

describe('site content', () => {
  it('fills the spec defaults', () => {
    const c = defaultSiteContent();
    expect(c.hero.buttonText).toBe('Ver Productos');
    expect(c.hero.buttonLink).toBe('products');
    expect(c.productCatalog.mainTitle).toBe('Nuestros Productos');
    expect(c[WHY_CHOOSE_KEY].mainTitle).toBe('¿Por qué elegirnos?');
    expect(c.contact.mainTitle).toBe('Contáctanos');
    expect(c.productDetail.sizeGuideButtonText).toBe('Guía de tallas');
    expect(c.checkout.paymentInfo.cashOnDelivery.additionalFee).toBe(0);
    expect(c.checkout.deliveryInfo.meetingPoint.enabled).toBe(true);
  });
  it('turns non-numeric amounts into 0 and negatives into 0', () => {
    const c = siteContentSchema.parse({ checkout: { shipping: { homeDelivery: { baseCost: 'abc', freeShippingThreshold: -5 } } } });
    expect(c.checkout.shipping.homeDelivery.baseCost).toBe(0);
    expect(c.checkout.shipping.homeDelivery.freeShippingThreshold).toBe(0);
  });
  it('finds the chat number in the Teléfono card', () => {
    const c = siteContentSchema.parse({ contact: { contactInfo: [{ title: 'Teléfono', details: ['+54 9 299 555-1234'] }] } });
    expect(chatNumberFromContent(c)).toBe('+5492995551234');
  });
});
