import { provinceByCode, type ShippingBranch, type ShippingServiceType } from '@shop/shared';
import { isRecord } from '../../utils/db-write';
import { basicAuth, CarrierError, carrierFetch, consolidate, withToken, type Carrier, type CarrierCall, type CarrierRate } from './carrier';

/**
 * Correo Argentino through its MiCorreo API (https://api.correoargentino.com.ar/micorreo/v1): POST /token with Basic
 * credentials → `{token, expire}`; POST /rates → rates per product (CP Clásico, EP Expreso) and delivery (D to the
 * door, S to a branch); GET /agencies by province. The shapes, and where they are guessed, are written in
 * scripts/fake-correo-argentino.mjs, the fake the tests run against.
 */
export const DEFAULT_CORREO_ARGENTINO_API_URL = 'https://api.correoargentino.com.ar/micorreo/v1';

const ID = 'correo-argentino' as const;
const SERVICE_NAMES: Record<string, string> = { CP: 'Clásico', EP: 'Expreso' };
const DELIVERED: Record<string, ShippingServiceType> = { D: 'door', S: 'branch' };

const baseUrl = () => (process.env.CORREO_ARGENTINO_API_URL?.trim() || DEFAULT_CORREO_ARGENTINO_API_URL).replace(/\/+$/, '');

/** MiCorreo's `expire` is Argentina's local time without a zone ("2026-11-27 03:00:00"); a minute is kept in hand. */
function expiryOf(expire: unknown): number {
  const parsed = typeof expire === 'string' ? Date.parse(`${expire.trim().replace(' ', 'T')}-03:00`) : NaN;
  return (Number.isFinite(parsed) ? parsed : Date.now() + 30 * 60_000) - 60_000;
}

function authorized<T>(call: CarrierCall, use: (token: string) => Promise<T>): Promise<T> {
  const url = baseUrl();
  return withToken(
    ID,
    { ...call, baseUrl: url },
    async () => {
      const { body } = await carrierFetch(ID, `${url}/token`, {
        method: 'POST',
        headers: { authorization: basicAuth(call.credentials.user ?? '', call.credentials.password ?? '') },
        signal: call.signal,
      });
      if (!isRecord(body) || typeof body.token !== 'string') throw new CarrierError(ID, 'down', 'token answer without token');
      return { token: body.token, expiresAt: expiryOf(body.expire) };
    },
    use,
  );
}

const days = (value: unknown, fallback: number) => {
  const n = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

function rateOf(raw: unknown): CarrierRate | null {
  if (!isRecord(raw)) return null;
  const type = DELIVERED[String(raw.deliveredType)];
  const price = Number(raw.price);
  if (!type || !Number.isFinite(price) || price <= 0) return null;
  const code = String(raw.productType ?? 'CP');
  const min = days(raw.deliveryTimeMin, 3);
  return {
    serviceCode: code,
    service: SERVICE_NAMES[code] ?? String(raw.productName ?? code).replace(/^Correo Argentino\s*/i, ''),
    type,
    price,
    days: { min, max: Math.max(min, days(raw.deliveryTimeMax, min + 3)) },
  };
}

const WEEK = [
  ['monday', 'Lun'],
  ['tuesday', 'Mar'],
  ['wednesday', 'Mié'],
  ['thursday', 'Jue'],
  ['friday', 'Vie'],
  ['saturday', 'Sáb'],
  ['sunday', 'Dom'],
] as const;

const clock = (value: unknown) => {
  const digits = String(value ?? '')
    .replace(/\D/g, '')
    .padStart(4, '0');
  return `${digits.slice(0, 2)}:${digits.slice(2, 4)}`;
};

/** MiCorreo's opening hours per weekday, as "Lun a Vie 09:00 a 18:00 · Sáb 09:00 a 13:00". */
export function correoHours(hours: unknown): string {
  if (!isRecord(hours)) return '';
  const groups: { from: string; to: string; time: string }[] = [];
  for (const [key, label] of WEEK) {
    const day = hours[key];
    if (!isRecord(day) || !day.start || !day.end) continue;
    const time = `${clock(day.start)} a ${clock(day.end)}`;
    const last = groups.at(-1);
    const previous = WEEK[WEEK.findIndex(([k]) => k === key) - 1]?.[1];
    if (last && last.time === time && last.to === previous) last.to = label;
    else groups.push({ from: label, to: label, time });
  }
  return groups.map((g) => `${g.from === g.to ? g.from : `${g.from} a ${g.to}`} ${g.time}`).join(' · ');
}

function branchOf(raw: unknown): (ShippingBranch & { postalCode: string }) | null {
  if (!isRecord(raw) || !isRecord(raw.location) || !isRecord(raw.location.address)) return null;
  if (raw.status !== undefined && raw.status !== 'ACTIVE') return null;
  const a = raw.location.address;
  const street = [a.streetName, a.streetNumber].filter(Boolean).join(' ');
  return {
    id: String(raw.code ?? ''),
    name: String(raw.name ?? ''),
    address: [street, a.locality ?? a.city].filter(Boolean).join(', '),
    hours: correoHours(raw.hours),
    postalCode: String(a.postalCode ?? ''),
  };
}

export const correoArgentino: Carrier = {
  id: ID,
  baseUrl,
  credentialKeys: ['customerId', 'user', 'password'],

  async quote(call, destination, parcels) {
    const parcel = consolidate(parcels);
    const { body } = await authorized(call, (token) =>
      carrierFetch(ID, `${baseUrl()}/rates`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          customerId: call.credentials.customerId,
          postalCodeOrigin: call.origin,
          postalCodeDestination: destination.postalCode,
          dimensions: { weight: parcel.weight, height: parcel.height, width: parcel.width, length: parcel.length },
        }),
        signal: call.signal,
      }),
    );
    const rates = isRecord(body) && Array.isArray(body.rates) ? body.rates : null;
    if (!rates) throw new CarrierError(ID, 'down', 'rates answer without rates');
    return rates.map(rateOf).filter((rate): rate is CarrierRate => rate !== null);
  },

  async branches(call, place) {
    const province = place.province ? provinceByCode(place.province) : undefined;
    if (!province) return [];
    const query = new URLSearchParams({ customerId: call.credentials.customerId ?? '', provinceCode: province.letter });
    const { body } = await authorized(call, (token) =>
      carrierFetch(ID, `${baseUrl()}/agencies?${query}`, { headers: { authorization: `Bearer ${token}` }, signal: call.signal }),
    );
    const all = (Array.isArray(body) ? body : []).map(branchOf).filter((b): b is NonNullable<ReturnType<typeof branchOf>> => b !== null);
    const near = all.filter((b) => b.postalCode === place.postalCode);
    return (near.length > 0 ? near : all).slice(0, 30).map(({ id, name, address, hours }) => ({ id, name, address, hours }));
  },
};
