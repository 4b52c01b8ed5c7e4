import { provinceByCode, type Parcel, type ShippingBranch } from '@shop/shared';
import { isRecord } from '../../utils/db-write';
import {
  basicAuth,
  CarrierError,
  carrierFetch,
  carrierFetchPdf,
  withToken,
  type Carrier,
  type CarrierCall,
  type CarrierRate,
  type CarrierTrackingEvent,
  type ShipmentRequest,
} from './carrier';

/**
 * Andreani through its API v2 (https://apis.andreani.com): GET /login with Basic credentials → the token in the
 * `x-authorization-token` header, sent back in the same header; GET /v1/tarifas per contract (one for the door,
 * another for branches) with the parcels as `bultos`; GET /v2/sucursales by postal code; POST /v2/ordenes-de-envio
 * (a shipment), its labels at /v2/ordenes-de-envio/{agrupador}/etiquetas, its trazas at /v2/envios/{n}/trazas, and
 * DELETE /v2/ordenes-de-envio/{n} to cancel it. The shapes, and where they
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

/** Andreani's states → the shipment's (its 'Estado' texts are Spanish already). */
function statusOf(estado: string): CarrierTrackingEvent['status'] {
  const e = estado.toLowerCase();
  if (e.startsWith('entregad')) return 'delivered';
  if (e.includes('ingreso al circuito') || e.includes('admitid')) return 'dispatched';
  if (e.includes('pendiente de ingreso')) return null;
  return 'in_transit';
}

function trazaOf(raw: unknown): CarrierTrackingEvent | null {
  if (!isRecord(raw) || typeof raw.Estado !== 'string' || raw.Estado === '') return null;
  const parsed = Date.parse(`${String(raw.Fecha ?? '').slice(0, 19)}-03:00`);
  const motivo = typeof raw.Motivo === 'string' && raw.Motivo !== '' ? `: ${raw.Motivo}` : '';
  const sucursal =
    typeof raw.Sucursal === 'string' && raw.Sucursal !== '' && raw.Sucursal !== 'Sucursal Genérica' ? ` (${raw.Sucursal})` : '';
  return {
    at: new Date(Number.isFinite(parsed) ? parsed : Date.now()).toISOString(),
    description: `${raw.Estado}${motivo}${sucursal}`,
    code: String(raw.EstadoId ?? raw.Estado),
    status: statusOf(raw.Estado),
  };
}

/** An address as Andreani's `postal` block writes it (a destination's, or a return's pickup). */
function postalOf(a: ShipmentRequest['address']) {
  return {
    codigoPostal: a.postalCode.replace(/\D/g, '').slice(0, 4),
    calle: a.street,
    numero: a.number,
    piso: a.floor ?? '',
    departamento: a.apartment ?? '',
    localidad: a.locality,
    region: provinceByCode(a.province)?.code ?? a.province,
    pais: 'Argentina',
  };
}

/** Where Andreani collects the parcels: the shop's postal code, or a return's pickup address (the shopper's) in full. */
const originOf = (call: CarrierCall, request: ShipmentRequest) =>
  request.pickup ? { postal: postalOf(request.pickup) } : { postal: { codigoPostal: call.origin, pais: 'Argentina' } };

const phones = (phone: string) => [{ tipo: 1, numero: phone }];

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

  async create(call, request) {
    const { contract, branchContract } = call.credentials;
    if (!contract) throw new CarrierError(ID, 'credentials', 'no contract');
    const destino =
      request.type === 'branch' && request.branchId ? { sucursal: { id: request.branchId } } : { postal: postalOf(request.address) };
    const valor = Math.round(request.declaredValue / Math.max(1, request.parcels.length));
    const { body } = await authorized(call, (token) =>
      carrierFetch(ID, `${baseUrl()}/v2/ordenes-de-envio`, {
        method: 'POST',
        headers: { 'x-authorization-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({
          contrato: request.type === 'branch' ? (branchContract ?? contract) : contract,
          idPedido: request.reference,
          origen: originOf(call, request),
          destino,
          remitente: { nombreCompleto: request.sender.name, email: request.sender.email, telefonos: phones(request.sender.phone) },
          destinatario: [
            { nombreCompleto: request.recipient.name, email: request.recipient.email, telefonos: phones(request.recipient.phone) },
          ],
          bultos: request.parcels.map((p: Parcel) => ({
            kilos: p.weight / 1000,
            largoCm: p.length,
            altoCm: p.height,
            anchoCm: p.width,
            volumenCm: p.length * p.width * p.height,
            valorDeclaradoConImpuestos: valor,
          })),
        }),
        signal: call.signal,
      }),
    );
    const bulto = isRecord(body) && Array.isArray(body.bultos) && isRecord(body.bultos[0]) ? body.bultos[0] : null;
    const number = bulto && typeof bulto.numeroDeEnvio === 'string' ? bulto.numeroDeEnvio : '';
    const grouping = isRecord(body) && typeof body.agrupadorDeBultos === 'string' ? body.agrupadorDeBultos : '';
    if (number === '' || grouping === '') throw new CarrierError(ID, 'down', 'orden de envío answer without numeroDeEnvio');
    return { trackingNumber: number, carrierRef: grouping };
  },

  async label(call, shipment) {
    const url = `${baseUrl()}/v2/ordenes-de-envio/${encodeURIComponent(shipment.carrierRef)}/etiquetas`;
    return authorized(call, (token) => carrierFetchPdf(ID, url, { headers: { 'x-authorization-token': token }, signal: call.signal }));
  },

  async cancel(call, shipment) {
    const url = `${baseUrl()}/v2/ordenes-de-envio/${encodeURIComponent(shipment.trackingNumber)}`;
    await authorized(call, (token) =>
      carrierFetch(ID, url, { method: 'DELETE', headers: { 'x-authorization-token': token }, signal: call.signal }),
    );
  },

  async track(call, shipment) {
    const url = `${baseUrl()}/v2/envios/${encodeURIComponent(shipment.trackingNumber)}/trazas`;
    const { body } = await authorized(call, (token) =>
      carrierFetch(ID, url, { headers: { 'x-authorization-token': token }, signal: call.signal }),
    );
    const eventos = isRecord(body) && Array.isArray(body.eventos) ? body.eventos : [];
    return eventos.map(trazaOf).filter((e): e is CarrierTrackingEvent => e !== null);
  },
};
