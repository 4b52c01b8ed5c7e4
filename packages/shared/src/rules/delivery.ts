import { z } from 'zod';

/**
 * Delivery zones (home delivery priced by area) and meeting points (several pickup places), kept in site content
 * under `checkout.shipping.homeDelivery.zones` and `checkout.deliveryInfo.meetingPoints`.
 */

export const MAX_ZONES = 50;
export const MAX_ZONE_BARRIOS = 100;
export const MAX_ZONE_POSTAL_CODES = 100;
export const MAX_MEETING_POINTS = 20;
/** Upper bound of a zone's cost or free-shipping threshold (whole pesos). */
export const MAX_ZONE_AMOUNT = 100_000_000;

/** Short stable slugs: lower-case letters, digits and single hyphens. */
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const DELIVERY_MSG = {
  zoneId: 'El id de cada zona debe ser un identificador corto (minúsculas, números y guiones, hasta 40 caracteres)',
  zoneName: 'Cada zona de envío necesita un nombre (hasta 80 caracteres)',
  zoneCost: (field: string) => `El ${field} de la zona debe ser un número entero de pesos mayor o igual a 0`,
  barrio: 'Cada barrio debe tener entre 1 y 80 caracteres',
  postalCode: 'Cada código postal debe tener entre 1 y 10 letras o números',
  tooManyZones: `Puede haber hasta ${MAX_ZONES} zonas de envío`,
  tooManyBarrios: `Cada zona puede tener hasta ${MAX_ZONE_BARRIOS} barrios`,
  tooManyPostalCodes: `Cada zona puede tener hasta ${MAX_ZONE_POSTAL_CODES} códigos postales`,
  pointId: 'El id de cada punto de encuentro debe ser un identificador corto (minúsculas, números y guiones, hasta 40 caracteres)',
  tooManyPoints: `Puede haber hasta ${MAX_MEETING_POINTS} puntos de encuentro`,
  duplicateZoneId: (id: string) => `Zonas de envío: el id "${id}" está repetido`,
  duplicatePointId: (id: string) => `Puntos de encuentro: el id "${id}" está repetido`,
  barrioInTwoZones: (barrio: string, a: string, b: string) =>
    `Zonas de envío: el barrio "${barrio}" está en dos zonas activas ("${a}" y "${b}")`,
  postalCodeInTwoZones: (code: string, a: string, b: string) =>
    `Zonas de envío: el código postal "${code}" está en dos zonas activas ("${a}" y "${b}")`,
} as const;

const slug = (message: string) => z.string({ error: message }).trim().max(40, message).regex(SLUG_RE, message);
const wholePesos = (field: string) =>
  z
    .number({ error: DELIVERY_MSG.zoneCost(field) })
    .int(DELIVERY_MSG.zoneCost(field))
    .min(0, DELIVERY_MSG.zoneCost(field))
    .max(MAX_ZONE_AMOUNT, DELIVERY_MSG.zoneCost(field));
const label = (max: number) => z.string().max(max).catch('').default('');

export const deliveryZoneSchema = z.object({
  id: slug(DELIVERY_MSG.zoneId),
  name: z.string({ error: DELIVERY_MSG.zoneName }).trim().min(1, DELIVERY_MSG.zoneName).max(80, DELIVERY_MSG.zoneName),
  barrios: z
    .array(z.string({ error: DELIVERY_MSG.barrio }).trim().min(1, DELIVERY_MSG.barrio).max(80, DELIVERY_MSG.barrio), {
      error: DELIVERY_MSG.barrio,
    })
    .max(MAX_ZONE_BARRIOS, DELIVERY_MSG.tooManyBarrios)
    .default([]),
  postalCodes: z
    .array(
      z
        .string({ error: DELIVERY_MSG.postalCode })
        .trim()
        .min(1, DELIVERY_MSG.postalCode)
        .max(10, DELIVERY_MSG.postalCode)
        .regex(/^[A-Za-z0-9]+$/, DELIVERY_MSG.postalCode),
      { error: DELIVERY_MSG.postalCode },
    )
    .max(MAX_ZONE_POSTAL_CODES, DELIVERY_MSG.tooManyPostalCodes)
    .default([]),
  cost: wholePesos('costo'),
  /** Free delivery in this zone from this subtotal; 0 = never free. */
  freeShippingThreshold: wholePesos('envío gratis desde').default(0),
  /** What the shopper reads, e.g. "24 a 48 horas hábiles". */
  estimatedDays: label(80),
  enabled: z.boolean().catch(true).default(true),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const meetingPointSchema = z.object({
  id: slug(DELIVERY_MSG.pointId),
  title: label(120),
  address: label(300),
  schedule: label(300),
  notes: label(1000),
  enabled: z.boolean().catch(true).default(true),
});
export type MeetingPoint = z.infer<typeof meetingPointSchema>;

export const deliveryZonesSchema = z.array(deliveryZoneSchema).max(MAX_ZONES, DELIVERY_MSG.tooManyZones).default([]);
export const meetingPointsSchema = z.array(meetingPointSchema).max(MAX_MEETING_POINTS, DELIVERY_MSG.tooManyPoints).default([]);

/** Barrio names compared as shoppers type them: no accents, any case, single spaces. */
export function normalizePlace(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .trim();
}

/** A postal code as written on an envelope: upper case, no spaces (`q8300abc` → `Q8300ABC`). */
export function normalizePostalCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The four digits of an Argentine postal code, old (`8300`) or CPA (`Q8300ABC`); null when there are none. */
function postalDigits(value: string): string | null {
  return /\d{4}/.exec(value)?.[0] ?? null;
}

function postalCodeMatches(zoneCode: string, requested: string): boolean {
  const zone = normalizePostalCode(zoneCode);
  const wanted = normalizePostalCode(requested);
  if (zone === wanted) return true;
  // A zone listing the plain four digits covers every CPA of that town.
  return /^\d{4}$/.test(zone) && postalDigits(wanted) === zone;
}

/** Where the shopper says the delivery goes. */
export interface DeliveryPlace {
  zoneId?: string | null;
  barrio?: string | null;
  postalCode?: string | null;
}

export const ZONE_REFUSALS = {
  unknownZone: 'La zona de envío elegida no existe; elegí tu barrio de nuevo',
  disabledZone: 'En este momento no hacemos envíos a esa zona; elegí retiro en un punto de encuentro o escribinos por WhatsApp',
  outOfZone: 'No llegamos a ese barrio con envío a domicilio; escribinos por WhatsApp y lo coordinamos',
  noPlace: 'Indicá tu barrio o código postal para calcular el envío a domicilio',
  unknownPoint: 'El punto de encuentro elegido no existe; elegí otro',
  disabledPoint: 'Ese punto de encuentro no está disponible en este momento; elegí otro',
  noPoint: 'Elegí un punto de encuentro para retirar tu pedido',
} as const;

export type ZoneResolution =
  | { ok: true; zone: DeliveryZone }
  | { ok: false; problem: 'unknownZone' | 'disabledZone' | 'outOfZone' | 'noPlace'; message: string };

/**
 * The zone a delivery goes to: `zoneId` wins when given; otherwise the barrio (more precise), then the postal code.
 * A disabled zone is never chosen (by id it is refused; by barrio or postal code it does not match).
 */
export function resolveZone(zones: readonly DeliveryZone[], place: DeliveryPlace): ZoneResolution {
  const zoneId = place.zoneId?.trim();
  if (zoneId) {
    const zone = zones.find((z) => z.id === zoneId);
    if (!zone) return { ok: false, problem: 'unknownZone', message: ZONE_REFUSALS.unknownZone };
    if (!zone.enabled) return { ok: false, problem: 'disabledZone', message: ZONE_REFUSALS.disabledZone };
    return { ok: true, zone };
  }
  const active = zones.filter((z) => z.enabled);
  const barrio = place.barrio ? normalizePlace(place.barrio) : '';
  const postalCode = place.postalCode ? normalizePostalCode(place.postalCode) : '';
  if (!barrio && !postalCode) return { ok: false, problem: 'noPlace', message: ZONE_REFUSALS.noPlace };
  if (barrio) {
    const byBarrio = active.find((z) => z.barrios.some((b) => normalizePlace(b) === barrio));
    if (byBarrio) return { ok: true, zone: byBarrio };
  }
  if (postalCode) {
    const byCode = active.find((z) => z.postalCodes.some((code) => postalCodeMatches(code, postalCode)));
    if (byCode) return { ok: true, zone: byCode };
  }
  return { ok: false, problem: 'outOfZone', message: ZONE_REFUSALS.outOfZone };
}

export type MeetingPointResolution = { ok: true; point: MeetingPoint } | { ok: false; message: string };

/**
 * The pickup place: the one named by id or, when the shopper named none (clients older than meeting points), the
 * first enabled one.
 */
export function resolveMeetingPoint(points: readonly MeetingPoint[], meetingPointId: string | null | undefined): MeetingPointResolution {
  const id = meetingPointId?.trim();
  if (!id) {
    const first = points.find((p) => p.enabled);
    return first ? { ok: true, point: first } : { ok: false, message: ZONE_REFUSALS.noPoint };
  }
  const point = points.find((p) => p.id === id);
  if (!point) return { ok: false, message: ZONE_REFUSALS.unknownPoint };
  if (!point.enabled) return { ok: false, message: ZONE_REFUSALS.disabledPoint };
  return { ok: true, point };
}

/**
 * The problems of zones and meeting points that a single field's schema cannot see (Spanish, naming the field):
 * repeated ids, and a barrio or postal code claimed by two enabled zones. Empty when the lists are consistent.
 */
export function deliveryListProblems(zones: readonly DeliveryZone[], points: readonly MeetingPoint[]): string[] {
  const problems: string[] = [];
  const firstRepeat = (ids: readonly string[]) => ids.find((id, i) => ids.indexOf(id) !== i);
  const zoneRepeat = firstRepeat(zones.map((z) => z.id));
  if (zoneRepeat !== undefined) problems.push(DELIVERY_MSG.duplicateZoneId(zoneRepeat));
  const pointRepeat = firstRepeat(points.map((p) => p.id));
  if (pointRepeat !== undefined) problems.push(DELIVERY_MSG.duplicatePointId(pointRepeat));

  const barrioOwner = new Map<string, DeliveryZone>();
  const codeOwner = new Map<string, DeliveryZone>();
  for (const zone of zones.filter((z) => z.enabled)) {
    for (const barrio of zone.barrios) {
      const key = normalizePlace(barrio);
      const owner = barrioOwner.get(key);
      if (owner && owner.id !== zone.id) problems.push(DELIVERY_MSG.barrioInTwoZones(barrio, owner.name, zone.name));
      else barrioOwner.set(key, zone);
    }
    for (const code of zone.postalCodes) {
      const key = normalizePostalCode(code);
      // A plain four-digit code covers every CPA of its town: `8300` in one zone and `Q8300ABC` in another overlap.
      const owner = codeOwner.get(key) ?? overlappingCodeOwner(codeOwner, key, zone.id);
      if (owner && owner.id !== zone.id) problems.push(DELIVERY_MSG.postalCodeInTwoZones(code, owner.name, zone.name));
      else codeOwner.set(key, zone);
    }
  }
  return problems;
}

/** Another zone whose postal code covers `key` or is covered by it (same four digits, one of them plain digits). */
function overlappingCodeOwner(owners: ReadonlyMap<string, DeliveryZone>, key: string, zoneId: string): DeliveryZone | undefined {
  const digits = postalDigits(key);
  if (digits === null) return undefined;
  const plain = /^\d{4}$/.test(key);
  for (const [other, owner] of owners) {
    if (owner.id === zoneId || postalDigits(other) !== digits) continue;
    if (plain || /^\d{4}$/.test(other)) return owner;
  }
  return undefined;
}

/** A slug for a new zone or meeting point made from its name ("Neuquén Oeste" → "neuquen-oeste"), unique among `taken`. */
export function slugFor(name: string, taken: readonly string[]): string {
  const base =
    normalizePlace(name)
      .replace(/ñ/g, 'n')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'zona';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** Every barrio shoppers can pick, with its zone (enabled zones only), sorted for a type-ahead. */
export function barrioChoices(zones: readonly DeliveryZone[]): { barrio: string; zone: DeliveryZone }[] {
  return zones
    .filter((z) => z.enabled)
    .flatMap((zone) => zone.barrios.map((barrio) => ({ barrio, zone })))
    .sort((a, b) => a.barrio.localeCompare(b.barrio, 'es'));
}

/** The barrios whose name contains what the shopper typed (accents and case aside), best first. */
export function searchBarrios(zones: readonly DeliveryZone[], typed: string, limit = 8): { barrio: string; zone: DeliveryZone }[] {
  const wanted = normalizePlace(typed);
  if (!wanted) return [];
  const matches = barrioChoices(zones).filter((choice) => normalizePlace(choice.barrio).includes(wanted));
  const starts = matches.filter((c) => normalizePlace(c.barrio).startsWith(wanted));
  const rest = matches.filter((c) => !normalizePlace(c.barrio).startsWith(wanted));
  return [...starts, ...rest].slice(0, limit);
}
