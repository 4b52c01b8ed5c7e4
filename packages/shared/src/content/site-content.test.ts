import { describe, expect, it } from 'vitest';
import { chatNumberFromContent, defaultSiteContent, siteContentSchema, WHY_CHOOSE_KEY } from './site-content.js';
import { siteContentWriteSchema } from './content-write.js';

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
  it('a write is strict: a value out of range or of the wrong type is refused at its path, never replaced by a default', () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ returns: { windowDays: 0 } }, 'returns.windowDays'],
      [{ returns: { windowDays: '10' } }, 'returns.windowDays'],
      [{ returns: { shippingPaidBy: 'nadie' } }, 'returns.shippingPaidBy'],
      [{ checkout: { shipping: { homeDelivery: { baseCost: 'abc' } } } }, 'checkout.shipping.homeDelivery.baseCost'],
      [{ checkout: { shipping: { homeDelivery: { freeShippingThreshold: -5 } } } }, 'checkout.shipping.homeDelivery.freeShippingThreshold'],
      [{ hero: { slogan: 3 } }, 'hero.slogan'],
      [{ security: { requireTwoFactor: 'true' } }, 'security.requireTwoFactor'],
      [{ productCatalog: { categories: 'x' } }, 'productCatalog.categories'],
      [{ whatsapp: { paid: 'x'.repeat(1001) } }, 'whatsapp.paid'],
      [
        { checkout: { deliveryInfo: { meetingPoints: [{ id: 'punto', enabled: 'sí' }] } } },
        'checkout.deliveryInfo.meetingPoints.0.enabled',
      ],
    ];
    for (const [value, path] of refused) {
      // The read schema forgives it (its default), the write schema refuses it.
      expect(siteContentSchema.safeParse(value).success, path).toBe(true);
      const result = siteContentWriteSchema.safeParse(value);
      expect(result.success, path).toBe(false);
      expect(result.error?.issues[0]?.path.join('.')).toBe(path);
    }
    // Absent fields still take their defaults, and what a read gives back is a valid write.
    expect(siteContentWriteSchema.parse({})).toEqual(defaultSiteContent());
    const stored = siteContentSchema.parse({ returns: { windowDays: 45 }, checkout: { shipping: { homeDelivery: { baseCost: 2500 } } } });
    expect(siteContentWriteSchema.parse(stored)).toEqual(stored);
    // Rules across fields stay.
    const twice = { checkout: { deliveryInfo: { meetingPoints: [{ id: 'a' }, { id: 'a' }] } } };
    expect(siteContentWriteSchema.safeParse(twice).success).toBe(false);
  });
  it('finds the chat number in the Teléfono card', () => {
    const c = siteContentSchema.parse({ contact: { contactInfo: [{ title: 'Teléfono', details: ['+54 9 299 555-1234'] }] } });
    expect(chatNumberFromContent(c)).toBe('+5492995551234');
  });
});
