import { randomBytes } from 'node:crypto';
import {
  WHATSAPP_MSG,
  WHATSAPP_STEPS,
  WHATSAPP_WINDOW_MS,
  whatsappReplySchema,
  type WhatsappConversation,
  type WhatsappMessage,
  type WhatsappStep,
} from '@shop/shared';
import { isRecord, isoDate, table, writeTransaction } from '../../utils/db-write';
import { badRequest, conflict, notFound, parseWith } from '../../utils/http';
import { kickWhatsappWorker } from './whatsapp-outbox';
import { canSend, whatsappConfig } from './whatsapp-settings';
import { WHATSAPP_TABLE, enqueueWhatsapp, toWhatsappMessage } from './whatsapp-store';

/** A conversation's key: the shopper's number as WhatsApp writes it. */
export function conversationPhone(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{8,15}$/.test(value)) throw badRequest(WHATSAPP_MSG.badConversationPhone);
  return value;
}

const windowEnd = (lastIn: unknown): string | null => {
  const iso = isoDate(lastIn);
  return iso ? new Date(new Date(iso).getTime() + WHATSAPP_WINDOW_MS).toISOString() : null;
};

/** "Mensajes": one row per shopper who wrote or was written to, newest first, with her unread count. */
export async function listConversations(limit = 50): Promise<WhatsappConversation[]> {
  const knex = strapi.db.connection;
  const grouped: unknown[] = await table(knex, WHATSAPP_TABLE)
    .select('phone')
    .max({ last_at: 'created_at' })
    .max({ last_in: knex.raw("case when direction = 'in' then sent_at end") })
    .sum({ unread: knex.raw("case when direction = 'in' and seen_at is null then 1 else 0 end") })
    .groupBy('phone')
    .orderBy('last_at', 'desc')
    .limit(limit);
  const rows = grouped.filter(isRecord);
  if (rows.length === 0) return [];
  const phones = rows.map((r) => String(r.phone));
  // The latest message and the latest name each shopper gave (one read of the page's rows, newest first).
  const recent: unknown[] = await table(knex, WHATSAPP_TABLE)
    .select('phone', 'body', 'parameters', 'kind', 'contact_name', 'direction')
    .whereIn('phone', phones)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(phones.length * 20);
  const last = new Map<string, string>();
  const names = new Map<string, string>();
  for (const row of recent.filter(isRecord)) {
    const phone = String(row.phone);
    if (!last.has(phone)) last.set(phone, toWhatsappMessage(row).text);
    if (!names.has(phone) && typeof row.contact_name === 'string' && row.contact_name) names.set(phone, row.contact_name);
  }
  return rows.map((row) => {
    const phone = String(row.phone);
    return {
      phone,
      name: names.get(phone) ?? null,
      lastMessageAt: isoDate(row.last_at) ?? '',
      lastText: last.get(phone) ?? '',
      unread: Number(row.unread ?? 0),
      windowEndsAt: windowEnd(row.last_in),
    };
  });
}

export interface ConversationAnswer {
  conversation: WhatsappConversation;
  messages: WhatsappMessage[];
  /** The templates the owner mapped to the shop's steps: what staff may send outside the 24-hour window. */
  templates: { step: WhatsappStep; name: string; language: string; parameters: number }[];
  /** Her orders the shop wrote to this number about, newest first. */
  orders: { id: string; orderNumber: string }[];
}

/** One shopper's messages, oldest first (the latest 200); reading them marks hers as seen. */
export async function readConversation(phone: string): Promise<ConversationAnswer> {
  const knex = strapi.db.connection;
  const rows: unknown[] = await table(knex, WHATSAPP_TABLE)
    .where({ phone })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(200);
  const records = rows.filter(isRecord).reverse();
  if (records.length === 0) throw notFound(WHATSAPP_MSG.conversationNotFound);
  const config = await whatsappConfig();
  const orderRows: unknown[] = await table(knex, WHATSAPP_TABLE)
    .where({ phone })
    .whereNotNull('order_document_id')
    .select('order_document_id', 'order_number')
    .max({ last: 'created_at' })
    .groupBy('order_document_id', 'order_number')
    .orderBy('last', 'desc')
    .limit(20);
  const unread = records.filter((r) => r.direction === 'in' && !r.seen_at).length;
  if (unread > 0) {
    await table(knex, WHATSAPP_TABLE).where({ phone, direction: 'in' }).whereNull('seen_at').update({ seen_at: new Date() });
  }
  const incoming = records.filter((r) => r.direction === 'in');
  const lastIn = incoming.at(-1);
  const named = [...records].reverse().find((r) => typeof r.contact_name === 'string' && r.contact_name);
  const latest = records.at(-1);
  return {
    conversation: {
      phone,
      name: named ? String(named.contact_name) : null,
      lastMessageAt: isoDate(latest?.created_at) ?? '',
      lastText: latest ? toWhatsappMessage(latest).text : '',
      unread: 0,
      windowEndsAt: windowEnd(lastIn?.sent_at),
    },
    messages: records.map(toWhatsappMessage),
    orders: orderRows.filter(isRecord).map((r) => ({ id: String(r.order_document_id), orderNumber: String(r.order_number ?? '') })),
    templates: WHATSAPP_STEPS.flatMap((step) => {
      const mapping = config.templates[step];
      return mapping ? [{ step, name: mapping.name, language: mapping.language, parameters: mapping.variables.length }] : [];
    }),
  };
}

/**
 * A staff member's answer: free text only inside the 24-hour window after her last message, else a template (WhatsApp
 * refuses free text outside it). Queued like every message (the worker sends it at once); answered as stored.
 */
export async function replyInConversation(phone: string, body: unknown, staffName: string): Promise<WhatsappMessage> {
  const input = parseWith(whatsappReplySchema, body);
  const config = await whatsappConfig();
  if (!canSend(config)) throw conflict(WHATSAPP_MSG.notConnected);
  const knex = strapi.db.connection;
  const lastIn: unknown = await table(knex, WHATSAPP_TABLE).where({ phone, direction: 'in' }).max({ at: 'sent_at' }).first();
  const lastInAt = isRecord(lastIn) ? isoDate(lastIn.at) : null;
  if ('text' in input && (!lastInAt || Date.now() - new Date(lastInAt).getTime() > WHATSAPP_WINDOW_MS)) {
    throw conflict(WHATSAPP_MSG.windowClosed);
  }
  const dedupeKey = `reply:${randomBytes(12).toString('base64url')}`;
  await writeTransaction((trx) =>
    enqueueWhatsapp(trx, {
      dedupeKey,
      phone,
      step: null,
      orderDocumentId: null,
      orderNumber: null,
      kind: 'text' in input ? 'text' : 'template',
      templateName: 'template' in input ? input.template.name : null,
      language: 'template' in input ? input.template.language : null,
      parameters: 'template' in input ? input.template.parameters : [],
      body: 'text' in input ? input.text : '',
      sentBy: staffName.slice(0, 120),
    }),
  );
  kickWhatsappWorker();
  const row: unknown = await table(knex, WHATSAPP_TABLE).where({ dedupe_key: dedupeKey }).first();
  return toWhatsappMessage(isRecord(row) ? row : {});
}
