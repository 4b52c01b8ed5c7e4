import type { Parcel, ShippingBranch } from '@shop/shared';
import { isRecord } from '../../utils/db-write';
import { basicAuth, CarrierError, carrierFetch, withToken, type Carrier, type CarrierCall, type CarrierRate } from './carrier';

/**
 * Andreani through its API v2 (https://apis.andreani.com): GET /login with Basic credentials → the token in the
 * `x-authorization-token` header, sent back in the same header; GET /v1/tarifas per contract (one for the door,
 * another for branches) with the parcels as `bultos`; GET /v2/sucursales by postal code. The shapes, and where they
 * are guessed, are written in scripts/fake-andreani.mjs, the fake the tests run against.
 */
export const DEFAULT_ANDREANI_API_URL = 'https://apis.andreani.com';

const ID = 'andreani' as const;
/** Andreani's tarifas give no delivery time: these are its published estimates for standard parcels (a guess). */
const DOOR_DAYS = { min: 2, max: 5 };
const BRANCH_DAYS = { min: 3, max: 6 };
/** Andreani gives no token lifetime; its clients renew after 24 hours: the shop renews a little earlier. */
const TOKEN_LIFETIME_MS = 23 * 60 * 60_000;

const baseUrl = () => (process.env.ANDREANI_API_URL?.trim() || DEFAULT_ANDREANI_API_URL).replace(/\/+$/, '');

function authorized<T>(call: CarrierCall, use: (token: string) => Promise<T>): Promise<T> {
  const url = baseUrl();
  return withToken(
    ID,
    { ...call, baseUrl: url },
    async () => {
      const { body, headers } = await carrierFetch(ID, `${url}/login`, {
        headers: { authorization: basicAuth(call.credentials.user ?? '', call.credentials.password ?? '') },
        signal: call.signal,
      });
      const token = headers.get('x-authorization-token') ?? (isRecord(body) && typeof body.token === 'string' ? body.token : null);
      if (!token) throw new CarrierError(ID, 'down', 'login answer without token');
      return { token, expiresAt: Date.now() + TOKEN_LIFETIME_MS };
    },
    use,
  );
}

async function tarifa(call: CarrierCall, contract: string, postalCode: string, parcels: readonly Parcel[]): Promise<number> {
  const query = new URLSearchParams({ cpDestino: postalCode, contrato: contract });
  parcels.forEach((parcel, i) => {
    query.set(`bultos[${i}][kilos]`, String(parcel.weight / 1000));
    query.set(`bultos[${i}][volumen]`, String(parcel.length * parcel.width * parcel.height));
  });
  const { body } = await authorized(call, (token) =>
    carrierFetch(ID, `${baseUrl()}/v1/tarifas?${query}`, { headers: { 'x-authorization-token': token }, signal: call.signal }),
  );
  const total = isRecord(body) && isRecord(body.tarifaConIva) ? Number(body.tarifaConIva.total) : NaN;
  if (!Number.isFinite(total) || total <= 0) throw new CarrierError(ID, 'down', 'tarifas answer without tarifaConIva.total');
  return total;
}

function branchOf(raw: unknown): ShippingBranch | null {
  if (!isRecord(raw)) return null;
  const d = isRecord(raw.direccion) ? raw.direccion : {};
  const street = [d.calle, d.numero].filter(Boolean).join(' ');
  return {
    id: String(raw.id ?? raw.numero ?? ''),
    name: String(raw.descripcion ?? raw.nombre ?? ''),
    address: [street, d.localidad].filter(Boolean).join(', '),
    hours: typeof raw.horarioDeAtencion === 'string' ? raw.horarioDeAtencion : '',
  };
}

export const andreani: Carrier = {
  id: ID,
  baseUrl,
  credentialKeys: ['contract', 'branchContract', 'user', 'password'],

  async quote(call, destination, parcels) {
    const { contract, branchContract } = call.credentials;
    if (!contract) throw new CarrierError(ID, 'credentials', 'no contract');
    const [door, branch] = await Promise.all([
      tarifa(call, contract, destination.postalCode, parcels),
      branchContract ? tarifa(call, branchContract, destination.postalCode, parcels) : Promise.resolve(null),
    ]);
    const rates: CarrierRate[] = [{ serviceCode: 'estandar', service: 'Estándar', type: 'door', price: door, days: DOOR_DAYS }];
    if (branch !== null)
      rates.push({ serviceCode: 'estandar-sucursal', service: 'Estándar', type: 'branch', price: branch, days: BRANCH_DAYS });
    return rates;
  },

  async branches(call, place) {
    const query = new URLSearchParams({ codigoPostal: place.postalCode });
    const { body } = await authorized(call, (token) =>
      carrierFetch(ID, `${baseUrl()}/v2/sucursales?${query}`, { headers: { 'x-authorization-token': token }, signal: call.signal }),
    );
    return (Array.isArray(body) ? body : [])
      .map(branchOf)
      .filter((b): b is ShippingBranch => b !== null && b.id !== '')
      .slice(0, 30);
  },
};
