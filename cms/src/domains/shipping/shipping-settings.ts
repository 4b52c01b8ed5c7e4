import {
  andreaniCredentialsSchema,
  CARRIER_IDS,
  CARRIER_LABELS,
  correoArgentinoCredentialsSchema,
  DEFAULT_PARCEL,
  nationalAddressSchema,
  type NationalAddress,
  parcelSchema,
  parsePostalCode,
  shippingSettingsInputSchema,
  type CarrierId,
  type Parcel,
  type ShippingSettingsAnswer,
} from '@shop/shared';
import { openSecret, sealSecret } from '../platform';
import { isRecord } from '../../utils/db-write';
import { badRequest, parseWith } from '../../utils/http';
import { forgetTokens } from './carrier';

/**
 * The owner's shipping settings, in Strapi's key-value store (strapi_core_store_settings, key
 * `core_shop-shipping_settings`): carriers enabled, their credentials sealed with sealSecret('shipping', …) (never
 * answered: `configured` says whether there are some), fees, the flat national rate, the free-shipping threshold, the
 * shop's postal code and the parcels' defaults.
 */
const SETTINGS_KEY = { type: 'core', name: 'shop-shipping', key: 'settings' } as const;
const PURPOSE = 'shipping';

const CREDENTIALS_SCHEMAS = { 'correo-argentino': correoArgentinoCredentialsSchema, andreani: andreaniCredentialsSchema } as const;

interface StoredCarrier {
  enabled: boolean;
  /** The credentials as JSON, sealed; null when never given. */
  sealed: string | null;
  handlingFee: number;
  handlingPercent: number;
}

interface StoredSettings {
  carriers: Record<CarrierId, StoredCarrier>;
  originPostalCode: string;
  flatRate: number | null;
  freeShippingFrom: number | null;
  defaultParcel: Parcel;
  categoryParcels: Record<string, Parcel>;
  /** Where a withdrawal's return shipment goes: the shop's address and phone (null until the owner gives it). */
  returnAddress: NationalAddress | null;
  /** Grows at every change: quotes and branches cached under an older one are not used (their cache key has it). */
  version: number;
}

/** The shop's own postal code until the owner sets it: Neuquén capital, where the boutique is. */
export const DEFAULT_ORIGIN_POSTAL_CODE = '8300';

const numberOr = <T>(value: unknown, fallback: T): number | T =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

const parcelOr = (value: unknown, fallback: Parcel): Parcel => {
  const parsed = parcelSchema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
};

/** The stored settings, every field checked (a damaged or missing field falls back to its default). */
async function stored(): Promise<StoredSettings> {
  const raw: unknown = await strapi.store.get(SETTINGS_KEY);
  const value: Record<string, unknown> = isRecord(raw) ? raw : {};
  const carriers = {} as Record<CarrierId, StoredCarrier>;
  for (const id of CARRIER_IDS) {
    const c: Record<string, unknown> = isRecord(value.carriers) && isRecord(value.carriers[id]) ? value.carriers[id] : {};
    carriers[id] = {
      enabled: c.enabled === true,
      sealed: typeof c.sealed === 'string' ? c.sealed : null,
      handlingFee: numberOr(c.handlingFee, 0),
      handlingPercent: numberOr(c.handlingPercent, 0),
    };
  }
  const categoryParcels: Record<string, Parcel> = {};
  if (isRecord(value.categoryParcels)) {
    for (const [category, parcel] of Object.entries(value.categoryParcels)) {
      const parsed = parcelSchema.safeParse(parcel);
      if (parsed.success) categoryParcels[category] = parsed.data;
    }
  }
  const origin = parsePostalCode(value.originPostalCode);
  return {
    carriers,
    originPostalCode: origin.ok ? (origin.value.cpa ?? origin.value.digits) : DEFAULT_ORIGIN_POSTAL_CODE,
    flatRate: numberOr(value.flatRate, null),
    freeShippingFrom: numberOr(value.freeShippingFrom, null),
    defaultParcel: parcelOr(value.defaultParcel, DEFAULT_PARCEL),
    categoryParcels,
    returnAddress: returnAddressOr(value.returnAddress),
    version: numberOr(value.version, 0),
  };
}

/** The stored return address, checked again as the owner's input is (a damaged one counts as none). */
function returnAddressOr(value: unknown): NationalAddress | null {
  const parsed = nationalAddressSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The shop's return address (a withdrawal's return shipment goes there), or null when the owner has not given it. */
export async function shippingReturnAddress(): Promise<NationalAddress | null> {
  return (await stored()).returnAddress;
}

/** A carrier's credentials, opened and checked; null when none were given or they no longer open (ENCRYPTION_KEY changed). */
function openCredentials(id: CarrierId, sealed: string | null): Record<string, string> | null {
  if (!sealed) return null;
  try {
    const parsed = CREDENTIALS_SCHEMAS[id].safeParse(JSON.parse(openSecret(PURPOSE, sealed)));
    return parsed.success ? (parsed.data as Record<string, string>) : null;
  } catch {
    strapi.log.warn(`[shipping] the stored credentials of ${id} do not open (was ENCRYPTION_KEY changed?): enter them again`);
    return null;
  }
}

/** What a quote needs: each carrier with its opened credentials and fees, the origin, the fallback, the parcels. */
export interface ShippingConfig {
  carriers: Record<
    CarrierId,
    { enabled: boolean; credentials: Record<string, string> | null; handlingFee: number; handlingPercent: number }
  >;
  origin: string;
  flatRate: number | null;
  freeShippingFrom: number | null;
  defaultParcel: Parcel;
  categoryParcels: Record<string, Parcel>;
  version: number;
}

export async function shippingConfig(): Promise<ShippingConfig> {
  const settings = await stored();
  const carriers = {} as ShippingConfig['carriers'];
  for (const id of CARRIER_IDS) {
    const c = settings.carriers[id];
    carriers[id] = {
      enabled: c.enabled,
      credentials: openCredentials(id, c.sealed),
      handlingFee: c.handlingFee,
      handlingPercent: c.handlingPercent,
    };
  }
  const origin = parsePostalCode(settings.originPostalCode);
  return {
    carriers,
    origin: origin.ok ? origin.value.digits : DEFAULT_ORIGIN_POSTAL_CODE,
    flatRate: settings.flatRate,
    freeShippingFrom: settings.freeShippingFrom,
    defaultParcel: settings.defaultParcel,
    categoryParcels: settings.categoryParcels,
    version: settings.version,
  };
}

function answerOf(settings: StoredSettings): ShippingSettingsAnswer {
  const carriers = {} as ShippingSettingsAnswer['carriers'];
  for (const id of CARRIER_IDS) {
    const c = settings.carriers[id];
    carriers[id] = { enabled: c.enabled, configured: c.sealed !== null, handlingFee: c.handlingFee, handlingPercent: c.handlingPercent };
  }
  return {
    carriers,
    originPostalCode: settings.originPostalCode,
    returnAddress: settings.returnAddress,
    flatRate: settings.flatRate,
    freeShippingFrom: settings.freeShippingFrom,
    defaultParcel: settings.defaultParcel,
    categoryParcels: settings.categoryParcels,
  };
}

/** GET /shipping/settings: the settings without any credential. */
export async function shippingSettingsAnswer(): Promise<ShippingSettingsAnswer> {
  return answerOf(await stored());
}

/** PUT /shipping/settings: only the fields sent change; a carrier is enabled only with its credentials. */
export async function putShippingSettings(body: unknown): Promise<ShippingSettingsAnswer> {
  const input = parseWith(shippingSettingsInputSchema, body);
  const settings = await stored();
  for (const id of CARRIER_IDS) {
    const change = input.carriers?.[id];
    if (!change) continue;
    const carrier = settings.carriers[id];
    if (change.credentials) carrier.sealed = sealSecret(PURPOSE, JSON.stringify(change.credentials));
    if (change.handlingFee !== undefined) carrier.handlingFee = change.handlingFee;
    if (change.handlingPercent !== undefined) carrier.handlingPercent = change.handlingPercent;
    if (change.enabled !== undefined) carrier.enabled = change.enabled;
    if (carrier.enabled && carrier.sealed === null) {
      throw badRequest(`Cargá los datos de acceso de ${CARRIER_LABELS[id]} antes de activarlo`);
    }
  }
  if (input.originPostalCode !== undefined) settings.originPostalCode = input.originPostalCode;
  if (input.returnAddress !== undefined) settings.returnAddress = input.returnAddress;
  if (input.flatRate !== undefined) settings.flatRate = input.flatRate;
  if (input.freeShippingFrom !== undefined) settings.freeShippingFrom = input.freeShippingFrom;
  if (input.defaultParcel !== undefined) settings.defaultParcel = input.defaultParcel;
  if (input.categoryParcels !== undefined) settings.categoryParcels = input.categoryParcels;
  settings.version += 1;
  await strapi.store.set({ ...SETTINGS_KEY, value: settings });
  forgetTokens();
  return answerOf(settings);
}
