import { describe, expect, it } from 'vitest';
import { testZone } from '../test/test-zone.js';
import { deliveryListProblems, normalizePlace, searchBarrios, slugFor, type DeliveryZone } from './delivery.js';
import { defaultSiteContent, siteContentSchema } from '../content/site-content.js';
import { firstIssueMessage } from '../contract/errors.js';
import { meetingPointsOf } from './checkout-options.js';

const zone = (id: string, fields: Partial<DeliveryZone> = {}): DeliveryZone => testZone({ id, ...fields });

/** The first problem of the site content with these zones (junk included: they are stored as given), or null. */
function contentProblem(zones: unknown): string | null {
  const content = structuredClone(defaultSiteContent());
  Object.assign(content.checkout.shipping.homeDelivery, { zones });
  const parsed = siteContentSchema.safeParse(content);
  return parsed.success ? null : firstIssueMessage(parsed.error);
}

describe('delivery zones in site content', () => {
  it('refuses negative or fractional amounts, bad ids and oversized lists with a Spanish message naming the field', () => {
    const zones = (list: unknown[]) => list;
    expect(contentProblem(zones([{ ...zone('centro'), cost: -1 }]))).toBe(
      'El costo de la zona debe ser un número entero de pesos mayor o igual a 0',
    );
    expect(contentProblem(zones([{ ...zone('centro'), freeShippingThreshold: 10.5 }]))).toMatch(/envío gratis desde/);
    expect(contentProblem(zones([zone('Centro Norte')]))).toMatch(/id de cada zona/);
    expect(contentProblem(zones([{ ...zone('centro'), name: '' }]))).toMatch(/nombre/);
    expect(contentProblem(zones(Array.from({ length: 51 }, (_, i) => zone(`z${i}`))))).toBe('Puede haber hasta 50 zonas de envío');
    expect(contentProblem(zones([zone('centro', { barrios: Array.from({ length: 101 }, (_, i) => `B${i}`) })]))).toBe(
      'Cada zona puede tener hasta 100 barrios',
    );
    expect(contentProblem(zones([zone('centro', { postalCodes: ['83 00'] })]))).toMatch(/código postal/);
    expect(contentProblem(zones([zone('centro', { cost: 2500 })]))).toBeNull();
  });

  it('refuses repeated ids and a barrio or postal code in two enabled zones (a disabled zone may share them)', () => {
    expect(deliveryListProblems([zone('a'), zone('a')], [])).toEqual(['Zonas de envío: el id "a" está repetido']);
    expect(
      deliveryListProblems(
        [zone('a', { name: 'Centro', barrios: ['Santa Genoveva'] }), zone('b', { name: 'Oeste', barrios: ['SANTA genovéva'] })],
        [],
      ),
    ).toEqual(['Zonas de envío: el barrio "SANTA genovéva" está en dos zonas activas ("Centro" y "Oeste")']);
    expect(deliveryListProblems([zone('a', { postalCodes: ['8300'] }), zone('b', { postalCodes: ['8300'] })], [])[0]).toMatch(
      /código postal "8300"/,
    );
    expect(deliveryListProblems([zone('a', { postalCodes: ['8300'] }), zone('b', { postalCodes: ['8300'], enabled: false })], [])).toEqual(
      [],
    );
    // A plain four-digit code covers the town's CPAs, in either order; two different CPAs of one town do not clash.
    expect(deliveryListProblems([zone('a', { postalCodes: ['8300'] }), zone('b', { postalCodes: ['q8300abc'] })], [])[0]).toMatch(
      /código postal "q8300abc"/,
    );
    expect(deliveryListProblems([zone('a', { postalCodes: ['Q8300ABC'] }), zone('b', { postalCodes: ['8300'] })], [])[0]).toMatch(
      /código postal "8300"/,
    );
    expect(deliveryListProblems([zone('a', { postalCodes: ['Q8300ABC'] }), zone('b', { postalCodes: ['Q8300XYZ'] })], [])).toEqual([]);
    const point = { id: 'p', title: '', address: '', schedule: '', notes: '', enabled: true };
    expect(deliveryListProblems([], [point, point])).toEqual(['Puntos de encuentro: el id "p" está repetido']);
    // The whole content refuses them too.
    expect(contentProblem([zone('a', { barrios: ['Centro'] }), zone('b', { barrios: ['centro'] })])).toMatch(/está en dos zonas activas/);
  });
});

describe('meeting points', () => {
  it('falls back to the single meeting point of older content while the list is empty', () => {
    const content = defaultSiteContent();
    content.checkout.deliveryInfo.meetingPoint = { ...content.checkout.deliveryInfo.meetingPoint, title: 'Local', address: 'Alcorta 50' };
    expect(meetingPointsOf(content)).toEqual([
      { id: 'principal', title: 'Local', address: 'Alcorta 50', schedule: '', notes: '', enabled: true },
    ]);
    content.checkout.deliveryInfo.meetingPoints = [{ id: 'otro', title: 'Otro', address: 'X', schedule: '', notes: '', enabled: true }];
    expect(meetingPointsOf(content).map((p) => p.id)).toEqual(['otro']);
  });
});

describe('barrio search and slugs', () => {
  const zones = [
    zone('centro', { barrios: ['Área Centro Este', 'Santa Genoveva'] }),
    zone('oeste', { barrios: ['Valentina Sur', 'Centenario Oeste'] }),
    zone('off', { barrios: ['Centrito'], enabled: false }),
  ];
  it('matches typed text without accents or case, names starting with it first, disabled zones left out', () => {
    expect(searchBarrios(zones, 'cent').map((c) => c.barrio)).toEqual(['Centenario Oeste', 'Área Centro Este']);
    expect(searchBarrios(zones, 'AREA').map((c) => c.zone.id)).toEqual(['centro']);
    expect(searchBarrios(zones, '  ')).toEqual([]);
    expect(normalizePlace(' Área  Centro-Este ')).toBe('area centro este');
  });
  it('makes short unique slugs from names', () => {
    expect(slugFor('Neuquén Oeste', [])).toBe('neuquen-oeste');
    expect(slugFor('Neuquén Oeste', ['neuquen-oeste'])).toBe('neuquen-oeste-2');
    expect(slugFor('Ñandú & Cía', [])).toBe('nandu-cia');
    expect(slugFor('!!!', [])).toBe('zona');
  });
});
