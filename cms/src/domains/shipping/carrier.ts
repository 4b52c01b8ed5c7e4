import { createHash } from 'node:crypto';
import {
  CARRIER_LABELS,
  type CarrierId,
  type Parcel,
  type ProvinceCode,
  type ShippingBranch,
  type ShippingServiceType,
} from '@shop/shared';

/**
 * One carrier behind the shop's small interface (docs/architecture.md "Shipping"): its quote, its branches near a
 * postal code, and a shipment's life: `create` it, fetch its `label` (PDF), `cancel` it while the carrier allows it,
 * `track` it. A third carrier (OCA) is one more file like carrier-correo-argentino.ts, listed in carriers.ts.
 */
export interface CarrierRate {
  /** The carrier's own code of the service (Correo: productType; Andreani: the contract's service). */
  serviceCode: string;
  /** The service as the shopper reads it ("Clásico", "Expreso", "Estándar"). */
  service: string;
  type: ShippingServiceType;
  /** The carrier's price, with VAT, in pesos (not yet through the shop's pricing). */
  price: number;
  days: { min: number; max: number };
}

export interface CarrierCall {
  /** The call's deadline: one AbortSignal.timeout for everything the carrier is asked for one answer. */
  signal: AbortSignal;
  /** The account's opened credentials (checked by the carrier's own schema). */
  credentials: Record<string, string>;
  /** The shop's postal code (4 digits), where parcels leave from. */
  origin: string;
}

/** What the carrier is told to carry: one order's parcels, from the shop to the shopper's door or a branch. */
export interface ShipmentRequest {
  /** The shop's reference (the order number): the carrier's extOrderId / idPedido, so a retry finds the same one. */
  reference: string;
  serviceCode: string;
  type: ShippingServiceType;
  branchId: string | null;
  recipient: { name: string; email: string; phone: string };
  address: {
    street: string;
    number: string;
    floor?: string;
    apartment?: string;
    locality: string;
    province: ProvinceCode;
    postalCode: string;
  };
  parcels: readonly Parcel[];
  /** The goods' value in pesos (the carrier's insurance). */
  declaredValue: number;
  sender: { name: string; email: string; phone: string };
  /**
   * A return shipment's pickup: the parcels leave from this address (the shopper's) instead of the shop's postal
   * code, and `address` is the shop's. Absent for the shop's own shipments.
   */
  pickup?: ShipmentRequest['address'];
}

/** The carrier's answer to a new shipment: the number the shopper follows and the carrier's own id of it. */
export interface CarrierShipment {
  trackingNumber: string;
  /** Andreani: the agrupadorDeBultos (its labels); Correo: the tracking number again. */
  carrierRef: string;
}

/** One tracking event read from the carrier, in Spanish, with what it means for the shipment (null: nothing new). */
export interface CarrierTrackingEvent {
  at: string;
  description: string;
  code: string;
  status: 'dispatched' | 'in_transit' | 'delivered' | null;
}

export interface Carrier {
  id: CarrierId;
  /** The API's base URL: its env var, else the real one. */
  baseUrl(): string;
  /** The names of the credentials the owner enters (all required but those in `optional`). */
  credentialKeys: readonly string[];
  quote(call: CarrierCall, destination: { postalCode: string; province: ProvinceCode }, parcels: readonly Parcel[]): Promise<CarrierRate[]>;
  branches(call: CarrierCall, place: { postalCode: string; province: ProvinceCode | null }): Promise<ShippingBranch[]>;
  create(call: CarrierCall, request: ShipmentRequest): Promise<CarrierShipment>;
  /** The carrier's own label, a PDF. */
  label(call: CarrierCall, shipment: CarrierShipment): Promise<Buffer>;
  /** Cancels it at the carrier; a CarrierError 'refused' when the carrier no longer allows it (already admitted). */
  cancel(call: CarrierCall, shipment: CarrierShipment): Promise<void>;
  /** Every event so far, oldest first. */
  track(call: CarrierCall, shipment: CarrierShipment): Promise<CarrierTrackingEvent[]>;
}

/** Why a carrier gave no answer: it took too long, could not be reached (or answered 5xx), or refused the request. */
export type CarrierFailure = 'timeout' | 'down' | 'refused' | 'credentials';

export class CarrierError extends Error {
  constructor(
    public readonly carrier: CarrierId,
    public readonly failure: CarrierFailure,
    detail: string,
  ) {
    super(`${carrier}: ${failure}: ${detail}`);
    this.name = 'CarrierError';
  }
}

/** What the shopper reads when a carrier gave no answer (never the carrier's own text, never a credential). */
export function unavailableMessage(carrier: CarrierId, failure: CarrierFailure): string {
  const label = CARRIER_LABELS[carrier];
  if (failure === 'timeout') return `${label} no respondió a tiempo: probá de nuevo en unos minutos`;
  if (failure === 'refused') return `${label} no pudo cotizar este envío`;
  return `${label} no está disponible en este momento`;
}

/** Every carrier call ends within this long (the issue: an answer within 4 s or not at all). */
export const CARRIER_TIMEOUT_MS = 4000;

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * fetch with the call's deadline; a timeout, a network failure, a 5xx or an unreadable answer becomes a CarrierError.
 * 401 → 'credentials' (the token cache logs in again once); other 4xx → 'refused'. Returns the parsed JSON and headers.
 */
export async function carrierFetch(
  carrier: CarrierId,
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string>; signal: AbortSignal },
): Promise<{ body: unknown; headers: Headers }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { accept: 'application/json', ...(init.headers ?? {}) } });
  } catch (error) {
    if (isAbort(error)) throw new CarrierError(carrier, 'timeout', 'no answer in time');
    throw new CarrierError(carrier, 'down', error instanceof Error ? error.message : 'unreachable');
  }
  let body: unknown;
  try {
    const text = await res.text();
    body = text === '' ? null : JSON.parse(text);
  } catch (error) {
    if (isAbort(error)) throw new CarrierError(carrier, 'timeout', 'answer cut by the deadline');
    if (res.ok) throw new CarrierError(carrier, 'down', `unreadable answer (HTTP ${res.status})`);
    body = null;
  }
  if (res.status === 401 || res.status === 403) throw new CarrierError(carrier, 'credentials', `HTTP ${res.status}`);
  if (res.status >= 500) throw new CarrierError(carrier, 'down', `HTTP ${res.status}`);
  if (!res.ok) throw new CarrierError(carrier, 'refused', `HTTP ${res.status} ${describeError(body)}`);
  return { body, headers: res.headers };
}

/** fetch of a PDF (a label) with the call's deadline; the same failures as carrierFetch, and an answer that is not a PDF is 'down'. */
export async function carrierFetchPdf(
  carrier: CarrierId,
  url: string,
  init: { headers?: Record<string, string>; signal: AbortSignal },
): Promise<Buffer> {
  let res: Response;
  let bytes: Buffer;
  try {
    res = await fetch(url, { headers: { accept: 'application/pdf', ...(init.headers ?? {}) }, signal: init.signal });
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    if (isAbort(error)) throw new CarrierError(carrier, 'timeout', 'no label in time');
    throw new CarrierError(carrier, 'down', error instanceof Error ? error.message : 'unreachable');
  }
  if (res.status === 401 || res.status === 403) throw new CarrierError(carrier, 'credentials', `HTTP ${res.status}`);
  if (res.status >= 500) throw new CarrierError(carrier, 'down', `HTTP ${res.status}`);
  if (!res.ok) throw new CarrierError(carrier, 'refused', `HTTP ${res.status}`);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CarrierError(carrier, 'down', 'the label is not a PDF');
  return bytes;
}

/** The carrier's error text for the log (its shapes: Correo {code, message}; Andreani {title, detail}). */
function describeError(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as Record<string, unknown>;
  return String(b.message ?? b.detail ?? b.title ?? '').slice(0, 200);
}

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

interface CachedToken {
  token: string;
  expiresAt: number;
}

const tokens = new Map<string, CachedToken>();
const logins = new Map<string, Promise<CachedToken>>();

const tokenKey = (carrier: CarrierId, credentials: Record<string, string>, baseUrl: string) =>
  `${carrier}:${createHash('sha256')
    .update(`${baseUrl}\n${JSON.stringify(credentials)}`)
    .digest('hex')}`;

/**
 * Calls the carrier with its token, logging in when there is none or it expired (one login at a time per account);
 * a 401 on a cached token (revoked or expired early) logs in again once and retries.
 */
export async function withToken<T>(
  carrier: CarrierId,
  call: CarrierCall & { baseUrl: string },
  login: () => Promise<CachedToken>,
  use: (token: string) => Promise<T>,
): Promise<T> {
  const key = tokenKey(carrier, call.credentials, call.baseUrl);
  // One login at a time per account: parallel calls wait for the same one; the token is cached before it is shared.
  const fresh = () => {
    let pending = logins.get(key);
    if (!pending) {
      pending = login()
        .then((token) => {
          tokens.set(key, token);
          return token;
        })
        .finally(() => logins.delete(key));
      logins.set(key, pending);
    }
    return pending;
  };
  const cached = tokens.get(key);
  const usable = cached && cached.expiresAt > Date.now() ? cached : await fresh();
  try {
    return await use(usable.token);
  } catch (error) {
    if (!(error instanceof CarrierError) || error.failure !== 'credentials' || usable !== cached) throw error;
    // Refused though not expired by our clock: log in again once (unless a parallel call already did).
    const current = tokens.get(key);
    const next = current && current !== cached ? current : await fresh();
    return use(next.token);
  }
}

/** Forgets every token (the owner changed the credentials). */
export function forgetTokens(): void {
  tokens.clear();
}

/** One parcel for carriers that quote a single package: weights added, the largest footprint, heights stacked. */
export function consolidate(parcels: readonly Parcel[]): Parcel {
  return {
    weight: parcels.reduce((sum, p) => sum + p.weight, 0),
    length: Math.max(...parcels.map((p) => p.length)),
    width: Math.max(...parcels.map((p) => p.width)),
    height: Math.min(
      150,
      parcels.reduce((sum, p) => sum + p.height, 0),
    ),
  };
}
