import { createHmac, timingSafeEqual } from 'node:crypto';
import { WHATSAPP_MSG } from '@shop/shared';
import { isRecord, writeTransaction } from '../../utils/db-write';
import { forbidden, unauthorized } from '../../utils/http';
import { errorTextOf } from './whatsapp-client';
import { whatsappConfig } from './whatsapp-settings';
import { applyReceipt, storeIncoming } from './whatsapp-store';

/** GET /whatsapp/webhook: Meta's check of the callback URL (hub.mode=subscribe and the verify token) → the challenge. */
export async function verifyWebhook(query: Record<string, unknown>): Promise<string> {
  const config = await whatsappConfig();
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  const sameToken =
    typeof token === 'string' &&
    token.length === config.verifyToken.length &&
    timingSafeEqual(Buffer.from(token), Buffer.from(config.verifyToken));
  if (query['hub.mode'] !== 'subscribe' || !sameToken || typeof challenge !== 'string' || !/^[\w-]{1,200}$/.test(challenge)) {
    throw forbidden(WHATSAPP_MSG.badVerifyToken);
  }
  return challenge;
}

/** Whether `header` is `sha256=` + the HMAC-SHA256 of the exact body under the app secret (compared in constant time). */
export function validSignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const at = (seconds: unknown): Date => {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
};

/** What a received message says, in the inbox (media and the rest are named, not downloaded). */
function incomingText(message: Record<string, unknown>): string {
  const type = text(message.type) ?? 'unknown';
  if (type === 'text' && isRecord(message.text)) return text(message.text.body) ?? '';
  if (type === 'button' && isRecord(message.button)) return text(message.button.text) ?? '[botón]';
  if (type === 'interactive') return '[respuesta a un mensaje interactivo]';
  const named: Record<string, string> = {
    image: '[imagen]',
    audio: '[audio]',
    video: '[video]',
    document: '[documento]',
    sticker: '[sticker]',
    location: '[ubicación]',
    contacts: '[contacto]',
    reaction: '[reacción]',
  };
  const media = isRecord(message[type]) ? text((message[type] as Record<string, unknown>).caption) : null;
  return [named[type] ?? '[mensaje no admitido]', media].filter(Boolean).join(' ');
}

export interface WebhookOutcome {
  receipts: number;
  received: number;
}

/**
 * POST /whatsapp/webhook: a notification from Meta, accepted only when signed with the app secret. Receipts move
 * the shop's messages forward (sent, delivered, read, failed with Meta's reason in Spanish); received messages are
 * stored once each (Meta may send a notification again). Anything it does not know is ignored.
 */
export async function receiveWebhook(raw: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
  const { appSecret } = await whatsappConfig();
  if (!appSecret || !validSignature(raw, signature, appSecret)) throw unauthorized(WHATSAPP_MSG.badSignature);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    body = null;
  }
  const outcome: WebhookOutcome = { receipts: 0, received: 0 };
  if (!isRecord(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return outcome;
  for (const entry of body.entry.filter(isRecord)) {
    const changes = Array.isArray(entry.changes) ? entry.changes.filter(isRecord) : [];
    for (const change of changes) {
      if (change.field !== 'messages' || !isRecord(change.value)) continue;
      const value = change.value;
      for (const status of Array.isArray(value.statuses) ? value.statuses.filter(isRecord) : []) {
        const id = text(status.id);
        const kind = status.status;
        if (!id || (kind !== 'sent' && kind !== 'delivered' && kind !== 'read' && kind !== 'failed')) continue;
        const first = Array.isArray(status.errors) && isRecord(status.errors[0]) ? status.errors[0] : null;
        const code = first && typeof first.code === 'number' ? first.code : null;
        const error = kind === 'failed' ? { code, text: errorTextOf(code, text(first?.message) ?? text(first?.title) ?? '') } : null;
        if (await applyReceipt(id, kind, at(status.timestamp), error)) outcome.receipts += 1;
      }
      const contacts = Array.isArray(value.contacts) ? value.contacts.filter(isRecord) : [];
      for (const message of Array.isArray(value.messages) ? value.messages.filter(isRecord) : []) {
        const wamid = text(message.id);
        const from = text(message.from);
        if (!wamid || !from || !/^\d{6,20}$/.test(from)) continue;
        const contact = contacts.find((c) => c.wa_id === from);
        const name = isRecord(contact?.profile) ? text(contact.profile.name) : null;
        const incoming = {
          wamid,
          phone: from,
          name: name?.slice(0, 120) ?? null,
          text: incomingText(message).slice(0, 4096),
          receivedAt: at(message.timestamp),
        };
        if (await writeTransaction((trx) => storeIncoming(trx, incoming))) outcome.received += 1;
      }
    }
  }
  return outcome;
}
