#!/usr/bin/env node
/**
 * A local stand-in for Andreani's API v2 (https://apis.andreani.com, developers.andreani.com), as its public
 * documentation and the open-source clients that follow it describe it. The API tests and the demo point
 * ANDREANI_API_URL here.
 *
 * - GET /login with `Authorization: Basic base64(user:password)` → 200, the token in the `x-authorization-token`
 *   header (and `{token}` in the body); every other call sends it back in `x-authorization-token`. A bad or expired
 *   token is a 401.
 * - GET /v1/tarifas?cpDestino=&contrato=&cliente=&sucursalOrigen=&bultos[0][kilos]=&bultos[0][volumen]=
 *   &bultos[0][valorDeclarado]= → `{pesoAforado, tarifaSinIva: {seguroDistribucion, distribucion, total},
 *   tarifaConIva: {…}}` (amounts as decimal strings). Andreani prices per contract: one contract for the door, another
 *   for branches.
 * - GET /v2/sucursales?codigoPostal= → `[{id, numero, descripcion, direccion: {calle, numero, localidad, region,
 *   provincia, codigoPostal}, horarioDeAtencion, canal, datosAdicionales: {seHaceAtencionAlCliente, admiteEnvios}}]`.
 *
 * - POST /v2/ordenes-de-envio `{contrato, idPedido, origen: {postal: {…}}, destino: {postal: {codigoPostal, calle,
 *   numero, piso, departamento, localidad, region, pais}} | {sucursal: {id}}, remitente: {…}, destinatario: [{
 *   nombreCompleto, email, telefonos}], bultos: [{kilos, largoCm, altoCm, anchoCm, volumenCm, valorDeclaradoConImpuestos}]}`
 *   → 202 `{estado: 'Creada', tipo, fechaCreacion, bultos: [{numeroDeBulto, numeroDeEnvio, totalizador, linking: [{meta:
 *   'Etiqueta', contenido}]}], agrupadorDeBultos, etiquetasPorAgrupador}`. The same idPedido again answers the same order.
 * - GET /v2/ordenes-de-envio/{agrupadorDeBultos}/etiquetas → the labels (application/pdf).
 * - GET /v2/envios/{numeroDeEnvio}/trazas → `{eventos: [{Fecha, Estado, EstadoId, Traduccion, Sucursal, SucursalId,
 *   Ciclo}]}`, oldest first.
 * - DELETE /v2/ordenes-de-envio/{numeroDeEnvio} → 204 while Andreani has not admitted the parcel, else a 409 problem.
 *
 * Where the shapes are guessed (not confirmed against the live API): the error body (`{status, title, detail}`, the
 * problem-details shape), the token's lifetime (24 hours, said by clients; Andreani's answer gives none), that tarifas
 * needs the token (public in some versions), and the sucursales' field names beyond id, descripcion and direccion; of
 * the shipments: the trazas' EstadoId numbers and texts past 'Pendiente de ingreso' and 'En distribución', the
 * 'Entregado' state's text, and the cancel route (DELETE), which clients describe but Andreani's public pages do not.
 *
 * As a module: `startFakeAndreani({ user, password, contracts: {door, branch}, client, port, tokenTtlMs })` →
 * `{url, state, close}`. Test controls (not Andreani's): POST /__control/mode {mode: ok | down | slow | error,
 * delayMs}, POST /__control/expire-tokens, GET /__control/state, POST /__control/advance {number, to: admitted |
 * in_transit | delivered}. As a program: `node scripts/fake-andreani.mjs`
 * (FAKE_ANDREANI_PORT, ANDREANI_USER, ANDREANI_PASSWORD, ANDREANI_CONTRACT, ANDREANI_BRANCH_CONTRACT).
 */
import { fileURLToPath } from 'node:url';
import { basicCredentials, json, labelPdf, pdf, readJson, startCarrierFake } from './lib/fake-carrier-http.mjs';

const sucursal = (id, descripcion, calle, numero, localidad, provincia, region, codigoPostal, horarioDeAtencion) => ({
  id: String(id),
  numero: String(id),
  descripcion,
  canal: 'B2C',
  direccion: { calle, numero, localidad, region, provincia, pais: 'Argentina', codigoPostal },
  coordenadas: { latitud: '', longitud: '' },
  horarioDeAtencion,
  datosAdicionales: { seHaceAtencionAlCliente: true, tipo: 'SUCURSAL', admiteEnvios: true, entregaEnvios: true },
  telefonos: [],
  codigosPostalesAtendidos: [codigoPostal],
});

/** The branches the fake knows: a few postal codes (Córdoba, Bariloche, CABA, Neuquén). */
export const ANDREANI_SUCURSALES = [
  sucursal(
    41,
    'Córdoba Centro',
    'La Tablada',
    '343',
    'Córdoba',
    'Córdoba',
    'AR-X',
    '5000',
    'Lunes a viernes de 9 a 18 hs. Sábados de 9 a 13 hs.',
  ),
  sucursal(42, 'Córdoba Alta Córdoba', 'Av. Juan B. Justo', '2602', 'Córdoba', 'Córdoba', 'AR-X', '5000', 'Lunes a viernes de 9 a 18 hs.'),
  sucursal(
    87,
    'Bariloche',
    'Av. Juan Manuel de Rosas',
    '580',
    'San Carlos de Bariloche',
    'Río Negro',
    'AR-R',
    '8400',
    'Lunes a viernes de 9 a 17 hs.',
  ),
  sucursal(
    1,
    'Microcentro',
    'Tucumán',
    '540',
    'Ciudad Autónoma de Buenos Aires',
    'Ciudad Autónoma de Buenos Aires',
    'AR-C',
    '1000',
    'Lunes a viernes de 8 a 19 hs.',
  ),
  sucursal(95, 'Neuquén', 'Félix San Martín', '260', 'Neuquén', 'Neuquén', 'AR-Q', '8300', 'Lunes a viernes de 8:30 a 17:30 hs.'),
];

/** Deterministic price (with VAT): a base, each kilogram (real or volumetric: cm³ / 4000), and the destination's zone. */
export function andreaniPrice({ cpDestino, kilos, volumen, branch }) {
  const charged = Math.max(1, Math.ceil(Math.max(kilos, volumen / 4000)));
  const zone = (Number(String(cpDestino)[0]) % 5) + 1;
  const door = 3500 + charged * 900 + zone * 600;
  return branch ? Math.round(door * 0.85 * 100) / 100 : door;
}

const money = (value) => value.toFixed(2);

/** The trazas each control step adds (Andreani's states; the numbers past 6 are a guess). */
const ANDREANI_STEPS = {
  admitted: [{ Estado: 'Ingreso al circuito operativo', EstadoId: 5, Traduccion: 'ENVIO INGRESADO AL SISTEMA' }],
  in_transit: [{ Estado: 'En distribución', EstadoId: 6, Traduccion: 'ENVIO CON SALIDA A REPARTO' }],
  delivered: [{ Estado: 'Entregado', EstadoId: 18, Traduccion: 'ENVIO ENTREGADO' }],
};
/** Andreani's dates: local time without zone ('2021-03-09T11:08:03'). */
const localDate = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19);

let sequence = 360_000_100_000_000 + Math.floor(Math.random() * 800_000_000);
let grouping = 400_000 + Math.floor(Math.random() * 500_000);

export async function startFakeAndreani({
  user = 'tienda_ws',
  password = 'secreto',
  contracts = { door: '400006709', branch: '400006711' },
  client = 'CL0001234',
  port = 0,
  host = '127.0.0.1',
  tokenTtlMs = 24 * 60 * 60_000,
} = {}) {
  const problem = (res, status, title, detail) => json(res, status, { type: 'about:blank', title, status, detail });
  return startCarrierFake({
    port,
    host,
    tokenTtlMs,
    advance(shipment, to) {
      for (const step of ANDREANI_STEPS[to])
        shipment.events.push({ ...step, Fecha: localDate(), Sucursal: 'Neuquén', SucursalId: 95, Ciclo: 'Distribution' });
    },
    async handle(req, res, url, { state, record, issueToken, tokenValid }) {
      if (req.method === 'GET' && url.pathname === '/login') {
        const given = basicCredentials(req);
        if (!given || given.user !== user || given.password !== password) {
          state.refusedLogins += 1;
          return problem(res, 401, 'Unauthorized', 'Usuario o contraseña inválidos');
        }
        const { token } = issueToken();
        return json(res, 200, { token }, { 'x-authorization-token': token });
      }
      if (!tokenValid(String(req.headers['x-authorization-token'] ?? '')))
        return problem(res, 401, 'Unauthorized', 'Token inválido o vencido');

      if (req.method === 'GET' && url.pathname === '/v1/tarifas') {
        if (state.mode === 'error') return problem(res, 400, 'Bad Request', 'No se puede cotizar el envío para el código postal indicado');
        const q = url.searchParams;
        const contrato = q.get('contrato');
        const cpDestino = q.get('cpDestino') ?? '';
        if (contrato !== contracts.door && contrato !== contracts.branch) return problem(res, 400, 'Bad Request', 'Contrato inexistente');
        if (q.get('cliente') && q.get('cliente') !== client) return problem(res, 400, 'Bad Request', 'Cliente inexistente');
        if (!/^\d{4}$/.test(cpDestino)) return problem(res, 400, 'Bad Request', 'Código postal de destino inválido');
        let kilos = 0;
        let volumen = 0;
        for (let i = 0; q.has(`bultos[${i}][kilos]`); i++) {
          const k = Number(q.get(`bultos[${i}][kilos]`));
          const v = Number(q.get(`bultos[${i}][volumen]`));
          if (!(k > 0) || !(v > 0)) return problem(res, 400, 'Bad Request', `Bulto ${i} inválido`);
          kilos += k;
          volumen += v;
        }
        if (kilos === 0) return problem(res, 400, 'Bad Request', 'Indique al menos un bulto');
        const total = andreaniPrice({ cpDestino, kilos, volumen, branch: contrato === contracts.branch });
        const sinIva = total / 1.21;
        return json(res, 200, {
          pesoAforado: String(Math.max(kilos, volumen / 4000).toFixed(2)),
          tarifaSinIva: { seguroDistribucion: '0.00', distribucion: money(sinIva), total: money(sinIva) },
          tarifaConIva: { seguroDistribucion: '0.00', distribucion: money(total), total: money(total) },
        });
      }

      if (req.method === 'GET' && url.pathname === '/v2/sucursales') {
        const codigoPostal = url.searchParams.get('codigoPostal');
        return json(
          res,
          200,
          codigoPostal ? ANDREANI_SUCURSALES.filter((s) => s.codigosPostalesAtendidos.includes(codigoPostal)) : ANDREANI_SUCURSALES,
        );
      }
      if (req.method === 'POST' && url.pathname === '/v2/ordenes-de-envio') {
        const body = await readJson(req);
        record.body = body;
        if (state.mode === 'error') return problem(res, 400, 'Bad Request', 'No se pudo generar la orden de envío');
        const problems = [];
        if (body?.contrato !== contracts.door && body?.contrato !== contracts.branch) problems.push('contrato');
        if (typeof body?.idPedido !== 'string' || body.idPedido === '') problems.push('idPedido');
        const postal = body?.destino?.postal;
        const sucursal = body?.destino?.sucursal;
        if (!sucursal?.id && (!postal?.calle || !/^\d{4}$/.test(String(postal?.codigoPostal ?? '')))) problems.push('destino');
        if (!Array.isArray(body?.destinatario) || !body.destinatario[0]?.nombreCompleto) problems.push('destinatario');
        if (!Array.isArray(body?.bultos) || body.bultos.length === 0 || !body.bultos.every((b) => b.kilos > 0 && b.volumenCm > 0))
          problems.push('bultos');
        if (problems.length > 0) return problem(res, 400, 'Bad Request', `Datos inválidos: ${problems.join(', ')}`);
        const base = `http://${req.headers.host}`;
        const existing = [...state.shipments.values()].find((x) => x.idPedido === body.idPedido);
        const shipment = existing ?? {
          idPedido: body.idPedido,
          numeroDeEnvio: String((sequence += 1)),
          agrupadorDeBultos: `API${String((grouping += 1)).padStart(13, '0')}`,
          fechaCreacion: `${localDate()}-03:00`,
          destinatario: body.destinatario[0].nombreCompleto,
          sucursal: sucursal?.id ? String(sucursal.id) : null,
          events: [
            {
              Fecha: localDate(),
              Estado: 'Pendiente de ingreso',
              EstadoId: 1,
              Traduccion: 'ENVIO INGRESADO AL SISTEMA',
              Sucursal: 'Sucursal Genérica',
              SucursalId: 999,
              Ciclo: 'Distribution',
            },
          ],
          cancelled: false,
        };
        state.shipments.set(shipment.numeroDeEnvio, shipment);
        const etiquetas = `${base}/v2/ordenes-de-envio/${shipment.agrupadorDeBultos}/etiquetas`;
        return json(res, 202, {
          estado: 'Creada',
          tipo: 'B2C',
          fechaCreacion: shipment.fechaCreacion,
          bultos: [
            {
              numeroDeBulto: '1',
              numeroDeEnvio: shipment.numeroDeEnvio,
              totalizador: '1/1',
              linking: [{ meta: 'Etiqueta', contenido: `${etiquetas}?bulto=1` }],
            },
          ],
          agrupadorDeBultos: shipment.agrupadorDeBultos,
          etiquetasPorAgrupador: etiquetas,
        });
      }

      const labels = /^\/v2\/ordenes-de-envio\/([^/]+)\/etiquetas$/.exec(url.pathname);
      if (req.method === 'GET' && labels) {
        const shipment = [...state.shipments.values()].find((x) => x.agrupadorDeBultos === labels[1]);
        if (!shipment) return problem(res, 404, 'Not Found', 'Orden de envío inexistente');
        if (shipment.cancelled) return problem(res, 409, 'Conflict', 'La orden de envío está anulada');
        return pdf(
          res,
          labelPdf([
            'Andreani',
            shipment.sucursal ? `Sucursal ${shipment.sucursal}` : 'Domicilio',
            shipment.destinatario,
            `Pedido ${shipment.idPedido}`,
            shipment.numeroDeEnvio,
          ]),
        );
      }

      const trazas = /^\/v2\/envios\/([^/]+)\/trazas$/.exec(url.pathname);
      if (req.method === 'GET' && trazas) {
        const shipment = state.shipments.get(trazas[1]);
        if (!shipment) return problem(res, 404, 'Not Found', 'Envío inexistente');
        return json(res, 200, { eventos: shipment.events });
      }

      const cancel = /^\/v2\/ordenes-de-envio\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && cancel) {
        const shipment = state.shipments.get(cancel[1]);
        if (!shipment) return problem(res, 404, 'Not Found', 'Envío inexistente');
        if (shipment.events.some((e) => e.EstadoId !== 1))
          return problem(res, 409, 'Conflict', 'El envío ya ingresó al circuito operativo');
        shipment.cancelled = true;
        res.writeHead(204);
        return res.end();
      }
      return problem(res, 404, 'Not Found', 'Recurso inexistente');
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const door = process.env.ANDREANI_CONTRACT;
  const fake = await startFakeAndreani({
    user: process.env.ANDREANI_USER,
    password: process.env.ANDREANI_PASSWORD,
    contracts: door ? { door, branch: process.env.ANDREANI_BRANCH_CONTRACT ?? door } : undefined,
    port: Number(process.env.FAKE_ANDREANI_PORT ?? 0),
  });
  console.log(`Fake Andreani at ${fake.url}`);
}
