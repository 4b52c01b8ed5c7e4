import { describe, expect, it } from 'vitest';
import { fitRowsToHeaders, offeredSizes, sizeGuidesForCategory, normalizeSizes } from './size-guides.js';
import { formatOrderNumber, shopDayKey, shopDayRange } from './order-number.js';
import { initialOrderStatus, normalizeStatus, statusLabel } from './statuses.js';
import { chatNumberFromContent, defaultSiteContent, siteContentSchema, WHY_CHOOSE_KEY } from './site-content.js';
import { orderInputSchema, firstIssueMessage, productInputSchema } from './schemas.js';
import { pageWindow } from './constants.js';

const guide = (category: string, sizes: string[]) => ({
  category,
  enabled: true,
  tableHeaders: ['Talla', 'Busto'],
  tableRows: sizes.map((size) => ({ size, measurements: ['x'] })),
});

describe('size guides', () => {
  const guides = [guide('corpiños', ['85', '90']), guide('bombachas', ['S', 'M']), guide('bombis', ['M', 'L'])];
  it('conjuntos shows the corpiño, bombacha and bombis guides', () => {
    expect(sizeGuidesForCategory('conjuntos', guides).map((g) => g.category)).toEqual(['corpiños', 'bombachas', 'bombis']);
    expect(offeredSizes('conjuntos', guides)).toEqual(['85', '90', 'S', 'M', 'L']);
  });
  it('matches singular and plural category names and skips disabled guides', () => {
    expect(offeredSizes('bombacha', guides)).toEqual(['S', 'M']);
    expect(offeredSizes('bodys', guides)).toEqual([]);
    expect(offeredSizes('bombis', [{ ...guide('bombis', ['M']), enabled: false }])).toEqual([]);
  });
  it('keeps measurements equal to headers minus one', () => {
    const rows = [
      { size: 'S', measurements: ['1', '2', '3'] },
      { size: 'M', measurements: [] },
    ];
    expect(fitRowsToHeaders(['Talla', 'A', 'B'], rows)).toEqual([
      { size: 'S', measurements: ['1', '2'] },
      { size: 'M', measurements: ['', ''] },
    ]);
  });
  it('normalizes comma separated sizes', () => {
    expect(normalizeSizes(' s, m ,l,')).toEqual(['S', 'M', 'L']);
  });
});

describe('order numbers and statuses', () => {
  it('uses the Argentine calendar day', () => {
    // 02:30 UTC on Jan 2nd is still Jan 1st in Buenos Aires (UTC-3).
    expect(shopDayKey(new Date('2024-01-02T02:30:00Z'))).toBe('20240101');
    expect(formatOrderNumber('JL', '20240101', 1)).toBe('JL-20240101-0001');
    expect(shopDayRange('2024-01-01')?.start.toISOString()).toBe('2024-01-01T03:00:00.000Z');
    expect(shopDayRange('nope')).toBeNull();
  });
  it('maps payment to the initial status and unknown statuses to pending_manual', () => {
    expect(initialOrderStatus('cash', false)).toBe('pending_manual');
    expect(initialOrderStatus('transfer', true)).toBe('pending_transfer_confirmation');
    expect(initialOrderStatus('transfer', false)).toBe('pending_transfer_proof');
    expect(normalizeStatus('shipped')).toBe('pending_manual');
    expect(statusLabel('paid')).toBe('Pagado');
  });
  it('builds a page window of at most 5 buttons', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

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

describe('input schemas', () => {
  const base = {
    items: [{ productId: 'abc', quantity: 1, size: 'M' }],
    shippingInfo: { fullName: 'Ana', email: 'ana@example.com', phone: '299' },
    paymentMethod: 'cash',
  };
  it('requires address and city for home delivery only', () => {
    expect(orderInputSchema.safeParse(base).success).toBe(true);
    const r = orderInputSchema.safeParse({ ...base, deliveryType: 'delivery' });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstIssueMessage(r.error)).toBe('La dirección es requerida para el envío');
  });
  it('gives the spec texts for bad product input', () => {
    const r = productInputSchema.safeParse({ title: ' ', description: 'd', price: 0, category: 'x', size: [], thumbnails: [] });
    expect(r.success).toBe(false);
    if (!r.success) {
      const msgs = r.error.issues.map((i) => i.message);
      expect(msgs).toContain('El título es requerido');
      expect(msgs).toContain('El precio debe ser mayor a 0');
      expect(msgs).toContain('Debe seleccionar al menos una talla');
      expect(msgs).toContain('Debe incluir al menos una imagen');
    }
  });
});
