import {
  WHATSAPP_MESSAGE_STATUSES,
  WHATSAPP_STEPS,
  type WhatsappMessage,
  type WhatsappMessageStatus,
  type WhatsappStep,
} from '@shop/shared';
import { insertDocumentOnce, isRecord, isoDate, jsonColumn, table, type Trx } from '../../utils/db-write';

/**
 * The shop's WhatsApp messages, both ways, in one table (content type api::whatsapp-message): a row per message to
 * send (queued once per order and step: the unique `dedupe_key` decides, also between processes) and per message
 * received (once per WhatsApp message id, as Meta may notify one more than once).
 */
export const WHATSAPP_TABLE = 'whatsapp_messages';

export const WHATSAPP_INDEXES = [
  { name: 'idx_shop_whatsapp_dedupe', table: WHATSAPP_TABLE, columns: ['dedupe_key'], unique: true },
  { name: 'idx_shop_whatsapp_wamid', table: WHATSAPP_TABLE, columns: ['wamid'] },
  { name: 'idx_shop_whatsapp_phone', table: WHATSAPP_TABLE, columns: ['phone', 'created_at'] },
  { name: 'idx_shop_whatsapp_order', table: WHATSAPP_TABLE, columns: ['order_document_id'] },
  { name: 'idx_shop_whatsapp_due', table: WHATSAPP_TABLE, columns: ['status', 'next_attempt_at'] },
] as const;

export type Row = Record<string, unknown>;

/** A message to queue: its key (one row per key, ever), who to, and what. */
export interface OutgoingWhatsapp {
  dedupeKey: string;
  phone: string;
  step: WhatsappStep | null;
  orderDocumentId: string | null;
  orderNumber: string | null;
  kind: 'template' | 'text';
  templateName: string | null;
  language: string | null;
  parameters: string[];
  body: string;
  sentBy: string | null;
}

/** Queues it, due now; false when a message with this key exists already (nothing written). */
export function enqueueWhatsapp(trx: Trx, message: OutgoingWhatsapp, now = new Date()): Promise<boolean> {
  return insertDocumentOnce(
    trx,
    WHATSAPP_TABLE,
    {
      dedupe_key: message.dedupeKey,
      direction: 'out',
      phone: message.phone,
      step: message.step,
      order_document_id: message.orderDocumentId,
      order_number: message.orderNumber,
      kind: message.kind,
      template_name: message.templateName,
      language: message.language,
      parameters: JSON.stringify(message.parameters),
      body: message.body,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      sent_by: message.sentBy,
    },
    'dedupe_key',
    now,
  );
}

/** A received message, stored once per WhatsApp id; false when it was stored already. */
export function storeIncoming(
  trx: Trx,
  incoming: { wamid: string; phone: string; name: string | null; text: string; receivedAt: Date },
): Promise<boolean> {
  return insertDocumentOnce(
    trx,
    WHATSAPP_TABLE,
    {
      dedupe_key: `in:${incoming.wamid}`,
      direction: 'in',
      phone: incoming.phone,
      contact_name: incoming.name,
      kind: 'text',
      body: incoming.text,
      status: 'read',
      attempts: 0,
      wamid: incoming.wamid,
      sent_at: incoming.receivedAt,
    },
    'dedupe_key',
    incoming.receivedAt,
  );
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A row as staff see it (`error` is the stored Spanish text). */
export function toWhatsappMessage(row: Row): WhatsappMessage {
  const parameters = jsonColumn(row.parameters);
  const params = Array.isArray(parameters) ? parameters.filter((p): p is string => typeof p === 'string') : [];
  const kind = row.kind === 'template' ? 'template' : 'text';
  return {
    id: Number(row.id),
    direction: row.direction === 'in' ? 'in' : 'out',
    phone: str(row.phone) ?? '',
    step: WHATSAPP_STEPS.find((s) => s === row.step) ?? null,
    orderId: str(row.order_document_id),
    orderNumber: str(row.order_number),
    kind,
    templateName: str(row.template_name),
    text: str(row.body) ?? (kind === 'template' ? params.join(' · ') : ''),
    status: WHATSAPP_MESSAGE_STATUSES.find((s) => s === row.status) ?? 'pending',
    error: str(row.last_error),
    createdAt: isoDate(row.created_at) ?? '',
    sentAt: isoDate(row.sent_at),
    deliveredAt: isoDate(row.delivered_at),
    readAt: isoDate(row.read_at),
  };
}

/** A stored message as the worker needs it. */
export interface StoredWhatsapp extends OutgoingWhatsapp {
  id: number;
  attempts: number;
}

function toStored(row: Row): StoredWhatsapp {
  const message = toWhatsappMessage(row);
  const parameters = jsonColumn(row.parameters);
  return {
    id: message.id,
    attempts: Number(row.attempts ?? 0),
    dedupeKey: str(row.dedupe_key) ?? '',
    phone: message.phone,
    step: message.step,
    orderDocumentId: message.orderId,
    orderNumber: message.orderNumber,
    kind: message.kind,
    templateName: message.templateName,
    language: str(row.language),
    parameters: Array.isArray(parameters) ? parameters.filter((p): p is string => typeof p === 'string') : [],
    body: str(row.body) ?? '',
    sentBy: str(row.sent_by),
  };
}

/** Messages due to be sent, oldest first. */
export async function dueWhatsapp(now: Date, limit: number): Promise<StoredWhatsapp[]> {
  const rows: unknown[] = await table(strapi.db.connection, WHATSAPP_TABLE)
    .where({ status: 'pending', direction: 'out' })
    .andWhere('next_attempt_at', '<=', now)
    .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
    .limit(limit);
  return rows.filter(isRecord).map(toStored);
}

/**
 * Takes a due message for one attempt with one conditional UPDATE (still pending, same attempt count): among several
 * processes only one matches. Leased until `leaseUntil` (due again only if this process dies mid-send).
 */
export async function claimWhatsapp(message: StoredWhatsapp, leaseUntil: Date): Promise<boolean> {
  const changed: unknown = await table(strapi.db.connection, WHATSAPP_TABLE)
    .where({ id: message.id, status: 'pending', attempts: message.attempts })
    .update({ attempts: message.attempts + 1, next_attempt_at: leaseUntil, updated_at: new Date() });
  return Number(changed) > 0;
}

/** Records the outcome of the attempt this process claimed. */
export async function finishWhatsapp(id: number, attempt: number, data: Row): Promise<void> {
  await table(strapi.db.connection, WHATSAPP_TABLE)
    .where({ id, attempts: attempt })
    .update({ ...data, updated_at: new Date() });
}

/** Receipts only move forward (a late "sent" never undoes "read"); "failed" ends any of them. */
const RANK: Record<WhatsappMessageStatus, number> = { pending: 0, accepted: 1, sent: 2, delivered: 3, read: 4, failed: 5 };

/** Applies a delivery receipt to the message Meta named; false when it is unknown or already further along. */
export async function applyReceipt(
  wamid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  at: Date,
  error: { code: number | null; text: string } | null,
): Promise<boolean> {
  const lower = WHATSAPP_MESSAGE_STATUSES.filter((s) => RANK[s] < RANK[status]);
  const column = { sent: 'sent_at', delivered: 'delivered_at', read: 'read_at', failed: null }[status];
  const data: Row = { status, updated_at: new Date() };
  if (column) data[column] = at;
  // A message read was delivered: Meta may send "read" alone.
  if (status === 'read') data.delivered_at = at;
  if (error) Object.assign(data, { last_error: error.text, error_code: error.code });
  const changed: unknown = await table(strapi.db.connection, WHATSAPP_TABLE)
    .where({ wamid, direction: 'out' })
    .whereIn('status', lower)
    .update(data);
  return Number(changed) > 0;
}

/** An order's messages, oldest first (the order's card in the back office). */
export async function orderWhatsappMessages(orderDocumentId: string): Promise<WhatsappMessage[]> {
  const rows: unknown[] = await table(strapi.db.connection, WHATSAPP_TABLE)
    .where({ order_document_id: orderDocumentId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(100);
  return rows.filter(isRecord).map(toWhatsappMessage);
}
