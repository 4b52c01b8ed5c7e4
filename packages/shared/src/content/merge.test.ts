import { describe, expect, it } from 'vitest';
import { deepMerge } from './merge.js';
import { defaultSiteContent, siteContentSchema } from './site-content.js';

describe('deepMerge (partial updates of stored content)', () => {
  it('merges objects at every depth and keeps what the patch does not name', () => {
    const stored = { hero: { slogan: 'Vieja', buttonText: 'Ver' }, contact: { mainTitle: 'Contacto' } };
    expect(deepMerge(stored, { hero: { slogan: 'Nueva' } })).toEqual({
      hero: { slogan: 'Nueva', buttonText: 'Ver' },
      contact: { mainTitle: 'Contacto' },
    });
    expect(deepMerge({ a: { b: { c: 1, d: 2 } } }, { a: { b: { d: 3, e: 4 } } })).toEqual({ a: { b: { c: 1, d: 3, e: 4 } } });
  });

  it('replaces arrays, scalars and null instead of merging them', () => {
    expect(deepMerge({ list: [1, 2, 3], n: 1 }, { list: [9] })).toEqual({ list: [9], n: 1 });
    expect(deepMerge({ list: [{ a: 1, b: 2 }] }, { list: [{ a: 5 }] })).toEqual({ list: [{ a: 5 }] });
    expect(deepMerge({ a: { b: 1 } }, { a: 'texto' })).toEqual({ a: 'texto' });
    expect(deepMerge({ a: { b: 1 } }, { a: null })).toEqual({ a: null });
    expect(deepMerge({ a: 1 }, { a: { b: 2 } })).toEqual({ a: { b: 2 } });
    // A patch that is not an object at all is the result (validation then refuses it).
    expect(deepMerge({ a: 1 }, [])).toEqual([]);
    expect(deepMerge({ a: 1 }, 'texto')).toBe('texto');
  });

  it('modifies neither argument and shares no object with them', () => {
    const stored = { hero: { slogan: 'Vieja' }, list: [{ x: 1 }] };
    const patch = { hero: { buttonText: 'Ir' }, extra: { y: [1] } };
    const before = structuredClone({ stored, patch });
    const merged = deepMerge(stored, patch) as { hero: object; list: object[]; extra: { y: number[] } };
    expect({ stored, patch }).toEqual(before);
    expect(merged.hero).not.toBe(stored.hero);
    expect(merged.list[0]).not.toBe(stored.list[0]);
    expect(merged.extra.y).not.toBe(patch.extra.y);
  });

  it('ignores keys that would reach an object prototype (JSON bodies can carry "__proto__")', () => {
    const patch: unknown = JSON.parse(
      '{"__proto__": {"polluted": true}, "a": {"__proto__": {"polluted": true}, "b": 1}, "constructor": {"prototype": {"polluted": true}}}',
    );
    const merged = deepMerge({ a: { c: 2 } }, patch) as Record<string, unknown>;
    expect(merged).toEqual({ a: { c: 2, b: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(merged.a)).toBe(Object.prototype);
  });

  it('merging the whole content (what the back office sends) gives exactly what was sent', () => {
    const stored = defaultSiteContent();
    const sent = structuredClone(stored);
    sent.hero.slogan = 'Otro';
    sent.productCatalog.categories = [{ name: 'mallas', display_name: 'Mallas' }];
    sent.checkout.deliveryInfo.meetingPoint.enabled = false;
    expect(siteContentSchema.parse(deepMerge(stored, sent))).toEqual(sent);
  });
});
