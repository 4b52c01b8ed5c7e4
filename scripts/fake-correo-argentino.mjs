#!/usr/bin/env node
/**
 * A local stand-in for Correo Argentino's MiCorreo API (REST, https://api.correoargentino.com.ar/micorreo/v1), as its
 * public documentation ("API MiCorreo", the PDF linked from correoargentino.com.ar/MiCorreo) and the open-source
 * clients that follow it describe it. The API tests and the demo point CORREO_ARGENTINO_API_URL here.
 *
 * - POST /token with `Authorization: Basic base64(user:password)` → `{token, expire: "YYYY-MM-DD HH:mm:ss"}` (a JWT in
 *   the real API; an opaque token here). Every other call carries `Authorization: Bearer <token>`; a bad or expired
 *   token is a 401 `{code, message}`.
 * - POST /rates `{customerId, postalCodeOrigin, postalCodeDestination, deliveredType?, dimensions: {weight (g),
 *   height, width, length (cm)}}` → `{customerId, validTo, rates: [{deliveredType: 'D' | 'S', productType, productName,
 *   price, deliveryTimeMin, deliveryTimeMax}]}` (D: to the door; S: to a branch).
 * - GET /agencies?customerId=&provinceCode=X → `[{code, name, location: {address: {streetName, streetNumber, locality,
 *   city, province, provinceCode, postalCode}}, hours: {monday: {start: '0900', end: '1800'} | null, …}, status}]`.
 *
 * - POST /shipping/import `{customerId, extOrderId, orderNumber, sender: {name, phone, email, originAddress: {…}},
 *   recipient: {name, phone, email}, shipping: {deliveryType: 'D' | 'S', productType, agency (S), address: {streetName,
 *   streetNumber, floor, apartment, city, provinceCode, postalCode} (D), weight (g), declaredValue, height, length,
 *   width}}` → `{createdAt, trackingNumber}`. The same extOrderId again answers the same shipment.
 * - GET /shipping/tracking?shippingId=<trackingNumber> → `[{trackingNumber, events: [{event, date: 'DD-MM-YYYY
 *   HH:mm', branch, status, sign}]}]`, newest event first.
 * - GET /shipping/label?shippingId= → the label (application/pdf).
 * - POST /shipping/cancel `{customerId, shippingId}` → `{shippingId, status: 'CANCELLED'}`; 409 `{code, message}` once
 *   Correo admitted the parcel.
 *
 * Where the shapes are guessed (not confirmed against the live API): the `expire` format and time zone, the error
 * body `{code, message}`, the product codes and names (CP "Clásico", EP "Expreso"), the agencies' `hours` keys; and
 * of the shipments (MiCorreo's public documentation describes /shipping/import and the tracking, not all their
 * fields): the `trackingNumber` in the import's answer (the real one may give it only in MiCorreo's panel), the
 * tracking's `shippingId` parameter and event fields, and the label and cancel routes, which are the fake's own.
 *
 * As a module: `startFakeCorreoArgentino({ user, password, customerId, port, tokenTtlMs })` → `{url, state, close}`.
 * Test controls (not Correo's): POST /__control/mode {mode: ok | down | slow | error, delayMs}, POST
 * /__control/expire-tokens, GET /__control/state, POST /__control/advance {number, to: admitted | in_transit |
 * delivered}. As a program: `node scripts/fake-correo-argentino.mjs`
 * (FAKE_CORREO_PORT, CORREO_ARGENTINO_USER, CORREO_ARGENTINO_PASSWORD, CORREO_ARGENTINO_CUSTOMER_ID).
 */
import { fileURLToPath } from 'node:url';
import { basicCredentials, json, labelPdf, pdf, readJson, startCarrierFake } from './lib/fake-carrier-http.mjs';

const EMPTY_DAY = null;
const WEEKDAYS = { start: '0900', end: '1800' };
const agency = (code, name, streetName, streetNumber, locality, province, provinceCode, postalCode, saturday = EMPTY_DAY) => ({
  code,
  name,
  manager: '',
  email: '',
  phone: '',
  services: { packageReception: true, pickupAvailability: true },
  location: {
    address: { streetName, streetNumber, floor: '', apartment: '', locality, city: locality, province, provinceCode, postalCode },
    latitude: '',
    longitude: '',
  },
  hours: {
    sunday: EMPTY_DAY,
    monday: WEEKDAYS,
    tuesday: WEEKDAYS,
    wednesday: WEEKDAYS,
    thursday: WEEKDAYS,
    friday: WEEKDAYS,
    saturday,
    holidays: EMPTY_DAY,
  },
  status: 'ACTIVE',
});

/** The branches the fake knows: a few postal codes (Córdoba, Bariloche, CABA, Neuquén). */
export const CORREO_AGENCIES = [
  agency('X5000', 'Córdoba Centro', 'Av. Colón', '210', 'Córdoba', 'Córdoba', 'X', '5000', { start: '0900', end: '1300' }),
  agency('X5001', 'Córdoba Nueva Córdoba', 'Bv. San Juan', '540', 'Córdoba', 'Córdoba', 'X', '5000'),
  agency('R8400', 'San Carlos de Bariloche', 'Moreno', '175', 'San Carlos de Bariloche', 'Río Negro', 'R', '8400'),
  agency('C1000', 'Correo Central', 'Av. Leandro N. Alem', '719', 'Ciudad Autónoma de Buenos Aires', 'Capital Federal', 'C', '1000'),
  agency('Q8300', 'Neuquén Centro', 'Rivadavia', '150', 'Neuquén', 'Neuquén', 'Q', '8300', { start: '0900', end: '1300' }),
];

/** The real API answers dates as local time without zone ("2026-11-27 03:00:00"); the fake writes Argentina's time. */
function expireText(ms) {
  const local = new Date(ms - 3 * 3600_000);
  return local.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Deterministic price: a base, each kilogram (real or volumetric, sides / 4000), and the distance between the first
 * digits of the postal codes; a branch costs 80 % of the door, Expreso 150 %.
 */
export function correoPrice({ postalCodeOrigin, postalCodeDestination, dimensions }) {
  const volumetric = (dimensions.length * dimensions.width * dimensions.height) / 4000;
  const kilos = Math.max(1, Math.ceil(Math.max(dimensions.weight / 1000, volumetric)));
  const zone = Math.abs(Number(String(postalCodeOrigin)[0]) - Number(String(postalCodeDestination)[0])) + 1;
  return 3000 + kilos * 850 + zone * 450;
}

const positive = (value) => Number.isFinite(Number(value)) && Number(value) > 0;

/** MiCorreo's tracking dates: Argentina's local time as 'DD-MM-YYYY HH:mm' (a guess). */
function trackingDate(ms = Date.now()) {
  const local = new Date(ms - 3 * 3600_000).toISOString();
  return `${local.slice(8, 10)}-${local.slice(5, 7)}-${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/** The events each control step adds, in MiCorreo's words (a guess at its texts). */
const CORREO_STEPS = {
  admitted: [{ event: 'ADMISION', status: 'ADMITIDO' }],
  in_transit: [
    { event: 'EN TRANSITO', status: 'EN TRANSITO' },
    { event: 'EN PODER DEL DISTRIBUIDOR', status: 'EN DISTRIBUCION' },
  ],
  delivered: [{ event: 'ENTREGADO', status: 'ENTREGADO' }],
};

let sequence = 100_000_000 + Math.floor(Math.random() * 800_000_000);

export async function startFakeCorreoArgentino({
  user = 'tienda',
  password = 'secreto',
  customerId = '0001234567',
  port = 0,
  host = '127.0.0.1',
  tokenTtlMs = 60 * 60_000,
} = {}) {
  const error = (res, status, message) => json(res, status, { code: String(status), message });
  return startCarrierFake({
    port,
    host,
    tokenTtlMs,
    advance(shipment, to) {
      for (const step of CORREO_STEPS[to]) shipment.events.unshift({ ...step, date: trackingDate(), branch: 'CTP Neuquén', sign: '' });
    },
    async handle(req, res, url, { state, record, issueToken, tokenValid }) {
      if (req.method === 'POST' && url.pathname === '/token') {
        const given = basicCredentials(req);
        if (!given || given.user !== user || given.password !== password) {
          state.refusedLogins += 1;
          return error(res, 401, 'Usuario o contraseña incorrectos');
        }
        const { token, expires } = issueToken();
        return json(res, 200, { token, expire: expireText(expires) });
      }
      const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!tokenValid(bearer)) return error(res, 401, 'Token inválido o vencido');

      if (req.method === 'POST' && url.pathname === '/rates') {
        const body = await readJson(req);
        record.body = body;
        if (state.mode === 'error') return error(res, 400, 'No es posible cotizar el envío solicitado');
        const dimensions = body?.dimensions;
        if (
          !body ||
          body.customerId !== customerId ||
          !/^\d{4}$/.test(String(body.postalCodeOrigin ?? '')) ||
          !/^\d{4}$/.test(String(body.postalCodeDestination ?? '')) ||
          !dimensions ||
          !['weight', 'height', 'width', 'length'].every((key) => positive(dimensions[key]))
        ) {
          return error(res, 400, 'Parámetros inválidos');
        }
        if (body.deliveredType !== undefined && !['D', 'S'].includes(body.deliveredType)) return error(res, 400, 'deliveredType inválido');
        const door = correoPrice(body);
        const zone = Math.abs(Number(body.postalCodeOrigin[0]) - Number(body.postalCodeDestination[0]));
        // The same "Clásico" service to the door (D) and to a branch (S), the branch 20% cheaper.
        const clasico = {
          productType: 'CP',
          productName: 'Correo Argentino Clasico',
          deliveryTimeMin: String(2 + zone),
          deliveryTimeMax: String(5 + zone),
        };
        const rates = [
          { deliveredType: 'D', ...clasico, price: door },
          { deliveredType: 'S', ...clasico, price: Math.round(door * 0.8 * 100) / 100 },
          {
            deliveredType: 'D',
            productType: 'EP',
            productName: 'Correo Argentino Expreso',
            price: Math.round(door * 1.5 * 100) / 100,
            deliveryTimeMin: '1',
            deliveryTimeMax: String(2 + zone),
          },
        ].filter((rate) => body.deliveredType === undefined || rate.deliveredType === body.deliveredType);
        const validTo = expireText(Date.now() + 24 * 3600_000);
        return json(res, 200, { customerId, validTo, rates });
      }

      if (req.method === 'GET' && url.pathname === '/agencies') {
        if (url.searchParams.get('customerId') !== customerId) return error(res, 400, 'customerId inválido');
        const provinceCode = (url.searchParams.get('provinceCode') ?? '').toUpperCase();
        if (!/^[A-Z]$/.test(provinceCode)) return error(res, 400, 'provinceCode inválido');
        return json(
          res,
          200,
          CORREO_AGENCIES.filter((a) => a.location.address.provinceCode === provinceCode),
        );
      }
      if (req.method === 'POST' && url.pathname === '/shipping/import') {
        const body = await readJson(req);
        record.body = body;
        if (state.mode === 'error') return error(res, 400, 'No es posible importar el envío');
        const s = body?.shipping;
        const problems = [];
        if (!body || body.customerId !== customerId) problems.push('customerId');
        if (typeof body?.extOrderId !== 'string' || body.extOrderId === '') problems.push('extOrderId');
        if (!body?.recipient?.name) problems.push('recipient.name');
        if (!s || !['D', 'S'].includes(s.deliveryType)) problems.push('shipping.deliveryType');
        else if (s.deliveryType === 'S' && !s.agency) problems.push('shipping.agency');
        else if (s.deliveryType === 'D' && (!s.address?.streetName || !/^\d{4}$/.test(String(s.address?.postalCode ?? ''))))
          problems.push('shipping.address');
        if (s && !['weight', 'height', 'width', 'length'].every((key) => positive(s[key]))) problems.push('shipping.dimensions');
        if (problems.length > 0) return error(res, 400, `Parámetros inválidos: ${problems.join(', ')}`);
        const existing = [...state.shipments.values()].find((x) => x.extOrderId === body.extOrderId);
        if (existing) return json(res, 200, { createdAt: existing.createdAt, trackingNumber: existing.trackingNumber });
        const trackingNumber = `CP${String((sequence += 1))}AR`;
        const createdAt = expireText(Date.now());
        state.shipments.set(trackingNumber, {
          trackingNumber,
          extOrderId: body.extOrderId,
          createdAt,
          deliveryType: s.deliveryType,
          recipient: body.recipient.name,
          events: [{ event: 'PREIMPOSICION', date: trackingDate(), branch: '', status: 'PREIMPUESTO', sign: '' }],
          cancelled: false,
        });
        return json(res, 200, { createdAt, trackingNumber });
      }

      if (req.method === 'GET' && (url.pathname === '/shipping/tracking' || url.pathname === '/shipping/label')) {
        const shipment = state.shipments.get(url.searchParams.get('shippingId') ?? '');
        if (!shipment) return error(res, 404, 'Envío inexistente');
        if (url.pathname === '/shipping/tracking')
          return json(res, 200, [{ trackingNumber: shipment.trackingNumber, events: shipment.events }]);
        if (shipment.cancelled) return error(res, 409, 'El envío está cancelado');
        return pdf(
          res,
          labelPdf([
            'Correo Argentino',
            shipment.deliveryType === 'S' ? 'Entrega en sucursal' : 'Entrega a domicilio',
            shipment.recipient,
            `Pedido ${shipment.extOrderId}`,
            shipment.trackingNumber,
          ]),
        );
      }

      if (req.method === 'POST' && url.pathname === '/shipping/cancel') {
        const body = await readJson(req);
        record.body = body;
        if (body?.customerId !== customerId) return error(res, 400, 'customerId inválido');
        const shipment = state.shipments.get(String(body?.shippingId ?? ''));
        if (!shipment) return error(res, 404, 'Envío inexistente');
        if (shipment.events.some((e) => e.event !== 'PREIMPOSICION'))
          return error(res, 409, 'El envío ya fue admitido: no se puede cancelar');
        shipment.cancelled = true;
        return json(res, 200, { shippingId: shipment.trackingNumber, status: 'CANCELLED' });
      }
      return error(res, 404, 'Recurso no encontrado');
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = await startFakeCorreoArgentino({
    user: process.env.CORREO_ARGENTINO_USER,
    password: process.env.CORREO_ARGENTINO_PASSWORD,
    customerId: process.env.CORREO_ARGENTINO_CUSTOMER_ID,
    port: Number(process.env.FAKE_CORREO_PORT ?? 0),
  });
  console.log(`Fake Correo Argentino (MiCorreo) at ${fake.url}`);
}
