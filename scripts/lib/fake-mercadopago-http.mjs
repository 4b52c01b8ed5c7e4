// What scripts/fake-mercadopago.mjs serves besides its state: JSON and HTML answers, request bodies, and the page of
// its Checkout Pro stand-in, and the signature of its webhooks.
import { createHmac, randomUUID } from 'node:crypto';

export const json = (res, status, body) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

export const html = (res, status, body) => {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
};

export async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text);
}

const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** What a preference charges: its items and its shipping. */
export const preferenceAmount = (preference) =>
  preference.items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0) + (preference.shipments?.cost ?? 0);

/** The checkout page of a preference: its order, lines and total, the installments it allows, and pay or reject. */
export function checkoutPage(preference) {
  const amount = preferenceAmount(preference);
  const lines = preference.items.map(
    (item) => `<li>${escapeHtml(item.quantity)} × ${escapeHtml(item.title)}: $${escapeHtml(item.unit_price)}</li>`,
  );
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mercado Pago (simulado)</title></head>
<body><main><h1>Mercado Pago (simulado)</h1><p>Pedido ${escapeHtml(preference.external_reference)}</p><ul>${lines.join('')}</ul>
<p>Total a pagar: $${escapeHtml(amount)}</p>
<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${escapeHtml(preference.id)}">
<label>Cuotas <select name="installments">${[...Array(preference.payment_methods?.installments ?? 1).keys()].map((i) => `<option>${i + 1}</option>`).join('')}</select></label>
<button name="outcome" value="approved">Pagar</button> <button name="outcome" value="rejected">Simular tarjeta rechazada</button></form></main></body></html>`;
}

/** The signature Mercado Pago puts on a webhook (x-signature), for `dataId`, `requestId` and `ts` (seconds). */
export function signWebhook(secret, dataId, requestId, ts) {
  const manifest = `id:${String(dataId).toLowerCase()};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}

/**
 * POSTs one notice to the shop as Mercado Pago does: `?data.id=<id>&type=<topic>` on the notification URL, the body,
 * and `x-signature` / `x-request-id` (`tsOffsetSeconds` ages it, `tamper` breaks it). The shop's HTTP status, or 0
 * when it cannot be reached.
 */
export async function postSignedWebhook(
  target,
  { secret, dataId, topic, body, tsOffsetSeconds = 0, tamper = false, requestId = randomUUID() },
) {
  const ts = Math.floor(Date.now() / 1000) + tsOffsetSeconds;
  let signature = signWebhook(secret, dataId, requestId, ts);
  if (tamper) signature = signature.replace(/v1=(.)/, (_, c) => `v1=${c === 'a' ? 'b' : 'a'}`);
  const url = `${target}${target.includes('?') ? '&' : '?'}data.id=${dataId}&type=${topic}`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
