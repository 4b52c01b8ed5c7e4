import { WHATSAPP_ERROR_TEXTS, type WhatsappTemplate } from '@shop/shared';
import { isRecord } from '../../utils/db-write';
import type { WhatsappEnv } from './whatsapp-settings';

/** A request that hangs is a failure like any other (retried): the outbox never waits on Meta for long. */
const TIMEOUT_MS = 15_000;

/** A refusal or failure of the Cloud API: Meta's code, the Spanish text for the owner, and whether to try again. */
export class WhatsappApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly text: string,
    readonly retryable: boolean,
  ) {
    super(text);
    this.name = 'WhatsappApiError';
  }
}

/** Meta's error text in Spanish: its code's, else its own message (details included). */
export function errorTextOf(code: number | null, fallback: string): string {
  return (code !== null ? WHATSAPP_ERROR_TEXTS[code] : undefined) ?? (fallback.slice(0, 300) || 'WhatsApp rechazó el mensaje');
}

/** Rate limits and Meta's own failures are worth a retry; anything else (a wrong template, a bad token) is not. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

async function call(env: WhatsappEnv, token: string, method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${env.apiUrl}/${env.version}/${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new WhatsappApiError(0, null, `No se pudo conectar con WhatsApp: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.ok) return parsed;
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : {};
  const code = typeof error.code === 'number' ? error.code : null;
  const details = isRecord(error.error_data) && typeof error.error_data.details === 'string' ? error.error_data.details : '';
  const message = [typeof error.message === 'string' ? error.message : `HTTP ${res.status}`, details].filter(Boolean).join(': ');
  const retryable = res.status === 429 || res.status >= 500 || (code !== null && RETRYABLE_CODES.has(code));
  throw new WhatsappApiError(res.status, code, errorTextOf(code, message), retryable);
}

/** What one message says to Meta: a template with its body parameters, or free text (inside the 24-hour window). */
export type WhatsappPayload =
  | { kind: 'template'; to: string; name: string; language: string; parameters: readonly string[] }
  | { kind: 'text'; to: string; body: string };

/** POST {base}/{version}/{phone-number-id}/messages → the message's WhatsApp id (wamid). */
export async function sendWhatsapp(env: WhatsappEnv, phoneNumberId: string, token: string, payload: WhatsappPayload): Promise<string> {
  const body =
    payload.kind === 'template'
      ? {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: payload.to,
          type: 'template',
          template: {
            name: payload.name,
            language: { code: payload.language },
            ...(payload.parameters.length
              ? { components: [{ type: 'body', parameters: payload.parameters.map((text) => ({ type: 'text', text })) }] }
              : {}),
          },
        }
      : {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: payload.to,
          type: 'text',
          text: { preview_url: true, body: payload.body },
        };
  const answer = await call(env, token, 'POST', `${encodeURIComponent(phoneNumberId)}/messages`, body);
  const id = isRecord(answer) && Array.isArray(answer.messages) && isRecord(answer.messages[0]) ? answer.messages[0].id : null;
  if (typeof id !== 'string' || id === '') throw new WhatsappApiError(502, null, 'WhatsApp aceptó el mensaje sin darle un número', true);
  return id;
}

function templateOf(raw: unknown): WhatsappTemplate | null {
  if (!isRecord(raw) || typeof raw.name !== 'string' || typeof raw.language !== 'string') return null;
  const components = Array.isArray(raw.components) ? raw.components.filter(isRecord) : [];
  const body = components.find((c) => String(c.type).toUpperCase() === 'BODY');
  const text = typeof body?.text === 'string' ? body.text : '';
  const placeholders = new Set([...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1]));
  return {
    name: raw.name,
    language: raw.language,
    status: typeof raw.status === 'string' ? raw.status : 'UNKNOWN',
    category: typeof raw.category === 'string' ? raw.category : '',
    body: text,
    parameters: placeholders.size,
  };
}

/** GET {base}/{version}/{waba-id}/message_templates, every page (at most 10 pages of 100). */
export async function listTemplates(env: WhatsappEnv, businessAccountId: string, token: string): Promise<WhatsappTemplate[]> {
  const templates: WhatsappTemplate[] = [];
  let after: string | null = null;
  for (let page = 0; page < 10; page += 1) {
    const query = new URLSearchParams({ limit: '100', fields: 'name,language,status,category,components' });
    if (after) query.set('after', after);
    const answer = await call(env, token, 'GET', `${encodeURIComponent(businessAccountId)}/message_templates?${query.toString()}`);
    const data = isRecord(answer) && Array.isArray(answer.data) ? answer.data : [];
    templates.push(...data.map(templateOf).filter((t): t is WhatsappTemplate => t !== null));
    const paging = isRecord(answer) && isRecord(answer.paging) ? answer.paging : {};
    const cursor = isRecord(paging.cursors) && typeof paging.cursors.after === 'string' ? paging.cursors.after : null;
    if (!cursor || typeof paging.next !== 'string' || data.length === 0) break;
    after = cursor;
  }
  return templates;
}
