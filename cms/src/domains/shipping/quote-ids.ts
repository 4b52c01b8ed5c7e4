import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CARRIER_IDS, FLAT_SHIPPING_CARRIER, SHIPPING_SERVICE_TYPES, type Parcel, type ShippingOption } from '@shop/shared';
import { secret } from '../platform';
import { isRecord } from '../../utils/db-write';

/**
 * A quoted option's id is the option itself, signed: base64url(JSON) + "." + HMAC-SHA256 under a key derived from
 * ENCRYPTION_KEY. It names the carrier, service, type, price and days, and what was quoted (the destination's postal
 * code, a hash of the parcels, the subtotal when one was known) and when it stops being valid (30 minutes). The
 * order (orders/order-shipping.ts) reads the option back with `readQuotedOption` from the same destination and parcels:
 * no row to store, any process of the shop can check it, and a shopper cannot change its price.
 */
export const QUOTE_VALID_MS = 30 * 60_000;

interface Signed {
  c: ShippingOption['carrier'];
  s: string;
  n: string;
  t: ShippingOption['type'];
  p: number;
  d: [number, number];
  z: string;
  q: string;
  u: number | null;
  e: number;
}

const key = () =>
  createHash('sha256')
    .update(`shipping-quote:${secret('ENCRYPTION_KEY')}`)
    .digest();
const mac = (payload: string) => createHmac('sha256', key()).update(payload).digest('base64url');

/** A short hash of what was quoted: the parcels, in order. */
export function parcelsKey(parcels: readonly Parcel[]): string {
  const text = parcels.map((p) => `${p.weight}x${p.length}x${p.width}x${p.height}`).join(',');
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

export function signOption(
  option: Omit<ShippingOption, 'id'> & { serviceCode: string },
  quoted: { postalCode: string; parcels: readonly Parcel[]; subtotal?: number | null },
  now = Date.now(),
): string {
  const signed: Signed = {
    c: option.carrier,
    s: option.serviceCode,
    n: option.service,
    t: option.type,
    p: option.price,
    d: [option.days.min, option.days.max],
    z: quoted.postalCode,
    q: parcelsKey(quoted.parcels),
    u: quoted.subtotal ?? null,
    e: Math.floor((now + QUOTE_VALID_MS) / 1000),
  };
  const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
  return `${payload}.${mac(payload)}`;
}

const CARRIERS_AND_FLAT: readonly string[] = [...CARRIER_IDS, FLAT_SHIPPING_CARRIER];

type SignedOption = ShippingOption & { serviceCode: string };

/** The option an id names when its signature holds and it has not expired (what it was quoted for not checked). */
function openOption(id: unknown, now: number): { option: SignedOption; signed: Signed } | null {
  if (typeof id !== 'string' || id.length > 2000) return null;
  const [payload, signature, extra] = id.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let signed: unknown;
  try {
    signed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(signed)) return null;
  const s = signed as unknown as Signed;
  if (!CARRIERS_AND_FLAT.includes(s.c) || !(SHIPPING_SERVICE_TYPES as readonly string[]).includes(s.t)) return null;
  if (typeof s.p !== 'number' || typeof s.s !== 'string' || typeof s.n !== 'string' || !Array.isArray(s.d) || typeof s.e !== 'number')
    return null;
  if (s.e * 1000 < now) return null;
  return {
    option: { id, carrier: s.c, serviceCode: s.s, service: s.n, type: s.t, price: s.p, days: { min: s.d[0], max: s.d[1] } },
    signed: s,
  };
}

/**
 * Whether an id was signed by the shop at all, and what it names, before what it was quoted for is known (the order
 * fetches a branch option's branches before its transaction): 'forged' when the signature does not hold, 'expired'
 * when it did but its time passed. Never enough to charge: the order reads it again with readQuotedOption.
 */
export function peekQuotedOption(id: unknown, now = Date.now()): SignedOption | 'forged' | 'expired' {
  const open = openOption(id, now);
  if (open) return open.option;
  return openOption(id, 0) ? 'expired' : 'forged';
}

/**
 * The option an id names, when its signature holds, it has not expired and it was quoted for this postal code (4
 * digits), these parcels and this subtotal; else null.
 */
export function readQuotedOption(
  id: unknown,
  quoted: { postalCode: string; parcels: readonly Parcel[]; subtotal?: number | null },
  now = Date.now(),
): SignedOption | null {
  const open = openOption(id, now);
  if (!open) return null;
  const s = open.signed;
  if (s.z !== quoted.postalCode || s.q !== parcelsKey(quoted.parcels) || s.u !== (quoted.subtotal ?? null)) return null;
  return open.option;
}
