import { EMAIL_KINDS, EMAIL_STATUSES, type EmailKind, type EmailMessage, type EmailStatus } from '@shop/shared';
import { newDocumentId, table, type Trx, isRecord, isoDate, withHeldNumber, writeSoon } from '../../utils/db-write';

export const OUTBOX_UID = 'api::email-outbox.email-outbox';

/** A message to queue: who, what, and which order it is about. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: EmailKind;
  orderDocumentId: string | null;
  orderNumber: string | null;
  /**
   * A mail that is not about an order in progress (cart recovery, 'Avisame'): the address a mail client POSTs to for
   * a one-click unsubscribe (RFC 8058), sent as List-Unsubscribe with List-Unsubscribe-Post.
   */
  listUnsubscribeUrl?: string | null;
}

/** A stored message as the worker needs it. */
export interface StoredMail extends OutgoingMail {
  id: number;
  attempts: number;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function toEmailMessage(row: Record<string, unknown>): EmailMessage {
  const kind = EMAIL_KINDS.find((k) => k === row.kind) ?? 'order_received';
  const status = EMAIL_STATUSES.find((s) => s === row.status) ?? 'pending';
  return {
    id: Number(row.id),
    to: str(row.to) ?? '',
    subject: str(row.subject) ?? '',
    kind,
    orderId: str(row.orderDocumentId),
    orderNumber: str(row.orderNumber),
    status,
    attempts: Number(row.attempts ?? 0),
    nextAttemptAt: status === 'pending' ? isoDate(row.nextAttemptAt) : null,
    lastError: str(row.lastError),
    sentAt: isoDate(row.sentAt),
    createdAt: isoDate(row.createdAt) ?? '',
  };
}

function toStored(row: unknown): StoredMail | null {
  if (!isRecord(row) || typeof row.id !== 'number') return null;
  const message = toEmailMessage(row);
  return {
    id: row.id,
    attempts: message.attempts,
    to: message.to,
    subject: message.subject,
    html: str(row.html) ?? '',
    text: str(row.text) ?? '',
    kind: message.kind,
    orderDocumentId: message.orderId,
    orderNumber: message.orderNumber,
    listUnsubscribeUrl: str(row.listUnsubscribeUrl),
  };
}

/** Queues a message, due now; answers it as staff see it. */
export async function enqueueMail(mail: OutgoingMail): Promise<EmailMessage> {
  const row: unknown = await strapi.db
    .query(OUTBOX_UID)
    .create({ data: { ...mail, status: 'pending', attempts: 0, nextAttemptAt: new Date() } });
  return toEmailMessage(isRecord(row) ? row : {});
}

/**
 * Queues several messages, due now, with one INSERT (atomic on its own: all of them or none). A checkout queues its
 * two or three messages this way: one statement and no row read back, where the Document Service would take a
 * transaction, an insert and a read per message.
 */
export async function enqueueMails(trx: Trx, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const now = new Date();
  // A new order's mails on PostgreSQL go with its number's statement, which writes the number into them (db-write.ts).
  const numbered = (value: unknown) => withHeldNumber(trx, value);
  const insert = table(trx, 'email_outboxes').insert(
    mails.map((mail) => ({
      document_id: newDocumentId(),
      to: mail.to,
      subject: numbered(mail.subject),
      html: numbered(mail.html),
      text: numbered(mail.text),
      kind: mail.kind,
      order_document_id: mail.orderDocumentId,
      order_number: numbered(mail.orderNumber),
      list_unsubscribe_url: mail.listUnsubscribeUrl ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
      published_at: now,
    })),
  );
  await writeSoon(trx, insert);
}

/** Pending messages whose time has come, oldest first. */
export async function dueMails(now: Date, limit: number): Promise<StoredMail[]> {
  const rows: unknown[] = await strapi.db.query(OUTBOX_UID).findMany({
    where: { status: 'pending', nextAttemptAt: { $lte: now } },
    orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }],
    limit,
  });
  return rows.map(toStored).filter((m): m is StoredMail => m !== null);
}

const countOf = (result: unknown) => (isRecord(result) ? Number(result.count) : 0);

/**
 * Takes a due message for one send attempt with one conditional UPDATE: it still has the attempt count it was read
 * with, and is still pending. Among several app processes only one matches; the others change nothing. The attempt
 * is counted and the message leased (due again only if this process dies before recording the outcome).
 */
export async function claimMail(mail: StoredMail, leaseUntil: Date): Promise<boolean> {
  const result: unknown = await strapi.db.query(OUTBOX_UID).updateMany({
    where: { id: mail.id, status: 'pending', attempts: mail.attempts },
    data: { attempts: mail.attempts + 1, nextAttemptAt: leaseUntil },
  });
  return countOf(result) > 0;
}

/** Records the outcome of the attempt this process claimed (unless staff re-queued the message meanwhile). */
export async function finishMail(id: number, attempt: number, data: Record<string, unknown>): Promise<void> {
  await strapi.db.query(OUTBOX_UID).updateMany({ where: { id, attempts: attempt }, data });
}

export interface MailListQuery {
  page: number;
  limit: number;
  status?: EmailStatus;
  orderDocumentId?: string;
}

const LIST_COLUMNS = [
  'id',
  'to',
  'subject',
  'kind',
  'orderDocumentId',
  'orderNumber',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastError',
  'sentAt',
  'createdAt',
];

/**
 * Staff's list of messages, newest first (created_at, id), at scale: the count and the page's ids are two plain SQL
 * queries answered from an index in the list's order (idx_shop_email_outboxes_list and _list_status, or the order's
 * own), then only the page's rows are read, through the Query Engine as before, so the answer is the same. Sorting
 * every message (each row holds its whole HTML) for a page of 20 took 1.5-1.9 s at 5 clients on 30,000 orders
 * (docs/performance.md, "The outbox list"); the orders list is paged the same way (orders/order-list.ts).
 */
export async function listMails(query: MailListQuery): Promise<{ emails: EmailMessage[]; total: number }> {
  const knex = strapi.db.connection;
  const filtered = () => {
    const q = table(knex, 'email_outboxes');
    if (query.status) void q.where('status', query.status);
    if (query.orderDocumentId) void q.where('order_document_id', query.orderDocumentId);
    return q;
  };
  const counted: unknown = await filtered().count({ n: '*' }).first();
  const total = isRecord(counted) ? Number(counted.n ?? 0) : 0;
  const idRows: unknown[] = await filtered()
    .select('id')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const ids = idRows.map((r) => (isRecord(r) ? Number(r.id) : NaN)).filter(Number.isInteger);
  if (ids.length === 0) return { emails: [], total };
  const rows: unknown[] = await strapi.db
    .query(OUTBOX_UID)
    .findMany({ where: { id: { $in: ids } }, select: LIST_COLUMNS, limit: ids.length });
  const byId = new Map(rows.filter(isRecord).map((row) => [Number(row.id), row]));
  return {
    emails: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toEmailMessage(row)] : [];
    }),
    total,
  };
}

/** Queues a message again, due now, with a fresh count of attempts; null when there is no such message. */
export async function requeueMail(id: number): Promise<EmailMessage | null> {
  const result: unknown = await strapi.db
    .query(OUTBOX_UID)
    .updateMany({ where: { id }, data: { status: 'pending', attempts: 0, nextAttemptAt: new Date(), sentAt: null } });
  if (countOf(result) === 0) return null;
  const row: unknown = await strapi.db.query(OUTBOX_UID).findOne({ where: { id } });
  return isRecord(row) ? toEmailMessage(row) : null;
}
