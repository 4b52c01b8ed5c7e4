import { describe, expect, it } from 'vitest';
import { checkoutOptionsOf } from '@shop/shared';
import { makeContent, makeZonedContent } from '@/test/fixtures';
import { placeLabel, zoneStatusOf } from './delivery-place';

const { zones } = checkoutOptionsOf(makeZonedContent());
const kind = (barrio: string, postalCode = '') => zoneStatusOf(zones, { barrio, postalCode }).kind;
const zoneOf = (barrio: string, postalCode = '') => {
  const status = zoneStatusOf(zones, { barrio, postalCode });
  return status.kind === 'found' ? status.zone.id : null;
};

describe('zone of what the shopper wrote', () => {
  it('is the one price of a shop without zones', () => {
    expect(zoneStatusOf(checkoutOptionsOf(makeContent()).zones, { barrio: 'Centro', postalCode: '' })).toEqual({ kind: 'flat' });
  });

  it('finds the zone by barrio (accents and case aside), then by postal code (old or CPA)', () => {
    expect(zoneOf('  area centro OESTE ')).toBe('centro');
    expect(zoneOf('', '8302')).toBe('oeste');
    expect(zoneOf('', 'q8300abc')).toBe('centro');
    // The barrio wins over the postal code.
    expect(zoneOf('Villa Ceferino', '8300')).toBe('oeste');
  });

  it('waits while nothing is written, a postal code is too short, or the name still matches barrios of the list', () => {
    expect(kind('')).toBe('empty');
    expect(kind('', '83')).toBe('empty');
    expect(kind('Vill')).toBe('choosing');
  });

  it('is out of zone for a barrio or postal code no enabled zone covers', () => {
    expect(kind('Cipolletti')).toBe('outOfZone');
    expect(kind('', '8324')).toBe('outOfZone');
    // Plottier's zone is switched off.
    expect(kind('Plottier')).toBe('outOfZone');
    expect(kind('', '8316')).toBe('outOfZone');
  });

  it('names the place for the chat message', () => {
    expect(placeLabel({ barrio: ' Cipolletti ', postalCode: '8324' })).toBe('Cipolletti');
    expect(placeLabel({ barrio: '', postalCode: 'r 8324' })).toBe('CP R8324');
    expect(placeLabel({ barrio: '', postalCode: '' })).toBe('');
  });
});
