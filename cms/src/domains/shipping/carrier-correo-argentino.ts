import { provinceByCode, type ShippingBranch, type ShippingServiceType } from '@shop/shared';
import { isRecord } from '../../utils/db-write';
import {
  basicAuth,
  CarrierError,
  carrierFetch,
  carrierFetchPdf,
  consolidate,
  withToken,
  type Carrier,
  type CarrierCall,
  type CarrierRate,
  type CarrierTrackingEvent,
  type ShipmentRequest,
} from './carrier';

/**
 * Correo Argentino through its MiCorreo API (https://api.correoargentino.com.ar/micorreo/v1): POST /token with Basic
 * credentials → `{token, expire}`; POST /rates → rates per product (CP Clásico, EP Expreso) and delivery (D to the
 * door, S to a branch); GET /agencies by province; POST /shipping/import (a shipment), GET /shipping/tracking, GET
 * /shipping/label, POST /shipping/cancel. The shapes, and where they are guessed, are written in
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

/** MiCorreo's tracking texts, as the shopper reads them (others are shown as Correo wrote them). */
const EVENTS: Record<string, { description: string; status: CarrierTrackingEvent['status'] }> = {
  PREIMPOSICION: { description: 'Envío registrado en Correo Argentino', status: null },
  ADMISION: { description: 'Correo Argentino recibió el paquete', status: 'dispatched' },
  'EN TRANSITO': { description: 'En viaje hacia la sucursal de destino', status: 'in_transit' },
  'EN PODER DEL DISTRIBUIDOR': { description: 'Salió a entregar', status: 'in_transit' },
  ENTREGADO: { description: 'Entregado', status: 'delivered' },
};

/** 'DD-MM-YYYY HH:mm' (Argentina's time) → ISO; the time of the poll when unreadable. */
function trackingDate(value: unknown): string {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})/.exec(String(value ?? ''));
  const parsed = m ? Date.parse(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:00-03:00`) : NaN;
  return new Date(Number.isFinite(parsed) ? parsed : Date.now()).toISOString();
}

function trackingEventOf(raw: unknown): CarrierTrackingEvent | null {
  if (!isRecord(raw) || typeof raw.event !== 'string' || raw.event === '') return null;
  const code = raw.event.trim().toUpperCase();
  const known = EVENTS[code];
  const branch = typeof raw.branch === 'string' && raw.branch.trim() !== '' ? ` (${raw.branch.trim()})` : '';
  const plain = code.charAt(0) + code.slice(1).toLowerCase();
  const status = known?.status ?? (code.includes('ENTREG') ? 'delivered' : null);
  return { at: trackingDate(raw.date), description: `${known?.description ?? plain}${branch}`, code, status };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** An address as MiCorreo writes it (the shipping's destination, or a return's pickup as the sender's origin). */
function addressOf(a: ShipmentRequest['address']) {
  return {
    streetName: a.street,
    streetNumber: a.number,
    floor: a.floor ?? '',
    apartment: a.apartment ?? '',
    city: a.locality,
    provinceCode: provinceByCode(a.province)?.letter ?? '',
    postalCode: a.postalCode.replace(/\D/g, '').slice(0, 4),
  };
}

/** Where the parcel leaves from: the shop's postal code, or a return's pickup address (the shopper's) in full. */
const originOf = (call: CarrierCall, request: ShipmentRequest) =>
  request.pickup ? addressOf(request.pickup) : { postalCode: call.origin };

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

  async create(call, request) {
    const parcel = consolidate(request.parcels);
    const contact = (who: { name: string; email: string; phone: string }) => ({
      name: who.name,
      phone: who.phone,
      cellPhone: who.phone,
      email: who.email,
    });
    const { body } = await authorized(call, (token) =>
      carrierFetch(ID, `${baseUrl()}/shipping/import`, {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({
          customerId: call.credentials.customerId,
          extOrderId: request.reference,
          orderNumber: request.reference,
          sender: { ...contact(request.sender), originAddress: originOf(call, request) },
          recipient: contact(request.recipient),
          shipping: {
            deliveryType: request.type === 'branch' ? 'S' : 'D',
            productType: request.serviceCode,
            agency: request.type === 'branch' ? request.branchId : null,
            address: addressOf(request.address),
            weight: parcel.weight,
            declaredValue: request.declaredValue,
            height: parcel.height,
            length: parcel.length,
            width: parcel.width,
          },
        }),
        signal: call.signal,
      }),
    );
    const number = isRecord(body) && typeof body.trackingNumber === 'string' ? body.trackingNumber : '';
    if (number === '') throw new CarrierError(ID, 'down', 'import answer without trackingNumber');
    return { trackingNumber: number, carrierRef: number };
  },

  async label(call, shipment) {
    const query = new URLSearchParams({ shippingId: shipment.trackingNumber });
    return authorized(call, (token) =>
      carrierFetchPdf(ID, `${baseUrl()}/shipping/label?${query}`, { headers: { authorization: `Bearer ${token}` }, signal: call.signal }),
    );
  },

  async cancel(call, shipment) {
    await authorized(call, (token) =>
      carrierFetch(ID, `${baseUrl()}/shipping/cancel`, {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({ customerId: call.credentials.customerId, shippingId: shipment.trackingNumber }),
        signal: call.signal,
      }),
    );
  },

  async track(call, shipment) {
    const query = new URLSearchParams({ shippingId: shipment.trackingNumber });
    const { body } = await authorized(call, (token) =>
      carrierFetch(ID, `${baseUrl()}/shipping/tracking?${query}`, { headers: { authorization: `Bearer ${token}` }, signal: call.signal }),
    );
    const first: unknown = Array.isArray(body) ? body[0] : body;
    const events = isRecord(first) && Array.isArray(first.events) ? first.events : [];
    // MiCorreo lists the newest first.
    return events
      .map(trackingEventOf)
      .filter((e): e is CarrierTrackingEvent => e !== null)
      .reverse();
  },
};
