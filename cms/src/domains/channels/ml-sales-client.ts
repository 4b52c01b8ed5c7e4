import { MercadoLibreCallError, mercadoLibreConfig } from './mercadolibre-client';

/**
 * Mercado Libre's sales API as the shop calls it with the account's access token (developers.mercadolibre.com.ar:
 * "Gestión de ventas", "Envíos", "Preguntas y respuestas", "Facturación"): orders, shipments, questions, answers
 * and fiscal documents. A 401 is `unauthorized` (withAccessToken refreshes once), 429/5xx/no answer `unavailable`
 * (retried later), anything else `refused`.
 */
const TIMEOUT_MS = 15_000;

export type Body = Record<string, unknown>;

function apiUrl(): string {
  const config = mercadoLibreConfig();
  if (!config) throw new MercadoLibreCallError('unavailable', 0);
  return config.apiUrl;
}

async function send(path: string, token: string, init: RequestInit = {}): Promise<Body> {
  let res: Response;
  try {
    res = await fetch(`${apiUrl()}${path}`, {
      ...init,
      headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new MercadoLibreCallError('unavailable', 0);
  }
  const text = await res.text().catch(() => '');
  if (res.status === 401) throw new MercadoLibreCallError('unauthorized', 401);
  if (res.status === 429 || res.status >= 500) throw new MercadoLibreCallError('unavailable', res.status);
  if (res.status < 200 || res.status > 299) throw new MercadoLibreCallError('refused', res.status);
  try {
    const body: unknown = text ? JSON.parse(text) : {};
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
  } catch {
    throw new MercadoLibreCallError('unavailable', res.status);
  }
}

/** GET /orders/{id} (orders_v2). */
export const fetchOrder = (token: string, id: string) => send(`/orders/${encodeURIComponent(id)}`, token);

/** GET /shipments/{id} in its current format. */
export const fetchShipment = (token: string, id: string) =>
  send(`/shipments/${encodeURIComponent(id)}`, token, { headers: { 'x-format-new': 'true' } });

/** The seller's unanswered questions (GET /questions/search, api_version 4). */
export const searchUnansweredQuestions = (token: string, sellerId: string) =>
  send(
    `/questions/search?seller_id=${encodeURIComponent(sellerId)}&status=UNANSWERED&api_version=4&sort_fields=date_created&sort_types=DESC`,
    token,
  );

/** POST /answers `{question_id, text}`. */
export const postAnswer = (token: string, questionId: string, text: string) =>
  send('/answers', token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question_id: Number(questionId), text }),
  });

/** POST /packs/{pack_id}/fiscal_documents, the PDF in the multipart field `fiscal_document`. */
export function postFiscalDocument(token: string, packId: string, pdf: Buffer, filename: string): Promise<Body> {
  const form = new FormData();
  form.append('fiscal_document', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
  return send(`/packs/${encodeURIComponent(packId)}/fiscal_documents`, token, { method: 'POST', body: form });
}
