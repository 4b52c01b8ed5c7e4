import {
  CARRIER_IDS,
  CARRIER_LABELS,
  FLAT_SHIPPING_CARRIER,
  MAX_PARCEL_WEIGHT,
  packParcels,
  parsePostalCode,
  unitParcel,
  SHIPPING_MSG,
  shippingPrice,
  type CarrierId,
  type Parcel,
  type ProvinceCode,
  type ShippingBranch,
  type ShippingOption,
  type ShippingQuoteAnswer,
} from '@shop/shared';
import { productParcelsOf } from '../catalogue';
import { ApiError, badRequest, notFound } from '../../utils/http';
import { CARRIER_TIMEOUT_MS, CarrierError, unavailableMessage, type CarrierRate } from './carrier';
import { CARRIERS } from './carriers';
import { parcelsKey, signOption } from './quote-ids';
import { shippingConfig, type ShippingConfig } from './shipping-settings';

/** A carrier's rates for one postal code and parcels are reused this long (the checkout asks on every cart change). */
export const QUOTE_CACHE_MS = 60_000;
/** Branches change seldom. */
export const BRANCHES_CACHE_MS = 10 * 60_000;
const CACHE_MAX = 1000;
/** What the flat national rate promises. */
const FLAT_DAYS = { min: 3, max: 10 };

/** Answers kept per process: key → value and when it expires; only carriers' successful answers are kept. */
const cache = new Map<string, { value: unknown; until: number }>();

function cached<T>(key: string): T | undefined {
  const hit = cache.get(key);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return hit.value as T;
  cache.delete(key);
  return undefined;
}

function remember(key: string, value: unknown, ms: number): void {
  if (cache.size >= CACHE_MAX) {
    const now = Date.now();
    for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, { value, until: Date.now() + ms });
}

/** The carriers a shopper can be quoted: enabled, with credentials that open. */
function activeCarriers(config: ShippingConfig): CarrierId[] {
  return CARRIER_IDS.filter((id) => config.carriers[id].enabled && config.carriers[id].credentials !== null);
}

function logFailure(error: unknown, carrier: CarrierId): CarrierError {
  const failure =
    error instanceof CarrierError ? error : new CarrierError(carrier, 'down', error instanceof Error ? error.message : String(error));
  strapi.log.warn(`[shipping] ${failure.message}`);
  return failure;
}

async function carrierRates(config: ShippingConfig, id: CarrierId, postalCode: string, province: ProvinceCode, parcels: readonly Parcel[]) {
  const key = `rates|${id}|${config.version}|${config.origin}|${postalCode}|${parcelsKey(parcels)}`;
  const hit = cached<CarrierRate[]>(key);
  if (hit) return hit;
  const credentials = config.carriers[id].credentials ?? {};
  const rates = await CARRIERS[id].quote(
    { signal: AbortSignal.timeout(CARRIER_TIMEOUT_MS), credentials, origin: config.origin },
    { postalCode, province },
    parcels,
  );
  if (rates.length === 0) throw new CarrierError(id, 'refused', 'no rates for this destination');
  remember(key, rates, QUOTE_CACHE_MS);
  return rates;
}

/**
 * The national quote: every enabled carrier asked in parallel (each within 4 s), each rate through the one pricing
 * (the owner's fee and percentage per carrier, free from the threshold when the subtotal is known, rounded to the
 * peso) with a signed id; a carrier that fails goes to `unavailable` with a Spanish note; when none answers, the
 * owner's flat national rate (if she set one). The checkout calls this same function (next part of issue 48).
 */
export async function quoteShipping(input: {
  postalCode: string;
  province: ProvinceCode;
  parcels: readonly Parcel[];
  subtotal?: number | null;
}): Promise<ShippingQuoteAnswer> {
  const parsed = parsePostalCode(input.postalCode);
  if (!parsed.ok) throw badRequest(parsed.message);
  const postalCode = parsed.value.digits;
  const config = await shippingConfig();
  const quoted = { postalCode, parcels: input.parcels, subtotal: input.subtotal ?? null };
  const carriers = activeCarriers(config);
  const results = await Promise.allSettled(carriers.map((id) => carrierRates(config, id, postalCode, input.province, input.parcels)));

  const shippingOptions: ShippingOption[] = [];
  const unavailable: ShippingQuoteAnswer['unavailable'] = [];
  results.forEach((result, i) => {
    const carrier = carriers[i]!;
    if (result.status === 'rejected') {
      unavailable.push({ carrier, message: unavailableMessage(carrier, logFailure(result.reason, carrier).failure) });
      return;
    }
    const fees = config.carriers[carrier];
    for (const rate of result.value) {
      const price = shippingPrice(rate.price, fees, { subtotal: input.subtotal, freeShippingFrom: config.freeShippingFrom });
      const option = { carrier, service: rate.service, serviceCode: rate.serviceCode, type: rate.type, price, days: rate.days };
      shippingOptions.push({ id: signOption(option, quoted), carrier, service: rate.service, type: rate.type, price, days: rate.days });
    }
  });
  if (shippingOptions.length === 0 && config.flatRate !== null) {
    const price = shippingPrice(
      config.flatRate,
      { handlingFee: 0, handlingPercent: 0 },
      { subtotal: input.subtotal, freeShippingFrom: config.freeShippingFrom },
    );
    const option = {
      carrier: FLAT_SHIPPING_CARRIER,
      service: SHIPPING_MSG.flatName,
      serviceCode: 'flat',
      type: 'door' as const,
      price,
      days: FLAT_DAYS,
    };
    shippingOptions.push({
      id: signOption(option, quoted),
      carrier: option.carrier,
      service: option.service,
      type: option.type,
      price,
      days: FLAT_DAYS,
    });
  }
  shippingOptions.sort((a, b) => a.price - b.price || a.carrier.localeCompare(b.carrier) || a.type.localeCompare(b.type));
  return { shippingOptions, unavailable };
}

/**
 * The cart's products packed as one parcel: each unit its product's parcel, each measure the product lacks from its
 * category's default, then the shop's (rules/parcels.ts), weights added, the largest footprint, heights stacked.
 */
export async function parcelsOfItems(items: readonly { productId: string; quantity: number }[]): Promise<Parcel[]> {
  const config = await shippingConfig();
  const ids = [...new Set(items.map((item) => item.productId))];
  const products = await productParcelsOf(ids);
  const missing = ids.find((id) => !products.has(id));
  if (missing) throw badRequest('Alguno de los productos ya no está en la tienda: actualizá el carrito');
  const units: Parcel[] = [];
  for (const item of items) {
    const product = products.get(item.productId);
    const parcel = unitParcel(product?.parcel, config.categoryParcels[product?.category ?? ''], config.defaultParcel);
    for (let i = 0; i < item.quantity; i++) units.push(parcel);
  }
  const parcel = packParcels(units);
  if (parcel.weight > MAX_PARCEL_WEIGHT) throw badRequest('El envío pesa más de 30 kg: escribinos y lo cotizamos aparte');
  return [parcel];
}

/** Whether the checkout offers national shipping: a carrier enabled with credentials, or the owner's flat rate. */
export async function shippingAvailability(): Promise<{ national: boolean; carriers: CarrierId[] }> {
  const config = await shippingConfig();
  const carriers = activeCarriers(config);
  return { national: carriers.length > 0 || config.flatRate !== null, carriers };
}

/** A carrier's branches near a postal code (Correo Argentino lists them by province: the CPA's or the one given). */
export async function shippingBranches(input: {
  carrier: CarrierId;
  postalCode: string;
  province?: ProvinceCode;
}): Promise<{ branches: ShippingBranch[] }> {
  const parsed = parsePostalCode(input.postalCode);
  if (!parsed.ok) throw badRequest(parsed.message);
  const province = input.province ?? parsed.value.province?.code ?? null;
  if (input.carrier === 'correo-argentino' && !province) {
    throw badRequest('Para ver las sucursales de Correo Argentino indicá la provincia (province) o el CPA completo');
  }
  const config = await shippingConfig();
  if (!activeCarriers(config).includes(input.carrier)) throw notFound(`La tienda no envía con ${CARRIER_LABELS[input.carrier]}`);
  const postalCode = parsed.value.digits;
  const key = `branches|${input.carrier}|${config.version}|${postalCode}|${province ?? ''}`;
  const hit = cached<ShippingBranch[]>(key);
  if (hit) return { branches: hit };
  const call = {
    signal: AbortSignal.timeout(CARRIER_TIMEOUT_MS),
    credentials: config.carriers[input.carrier].credentials ?? {},
    origin: config.origin,
  };
  try {
    const branches = await CARRIERS[input.carrier].branches(call, { postalCode, province });
    remember(key, branches, BRANCHES_CACHE_MS);
    return { branches };
  } catch (error) {
    const failure = logFailure(error, input.carrier);
    throw new ApiError(503, unavailableMessage(input.carrier, failure.failure === 'refused' ? 'down' : failure.failure));
  }
}
