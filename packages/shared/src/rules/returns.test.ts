import { describe, expect, it } from 'vitest';
import { defaultSiteContent, siteContentSchema } from '../content/site-content.js';
import { formatReturnNumber, isNonReturnableCategory, returnedValue, returnStepCheck, withinReturnWindow } from './returns.js';

describe('returns rules', () => {
  it('reads older content without `returns` as the defaults', () => {
    expect(defaultSiteContent().returns).toMatchObject({ enabled: true, windowDays: 30, exchangeOnly: false, shippingPaidBy: 'shopper' });
    expect(siteContentSchema.parse({ returns: { windowDays: 'x', shippingPaidBy: 'nadie' } }).returns).toMatchObject({
      windowDays: 30,
      shippingPaidBy: 'shopper',
    });
  });

  it('only moves forward: requested → approved | rejected → received → closed', () => {
    expect(returnStepCheck('requested', 'approved')).toBe('ok');
    expect(returnStepCheck('requested', 'rejected')).toBe('ok');
    expect(returnStepCheck('approved', 'received')).toBe('ok');
    expect(returnStepCheck('received', 'closed')).toBe('ok');
    expect(returnStepCheck('approved', 'approved')).toBe('same');
    expect(returnStepCheck('requested', 'received')).toBe('No se puede pasar un pedido de cambio de "Pedido" a "Recibido"');
    expect(returnStepCheck('rejected', 'approved')).toMatch(/Rechazado/);
  });

  it('counts the window from the delivery', () => {
    const delivered = '2026-01-01T12:00:00.000Z';
    expect(withinReturnWindow(delivered, 30, new Date('2026-01-31T12:00:00.000Z'))).toBe(true);
    expect(withinReturnWindow(delivered, 30, new Date('2026-01-31T12:00:01.000Z'))).toBe(false);
    expect(withinReturnWindow(null, 30)).toBe(false);
  });

  it('gives back the price paid less the share of the discounts, never more', () => {
    expect(returnedValue([{ price: 10000, quantity: 2 }], { subtotal: 30000, discountTotal: 0 })).toBe(20000);
    expect(returnedValue([{ price: 10000, quantity: 1 }], { subtotal: 30000, discountTotal: 3000 })).toBe(9000);
    expect(returnedValue([{ price: 999, quantity: 1 }], { subtotal: 2997, discountTotal: 1 })).toBe(998);
    expect(returnedValue([], { subtotal: 0, discountTotal: 0 })).toBe(0);
  });

  it('compares categories without case or accents, and numbers requests CD-day-sequence', () => {
    expect(isNonReturnableCategory('bombachas', { nonReturnableCategories: ['Bombachas'] })).toBe(true);
    expect(isNonReturnableCategory('Corpiños', { nonReturnableCategories: ['corpinos'] })).toBe(true);
    expect(isNonReturnableCategory('conjuntos', { nonReturnableCategories: ['Bombachas'] })).toBe(false);
    expect(formatReturnNumber('20260101', 7)).toBe('CD-20260101-0007');
  });
});
