import { normalizePostalCode, resolveZone, searchBarrios, type DeliveryZone } from '@shop/shared';

/** Where a home delivery stands while the shopper writes her barrio or postal code. */
export type ZoneStatus =
  /** The shop has no zones: one price everywhere. */
  | { kind: 'flat' }
  | { kind: 'found'; zone: DeliveryZone }
  /** Nothing written yet. */
  | { kind: 'empty' }
  /** What is written still matches barrios of the list: the shopper is choosing. */
  | { kind: 'choosing' }
  | { kind: 'outOfZone' };

/** What the shopper wrote to place her delivery. */
export interface PlaceText {
  barrio: string;
  postalCode: string;
}

/** Postal codes have four digits at least (`8300`, `Q8300ABC`): a shorter one is still being typed. */
const MIN_POSTAL_CODE_LENGTH = 4;

/** The zone of what the shopper wrote, with the same rule as the server (barrio first, then postal code). */
export function zoneStatusOf(zones: readonly DeliveryZone[], place: PlaceText): ZoneStatus {
  if (zones.length === 0) return { kind: 'flat' };
  const barrio = place.barrio.trim();
  const postalCode = normalizePostalCode(place.postalCode);
  const usablePostalCode = postalCode.length >= MIN_POSTAL_CODE_LENGTH ? postalCode : '';
  const found = resolveZone(zones, { barrio, postalCode: usablePostalCode });
  if (found.ok) return { kind: 'found', zone: found.zone };
  if (!barrio && !usablePostalCode) return { kind: 'empty' };
  if (barrio && searchBarrios(zones, barrio).length > 0) return { kind: 'choosing' };
  return { kind: 'outOfZone' };
}

/** How the shopper named her place, for the chat message (`Centro`, `CP 8300`). */
export function placeLabel(place: PlaceText): string {
  const barrio = place.barrio.trim();
  if (barrio) return barrio;
  const postalCode = normalizePostalCode(place.postalCode);
  return postalCode ? `CP ${postalCode}` : '';
}
