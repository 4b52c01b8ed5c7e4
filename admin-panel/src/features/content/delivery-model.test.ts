import { describe, expect, it } from 'vitest';
import { DELIVERY_MSG, ZONE_REFUSALS, defaultSiteContent, normalizePlace, type DeliveryZone } from '@shop/shared';
import { addChips, deliveryProblems, newMeetingPoint, newZone, previewDelivery, renamed, splitEntries } from './delivery-model';

const zone = (id: string, name: string, barrios: string[], extra: Partial<DeliveryZone> = {}): DeliveryZone => ({
  id,
  name,
  barrios,
  postalCodes: [],
  cost: 2000,
  freeShippingThreshold: 0,
  estimatedDays: '',
  enabled: true,
  ...extra,
});

const barrioRules = {
  keyOf: normalizePlace,
  clean: (v: string) => v.trim(),
  check: (v: string) => (v.length > 80 ? DELIVERY_MSG.barrio : null),
  max: 3,
  tooMany: 'lleno',
};

describe('chip lists', () => {
  it('splits on commas, semicolons and new lines, dropping empty entries', () => {
    expect(splitEntries(' Centro, Belgrano;;\nMelipal ,  ')).toEqual(['Centro', 'Belgrano', 'Melipal']);
  });

  it('adds new entries, leaves repeats out (accents and case aside) and stops at the maximum', () => {
    expect(addChips(['Área Centro'], ['area centro', 'Belgrano'], barrioRules)).toEqual({
      values: ['Área Centro', 'Belgrano'],
      repeated: ['area centro'],
      rejected: [],
      error: null,
    });
    expect(addChips(['A', 'B'], ['C', 'a', 'D'], barrioRules)).toEqual({
      values: ['A', 'B', 'C'],
      repeated: ['a'],
      rejected: ['D'],
      error: 'lleno',
    });
    const long = 'x'.repeat(81);
    expect(addChips([], [long, 'Ok'], barrioRules)).toEqual({ values: ['Ok'], repeated: [], rejected: [long], error: DELIVERY_MSG.barrio });
  });
});

describe('ids of new zones and meeting points', () => {
  it('never reuses an id in the draft or one already saved', () => {
    expect(newZone([zone('zona', 'A', [])], ['zona-2']).id).toBe('zona-3');
    expect(newMeetingPoint([], []).id).toBe('punto');
  });

  it('follows the name until saved, then stays', () => {
    const zones = [zone('centro', 'Centro', []), zone('zona', '', [])];
    const rename = (index: number, name: string) => renamed(zones, index, ['centro'], 'zona', name, (z) => ({ ...z, name }));
    expect(rename(1, 'Neuquén Oeste')).toMatchObject({ id: 'neuquen-oeste', name: 'Neuquén Oeste' });
    expect(rename(1, 'Centro')).toMatchObject({ id: 'centro-2' });
    expect(rename(1, '')).toMatchObject({ id: 'zona' });
    expect(rename(0, 'Microcentro')).toMatchObject({ id: 'centro', name: 'Microcentro' });
  });
});

describe('problems before saving', () => {
  it("gathers each field's rule and the rules across the lists, once each", () => {
    const zones = [zone('a', 'A', ['Centro']), zone('b', '', ['centro']), zone('c', 'C', [], { cost: 100_000_001 })];
    expect(deliveryProblems(zones, [])).toEqual([
      DELIVERY_MSG.zoneName,
      DELIVERY_MSG.zoneCost('costo'),
      DELIVERY_MSG.barrioInTwoZones('centro', 'A', ''),
    ]);
    expect(deliveryProblems([zone('a', 'A', ['Centro']), zone('b', 'B', ['centro'], { enabled: false })], [])).toEqual([]);
  });
});

describe('price preview', () => {
  const homeDelivery = () => defaultSiteContent().checkout.shipping.homeDelivery;

  it('uses the base cost everywhere while there are no zones', () => {
    const flat = { ...homeDelivery(), baseCost: 3000, freeShippingThreshold: 40000, zones: [] };
    expect(previewDelivery(flat, '', 10000)).toEqual({ kind: 'flat', cost: 3000, freeShippingThreshold: 40000 });
    expect(previewDelivery(flat, 'Centro', 40000)).toMatchObject({ kind: 'flat', cost: 0 });
  });

  it('finds the zone by barrio or postal code, and names a disabled zone that lists the place', () => {
    const zones = [
      zone('centro', 'Centro', ['Centro'], { postalCodes: ['8300'], freeShippingThreshold: 30000 }),
      zone('sur', 'Sur', ['Confluencia'], { enabled: false }),
    ];
    const hd = { ...homeDelivery(), zones };
    expect(previewDelivery(hd, '  ', 1000)).toEqual({ kind: 'empty' });
    expect(previewDelivery(hd, 'centro', 1000)).toMatchObject({ kind: 'zone', cost: 2000, zone: { id: 'centro' } });
    expect(previewDelivery(hd, 'Q8300ABC', 30000)).toMatchObject({ kind: 'zone', cost: 0 });
    expect(previewDelivery(hd, 'Confluencia', 1000)).toMatchObject({
      kind: 'out',
      message: ZONE_REFUSALS.outOfZone,
      disabledZone: { id: 'sur' },
    });
  });
});
