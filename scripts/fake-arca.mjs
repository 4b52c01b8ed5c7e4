#!/usr/bin/env node
/**
 * A local stand-in for ARCA's (ex AFIP) web services, speaking their SOAP: WSAA `loginCms` (checks the CMS
 * signature and that the certificate was issued by its authority, answers a login ticket, refuses a second login
 * while a ticket is valid, as ARCA does) and WSFEv1 (`FEDummy`, `FECompUltimoAutorizado`, `FECAESolicitar` with
 * consecutive numbers and a CAE, `FECompConsultar`). The API tests, the browser test and the demo point
 * ARCA_WSAA_URL at `<url>/ws/services/LoginCms` and ARCA_WSFE_URL at `<url>/wsfev1/service.asmx`.
 *
 * As a module: `startFakeArca({ port })` → `{ url, wsaaUrl, wsfeUrl, close, state, signCsr }`.
 * As a program: `node scripts/fake-arca.mjs` (FAKE_ARCA_PORT).
 *
 * Test controls under /__control (JSON): `POST /__control/sign-csr {csr}` → `{certificate}` (what ARCA's alias page
 * gives), `POST /__control/switches {...}` (down, slowMs, answerDelayMs, observe, reject, error, duplicate, dropAnswer,
 * ticketMinutes), `POST /__control/authorize {...}` (authorises a voucher behind the shop's back), `GET /__control/state`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { envelope, escapeXml, fault, newAuthority, parseXml, readText, signCsr, toXml, verifyCms } from './lib/fake-arca-soap.mjs';

const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
const ymd = (date = new Date()) => date.toISOString().slice(0, 10).replace(/-/g, '');
const num = (value) => Number(value ?? 0);
const list = (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]);

export async function startFakeArca({ port = 0, host = '127.0.0.1' } = {}) {
  const authority = newAuthority();
  const state = {
    /** Valid tickets: token → { sign, cuitCert, expires }. */
    tickets: new Map(),
    /** The ticket last issued per certificate serial (ARCA refuses another login while it is valid). */
    ticketBySerial: new Map(),
    logins: 0,
    refusedLogins: 0,
    /** `${pv}-${tipo}` → last authorised number. */
    last: new Map(),
    /** `${pv}-${tipo}-${n}` → the authorised voucher. */
    vouchers: new Map(),
    /** Every WSFE operation called, in order. */
    calls: [],
    switches: {
      down: false,
      slowMs: 0,
      /** Answers after this many ms, once the work is done (ARCA authorised; the answer is slow to come back). */
      answerDelayMs: 0,
      observe: false,
      reject: false,
      error: false,
      duplicate: false,
      dropAnswer: false,
      ticketMinutes: 720,
    },
  };
  let baseUrl = '';

  function issueTicket(cert) {
    const serial = cert.serialNumber;
    const current = state.ticketBySerial.get(serial);
    if (current && current.expires > Date.now()) return null;
    const token = randomBytes(48).toString('base64');
    const sign = randomBytes(24).toString('base64');
    const ticket = { token, sign, expires: Date.now() + state.switches.ticketMinutes * 60_000 };
    state.tickets.set(token, ticket);
    state.ticketBySerial.set(serial, ticket);
    state.logins += 1;
    return ticket;
  }

  function wsaa(body) {
    const request = parseXml(body)?.Envelope?.Body?.loginCms;
    const cms = request?.in0;
    if (typeof cms !== 'string' || cms === '') return fault('ns1:cms.bad', 'CMS no informado');
    const checked = verifyCms(authority, cms.replace(/\s+/g, ''));
    if (!checked.ok) return fault(`ns1:${checked.reason.split(':')[0]}`, checked.reason);
    const tra = parseXml(checked.content)?.loginTicketRequest;
    if (!tra?.service) return fault('ns1:xml.bad', 'TRA mal formado');
    if (tra.service !== 'wsfe') return fault('ns1:coe.notAuthorized', `Computador no autorizado a acceder al servicio ${tra.service}`);
    const expiration = Date.parse(tra.header?.expirationTime ?? '');
    if (!Number.isFinite(expiration) || expiration < Date.now()) return fault('ns1:xml.expirationTime.invalid', 'expirationTime vencido');
    const ticket = issueTicket(checked.cert);
    if (!ticket) {
      state.refusedLogins += 1;
      return fault('ns1:coe.alreadyAuthenticated', 'El CEE ya posee un TA valido para el acceso al WSN solicitado');
    }
    const ta =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header>` +
      `<source>CN=wsaahomo, O=AFIP, C=AR</source><destination>${escapeXml(checked.cert.subject.attributes.map((a) => `${a.shortName}=${a.value}`).join(', '))}</destination>` +
      `<uniqueId>${Math.floor(Math.random() * 1e9)}</uniqueId><generationTime>${new Date().toISOString()}</generationTime>` +
      `<expirationTime>${new Date(ticket.expires).toISOString()}</expirationTime></header>` +
      `<credentials><token>${ticket.token}</token><sign>${ticket.sign}</sign></credentials></loginTicketResponse>`;
    return envelope(
      `<loginCmsResponse xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><loginCmsReturn>${escapeXml(ta)}</loginCmsReturn></loginCmsResponse>`,
    );
  }

  const authErrors = (auth) => {
    const ticket = state.tickets.get(auth?.Token ?? '');
    if (!ticket || ticket.sign !== auth?.Sign || ticket.expires < Date.now())
      return [{ Code: 600, Msg: 'ValidacionDeToken: No validaron las credenciales: token o firma invalidos o vencidos' }];
    if (!/^\d{11}$/.test(String(auth?.Cuit ?? ''))) return [{ Code: 601, Msg: 'CUIT representada no incluida en Token' }];
    return [];
  };

  const result = (operation, inner) =>
    envelope(`<${operation}Response xmlns="${FEV1}"><${operation}Result>${toXml(inner)}</${operation}Result></${operation}Response>`);

  /** The checks ARCA makes on one voucher; answers the errors (Code/Msg) that reject it. */
  function voucherErrors(cab, det) {
    const tipo = num(cab.CbteTipo);
    const errors = [];
    const iva = list(det.Iva?.AlicIva);
    const ivaSum = iva.reduce((sum, line) => sum + num(line.Importe), 0);
    const total = num(det.ImpNeto) + num(det.ImpIVA) + num(det.ImpTotConc) + num(det.ImpOpEx) + num(det.ImpTrib);
    if (Math.abs(total - num(det.ImpTotal)) > 0.01)
      errors.push({ Code: 10048, Msg: 'El campo ImpTotal no es igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.' });
    if ([11, 13].includes(tipo) && (num(det.ImpIVA) !== 0 || iva.length > 0))
      errors.push({ Code: 10071, Msg: 'Para comprobantes tipo C el objeto IVA no debe informarse.' });
    if ([1, 3, 6, 8].includes(tipo) && Math.abs(ivaSum - num(det.ImpIVA)) > 0.01)
      errors.push({ Code: 10023, Msg: 'La suma de los importes del array de IVA no es igual al valor ingresado en ImpIVA.' });
    if ([1, 3].includes(tipo) && num(det.DocTipo) !== 80)
      errors.push({ Code: 10013, Msg: 'Para comprobantes clase A el campo DocTipo debe ser 80 (CUIT).' });
    if (!det.CondicionIVAReceptorId) errors.push({ Code: 10242, Msg: 'El campo Condicion Frente al IVA del receptor es obligatorio.' });
    if ([3, 8, 13].includes(tipo) && list(det.CbtesAsoc?.CbteAsoc).length === 0)
      errors.push({ Code: 10151, Msg: 'Para notas de credito debe informar comprobantes asociados.' });
    return errors;
  }

  function authorize(cab, det, { observe = false } = {}) {
    const key = `${num(cab.PtoVta)}-${num(cab.CbteTipo)}`;
    const n = num(det.CbteDesde);
    const cae = String(70_000_000_000_000 + Math.floor(Math.random() * 9_999_999_999_999)).slice(0, 14);
    const due = new Date(Date.now() + 10 * 86_400_000);
    const voucher = {
      ...det,
      PtoVta: num(cab.PtoVta),
      CbteTipo: num(cab.CbteTipo),
      CodAutorizacion: cae,
      FchVto: ymd(due),
      FchProceso: ymd(),
      Resultado: 'A',
      EmisionTipo: 'CAE',
    };
    state.vouchers.set(`${key}-${n}`, voucher);
    state.last.set(key, n);
    const response = {
      Concepto: det.Concepto,
      DocTipo: det.DocTipo,
      DocNro: det.DocNro,
      CbteDesde: n,
      CbteHasta: n,
      CbteFch: det.CbteFch,
      Resultado: 'A',
      CAE: cae,
      CAEFchVto: ymd(due),
    };
    if (observe)
      response.Observaciones = {
        Obs: [
          {
            Code: 10217,
            Msg: 'El credito fiscal discriminado en el presente comprobante solo podra ser computado a efectos del Procedimiento permanente de transicion al Regimen General.',
          },
        ],
      };
    return response;
  }

  function wsfe(operation, body) {
    const request = parseXml(body)?.Envelope?.Body?.[operation] ?? {};
    state.calls.push(operation);
    if (operation === 'FEDummy') return result(operation, { AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' });
    const errors = authErrors(request.Auth);
    if (errors.length > 0) return result(operation, { Errors: { Err: errors } });
    if (operation === 'FECompUltimoAutorizado') {
      const key = `${num(request.PtoVta)}-${num(request.CbteTipo)}`;
      return result(operation, { PtoVta: num(request.PtoVta), CbteTipo: num(request.CbteTipo), CbteNro: state.last.get(key) ?? 0 });
    }
    if (operation === 'FECompConsultar') {
      const q = request.FeCompConsReq ?? {};
      const voucher = state.vouchers.get(`${num(q.PtoVta)}-${num(q.CbteTipo)}-${num(q.CbteNro)}`);
      if (!voucher) return result(operation, { Errors: { Err: [{ Code: 602, Msg: 'Sin Resultados: - en la consulta de comprobantes' }] } });
      // ARCA's answer lists the voucher's fields without its IVA lines and associated vouchers.
      const rest = Object.fromEntries(Object.entries(voucher).filter(([key]) => key !== 'Iva' && key !== 'CbtesAsoc'));
      return result(operation, { ResultGet: { ...rest, CbteHasta: voucher.CbteDesde } });
    }
    if (operation === 'FECAESolicitar') {
      const cab = request.FeCAEReq?.FeCabReq ?? {};
      const det = list(request.FeCAEReq?.FeDetReq?.FECAEDetRequest)[0] ?? {};
      const head = {
        Cuit: request.Auth.Cuit,
        PtoVta: num(cab.PtoVta),
        CbteTipo: num(cab.CbteTipo),
        FchProceso: ymd(),
        CantReg: 1,
        Reproceso: 'N',
      };
      if (state.switches.error)
        return result(operation, {
          FeCabResp: { ...head, Resultado: 'R' },
          Errors: { Err: [{ Code: 500, Msg: 'Error interno de aplicacion.' }] },
        });
      const key = `${num(cab.PtoVta)}-${num(cab.CbteTipo)}`;
      if (state.switches.duplicate) {
        state.switches.duplicate = false;
        state.last.set(key, (state.last.get(key) ?? 0) + 1);
      }
      const expected = (state.last.get(key) ?? 0) + 1;
      const rejected = [];
      if (num(det.CbteDesde) !== expected)
        rejected.push({
          Code: 10016,
          Msg: `El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.`,
        });
      rejected.push(...voucherErrors(cab, det));
      if (state.switches.reject) rejected.push({ Code: 10015, Msg: 'El campo DocNro es invalido.' });
      if (rejected.length > 0) {
        const detail = {
          Concepto: det.Concepto,
          DocTipo: det.DocTipo,
          DocNro: det.DocNro,
          CbteDesde: det.CbteDesde,
          CbteHasta: det.CbteHasta,
          CbteFch: det.CbteFch,
          Resultado: 'R',
          CAE: '',
          CAEFchVto: '',
          Observaciones: { Obs: rejected },
        };
        return result(operation, { FeCabResp: { ...head, Resultado: 'R' }, FeDetResp: { FECAEDetResponse: detail } });
      }
      const detail = authorize(cab, det, { observe: state.switches.observe });
      return result(operation, { FeCabResp: { ...head, Resultado: 'A' }, FeDetResp: { FECAEDetResponse: detail } });
    }
    return fault('soap:Client', `Operacion desconocida ${operation}`);
  }

  async function control(req, res, path) {
    const text = await readText(req);
    const body = text ? JSON.parse(text) : {};
    const send = (status, value) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (path === '/__control/sign-csr') return send(200, { certificate: signCsr(authority, body.csr, body) });
    if (path === '/__control/switches') {
      Object.assign(state.switches, body);
      return send(200, state.switches);
    }
    if (path === '/__control/forget-tickets') {
      state.ticketBySerial.clear();
      return send(200, {});
    }
    if (path === '/__control/authorize') return send(200, authorize(body.cab, body.det));
    if (path === '/__control/state') {
      return send(200, {
        logins: state.logins,
        refusedLogins: state.refusedLogins,
        calls: state.calls,
        last: Object.fromEntries(state.last),
        vouchers: [...state.vouchers.values()],
      });
    }
    return send(404, {});
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const answer = async () => {
      if (path.startsWith('/__control/')) return control(req, res, path);
      const body = await readText(req);
      if (state.switches.down) {
        res.writeHead(503, { 'Content-Type': 'text/html' });
        return res.end('<html><body>Service Unavailable</body></html>');
      }
      if (state.switches.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, state.switches.slowMs));
      let xml;
      if (path === '/ws/services/LoginCms') xml = wsaa(body);
      else if (path === '/wsfev1/service.asmx') {
        const action = String(req.headers.soapaction ?? '').replace(/"/g, '');
        xml = wsfe(action.startsWith(FEV1) ? action.slice(FEV1.length) : action, body);
      } else {
        res.writeHead(404);
        return res.end();
      }
      // The answer lost on the way back (ARCA authorised, the shop never heard): the shop must reconcile.
      if (state.switches.dropAnswer && xml.includes('<Resultado>A</Resultado>') && path.startsWith('/wsfev1')) {
        state.switches.dropAnswer = false;
        return req.socket.destroy();
      }
      if (state.switches.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.switches.answerDelayMs));
      res.writeHead(xml.includes('<soap:Fault>') ? 500 : 200, { 'Content-Type': 'text/xml; charset=utf-8' });
      res.end(xml);
    };
    answer().catch((err) => {
      res.writeHead(500, { 'Content-Type': 'text/xml' });
      res.end(fault('soap:Server', String(err?.message ?? err)));
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  baseUrl = `http://${host}:${address.port}`;
  return {
    url: baseUrl,
    wsaaUrl: `${baseUrl}/ws/services/LoginCms`,
    wsfeUrl: `${baseUrl}/wsfev1/service.asmx`,
    state,
    signCsr: (csr, options) => signCsr(authority, csr, options),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = await startFakeArca({ port: Number(process.env.FAKE_ARCA_PORT ?? 1340) });
  console.log(`fake ARCA at ${fake.url} (WSAA ${fake.wsaaUrl}, WSFE ${fake.wsfeUrl})`);
}
