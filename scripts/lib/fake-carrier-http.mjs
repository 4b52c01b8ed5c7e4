// What the carriers' fakes (scripts/fake-correo-argentino.mjs, scripts/fake-andreani.mjs) share: JSON answers, request
// bodies, Basic credentials, tokens with an expiry, the test modes (down, slow, error) and the control routes.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

export const json = (res, status, body, headers = {}) => {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

export async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The user and password of an `Authorization: Basic …` header, or null. */
export function basicCredentials(req) {
  const header = req.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * A minimal one-page PDF (A6 portrait) with the given lines of text in Helvetica: the carriers' labels. Only
 * printable ASCII is kept (the fake's labels carry numbers and plain names).
 */
export function labelPdf(lines) {
  const escape = (text) =>
    String(text)
      .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
      .replace(/([\\()])/g, '\\$1');
  const content = ['BT', '/F1 11 Tf', '24 380 Td', '14 TL', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export const pdf = (res, bytes) => {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': bytes.length });
  res.end(bytes);
};

/**
 * A carrier's fake server: the modes every carrier fake has (`down`: 503 to every call; `slow`: every answer held
 * back `delayMs`; `error`: quotes and new shipments refused with the carrier's error shape) and the control routes
 * under /__control: POST mode {mode, delayMs}, POST expire-tokens, GET state, POST reset, and POST advance {number,
 * to: 'admitted' | 'in_transit' | 'delivered'} (a shipment's next tracking events, written by the carrier's
 * `advance(shipment, to)`). `handle(req, res, url)` serves the carrier's own routes; `state.shipments` holds the
 * shipments created (by the carrier's number).
 */
export async function startCarrierFake({ port = 0, host = '127.0.0.1', tokenTtlMs, handle, advance = () => false }) {
  const state = {
    mode: 'ok',
    delayMs: 0,
    /** Issued tokens → expiry (ms since epoch). */
    tokens: new Map(),
    logins: 0,
    refusedLogins: 0,
    /** Every call to the carrier's routes: { method, path, query, body? } (never the credentials). */
    calls: [],
    tokenTtlMs,
    /** The shipments created: the carrier's number → its record (the carrier's own fields, `events`, `cancelled`). */
    shipments: new Map(),
  };
  const timers = new Set();
  const wait = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  const issueToken = () => {
    const token = randomBytes(24).toString('base64url');
    state.tokens.set(token, Date.now() + state.tokenTtlMs);
    state.logins += 1;
    return { token, expires: state.tokens.get(token) };
  };
  const tokenValid = (token) => {
    const expires = token ? state.tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    try {
      if (url.pathname.startsWith('/__control/')) {
        const action = url.pathname.slice('/__control/'.length);
        if (action === 'state' && req.method === 'GET') {
          const shipments = [...state.shipments.values()];
          return json(res, 200, { mode: state.mode, delayMs: state.delayMs, logins: state.logins, calls: state.calls, shipments });
        }
        const body = (await readJson(req)) ?? {};
        if (action === 'mode') {
          if (!['ok', 'down', 'slow', 'error'].includes(body.mode)) return json(res, 400, { message: 'mode: ok | down | slow | error' });
          state.mode = body.mode;
          state.delayMs = body.mode === 'slow' ? Number(body.delayMs ?? 5000) : 0;
          return json(res, 200, { mode: state.mode, delayMs: state.delayMs });
        }
        if (action === 'expire-tokens') {
          for (const token of state.tokens.keys()) state.tokens.set(token, 0);
          return json(res, 200, { expired: state.tokens.size });
        }
        if (action === 'advance') {
          const shipment = state.shipments.get(String(body.number ?? ''));
          if (!shipment) return json(res, 404, { message: 'unknown shipment number' });
          if (!['admitted', 'in_transit', 'delivered'].includes(body.to))
            return json(res, 400, { message: 'to: admitted | in_transit | delivered' });
          advance(shipment, body.to);
          return json(res, 200, { number: body.number, events: shipment.events.length });
        }
        if (action === 'reset') {
          state.mode = 'ok';
          state.delayMs = 0;
          state.calls.length = 0;
          return json(res, 200, { ok: true });
        }
        return json(res, 404, { message: 'unknown control' });
      }
      const record = { method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams) };
      state.calls.push(record);
      if (state.mode === 'slow') await wait(state.delayMs);
      if (state.mode === 'down') return json(res, 503, { message: 'Service Unavailable' });
      await handle(req, res, url, { state, record, issueToken, tokenValid });
    } catch (error) {
      json(res, 500, { message: String(error?.message ?? error) });
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    state,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
