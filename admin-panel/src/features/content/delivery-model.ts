import {
  deliveryCost,
  deliveryListProblems,
  deliveryZonesSchema,
  flatDeliveryRule,
  meetingPointsSchema,
  normalizePlace,
  normalizePostalCode,
  resolveZone,
  slugFor,
  type DeliveryZone,
  type MeetingPoint,
  type SiteContent,
} from '@shop/shared';

/** The element listing the problems of the Envíos tab (the editor moves focus there when saving is refused). */
export const DELIVERY_PROBLEMS_ID = 'delivery-problems';

/** The ids a new zone or meeting point must not take: those in the draft and those already saved (old orders carry them). */
function takenIds(items: readonly { id: string }[], saved: readonly string[], skip?: number): string[] {
  return [...items.filter((_, i) => i !== skip).map((item) => item.id), ...saved];
}

export function newZone(zones: readonly DeliveryZone[], savedIds: readonly string[]): DeliveryZone {
  return {
    id: slugFor('zona', takenIds(zones, savedIds)),
    name: '',
    barrios: [],
    postalCodes: [],
    cost: 0,
    freeShippingThreshold: 0,
    estimatedDays: '',
    enabled: true,
  };
}

export function newMeetingPoint(points: readonly MeetingPoint[], savedIds: readonly string[]): MeetingPoint {
  return { id: slugFor('punto', takenIds(points, savedIds)), title: '', address: '', schedule: '', notes: '', enabled: true };
}

/**
 * A zone or meeting point renamed: until it has been saved its id follows the name ("Neuquén Oeste" → neuquen-oeste);
 * once saved the id stays, since orders and filters refer to it.
 */
export function renamed<T extends { id: string }>(
  items: readonly T[],
  index: number,
  savedIds: readonly string[],
  fallback: string,
  name: string,
  change: (item: T) => T,
): T {
  const item = items[index];
  if (!item) throw new RangeError(`no item ${index}`);
  const next = change(item);
  if (savedIds.includes(item.id)) return next;
  return { ...next, id: slugFor(name.trim() || fallback, takenIds(items, savedIds, index)) };
}

function unique(messages: readonly string[]): string[] {
  return [...new Set(messages)];
}

/**
 * What the server would refuse in the zones and meeting points, in its own Spanish messages: each field's rule
 * (a zone without a name, an amount out of range) and the rules across the lists (repeated ids, a barrio or postal
 * code in two enabled zones). Empty when they can be saved.
 */
export function deliveryProblems(zones: readonly DeliveryZone[], points: readonly MeetingPoint[]): string[] {
  const fieldIssues = [deliveryZonesSchema.safeParse(zones), meetingPointsSchema.safeParse(points)].flatMap((result) =>
    result.success ? [] : result.error.issues.map((issue) => issue.message),
  );
  return unique([...fieldIssues, ...deliveryListProblems(zones, points)]);
}

export function contentDeliveryProblems(content: SiteContent): string[] {
  return deliveryProblems(content.checkout.shipping.homeDelivery.zones, content.checkout.deliveryInfo.meetingPoints);
}

/** Splits what staff typed or pasted into entries: commas, semicolons and new lines separate them. */
export function splitEntries(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export interface ChipAddition {
  values: string[];
  /** Entries already in the list (compared by `keyOf`), left out. */
  repeated: string[];
  /** Entries that could not be added (invalid, or over the maximum), to leave in the input for fixing. */
  rejected: string[];
  /** The first reason an entry could not be added (invalid, or the list is full). */
  error: string | null;
}

/** Adds entries to a chip list: cleaned, checked, without repeats, up to `max`. */
export function addChips(
  current: readonly string[],
  entries: readonly string[],
  rules: {
    keyOf: (value: string) => string;
    clean: (value: string) => string;
    check: (value: string) => string | null;
    max: number;
    tooMany: string;
  },
): ChipAddition {
  const values = [...current];
  const keys = new Set(values.map(rules.keyOf));
  const repeated: string[] = [];
  const rejected: string[] = [];
  let error: string | null = null;
  for (const entry of entries) {
    const value = rules.clean(entry);
    if (value === '') continue;
    const problem = rules.check(value) ?? (values.length >= rules.max && !keys.has(rules.keyOf(value)) ? rules.tooMany : null);
    if (problem) {
      error ??= problem;
      rejected.push(entry.trim());
      continue;
    }
    const key = rules.keyOf(value);
    if (keys.has(key)) {
      repeated.push(value);
      continue;
    }
    keys.add(key);
    values.push(value);
  }
  return { values, repeated, rejected, error };
}

export type DeliveryPreview =
  /** No zones: one price for every address. */
  | { kind: 'flat'; cost: number; freeShippingThreshold: number }
  | { kind: 'empty' }
  | { kind: 'zone'; zone: DeliveryZone; cost: number }
  /** Out of every enabled zone; `disabledZone` when a disabled zone lists the place. */
  | { kind: 'out'; message: string; disabledZone: DeliveryZone | null };

/**
 * "¿Cuánto paga un cliente de…?": the zone a barrio or postal code falls in and what its delivery costs for a
 * subtotal, with the same rules the checkout prices with.
 */
export function previewDelivery(
  homeDelivery: SiteContent['checkout']['shipping']['homeDelivery'],
  place: string,
  subtotal: number,
): DeliveryPreview {
  const { zones } = homeDelivery;
  if (zones.length === 0) {
    const rule = flatDeliveryRule(homeDelivery);
    return { kind: 'flat', cost: deliveryCost(subtotal, rule), freeShippingThreshold: rule.freeShippingThreshold };
  }
  if (place.trim() === '') return { kind: 'empty' };
  const found = resolveZone(zones, { barrio: place, postalCode: place });
  if (found.ok) return { kind: 'zone', zone: found.zone, cost: deliveryCost(subtotal, found.zone) };
  const barrio = normalizePlace(place);
  const code = normalizePostalCode(place);
  const disabledZone =
    zones.find(
      (z) =>
        !z.enabled && (z.barrios.some((b) => normalizePlace(b) === barrio) || z.postalCodes.some((c) => normalizePostalCode(c) === code)),
    ) ?? null;
  return { kind: 'out', message: found.message, disabledZone };
}
