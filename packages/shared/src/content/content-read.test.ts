import { describe, expect, it } from 'vitest';
import { defaultSiteContent, siteContentSchema } from './site-content.js';
import { namedIssue, readSiteContent } from './content-read.js';
import { testZone } from '../test/test-zone.js';

/** Stored content the owner wrote, then broken in one place (as a hand edit in Strapi's panel would). */
function ownersContent() {
  const content = structuredClone(defaultSiteContent());
  content.hero.slogan = 'Lencería que abraza';
  content.contact.mainTitle = 'Escribinos';
  content.checkout.maxUnitsPerProduct = 4;
  content.checkout.shipping.homeDelivery.zones = [testZone({ id: 'centro', cost: 2500 }), testZone({ id: 'oeste', cost: 3500 })];
  return content as unknown as Record<string, Record<string, unknown>>;
}

describe('reading stored site content field by field', () => {
  it('reads valid content as it is, with no problems', () => {
    const stored = ownersContent();
    const read = readSiteContent(stored);
    expect(read.problems).toEqual([]);
    expect(read.content.hero.slogan).toBe('Lencería que abraza');
  });

  it('shows the default of one bad value and keeps everything else the owner wrote', () => {
    const stored = ownersContent();
    (stored.checkout as Record<string, unknown>).maxUnitsPerProduct = 0;
    const read = readSiteContent(stored);
    expect(read.content.checkout.maxUnitsPerProduct).toBe(defaultSiteContent().checkout.maxUnitsPerProduct);
    expect(read.content.hero.slogan).toBe('Lencería que abraza');
    expect(read.content.contact.mainTitle).toBe('Escribinos');
    expect(read.content.checkout.shipping.homeDelivery.zones.map((z) => z.id)).toEqual(['centro', 'oeste']);
    expect(read.problems).toEqual([{ path: 'checkout.maxUnitsPerProduct', message: expect.any(String) }]);
  });

  it('leaves out a bad entry of a list and keeps the others', () => {
    const stored = ownersContent();
    const zones = (stored.checkout as { shipping: { homeDelivery: { zones: Array<Record<string, unknown>> } } }).shipping.homeDelivery
      .zones;
    zones[0] = { ...zones[0], cost: -3 };
    const read = readSiteContent(stored);
    expect(read.content.checkout.shipping.homeDelivery.zones.map((z) => z.id)).toEqual(['oeste']);
    expect(read.problems.map((p) => p.path)).toEqual(['checkout.shipping.homeDelivery.zones.0']);
    expect(read.content.checkout.maxUnitsPerProduct).toBe(4);
  });

  it('repairs several bad values at once, a value of the wrong type among them', () => {
    const stored = ownersContent();
    (stored.checkout as Record<string, unknown>).maxUnitsPerProduct = 'muchas';
    const zones = (stored.checkout as { shipping: { homeDelivery: { zones: Array<Record<string, unknown>> } } }).shipping.homeDelivery
      .zones;
    zones[1] = { ...zones[1], barrios: 'Oeste' };
    const read = readSiteContent(stored);
    expect(read.problems.map((p) => p.path).sort()).toEqual([
      'checkout.maxUnitsPerProduct',
      'checkout.shipping.homeDelivery.zones.1.barrios',
    ]);
    expect(read.content.checkout.shipping.homeDelivery.zones.map((z) => z.id)).toEqual(['centro', 'oeste']);
    expect(read.content.contact.mainTitle).toBe('Escribinos');
    expect(siteContentSchema.safeParse(read.content).success).toBe(true);
  });

  it('answers the defaults, and says so, when what is stored is not an object; nothing stored is no problem', () => {
    expect(readSiteContent('no soy json').problems).toEqual([{ path: '', message: 'El contenido guardado no es un objeto JSON' }]);
    expect(readSiteContent(null)).toEqual({ content: defaultSiteContent(), problems: [] });
  });

  it('names the field of a refused write', () => {
    const parsed = siteContentSchema.safeParse({ checkout: { maxUnitsPerProduct: 0 } });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(namedIssue(parsed.error)).toMatch(/^checkout\.maxUnitsPerProduct: /);
  });
});
