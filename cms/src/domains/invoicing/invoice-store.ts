import { insertDocumentOnce, table, type Trx } from '../../utils/db-write';

export const INVOICE_UID = 'api::invoice.invoice';
export const INVOICES_TABLE = 'invoices';

/** `skipped`: "no facturar", an invoice queued for an order cancelled or refunded before any number was asked. */
export type InvoiceStatus = 'queued' | 'pending' | 'authorized' | 'error' | 'skipped';

export interface InvoiceRow {
  id: number;
  documentId: string;
  slot: string;
  orderDocumentId: string;
  orderNumber: string | null;
  kind: 'invoice' | 'credit_note';
  status: InvoiceStatus;
  letter: string | null;
  voucherType: number | null;
  pointOfSale: number | null;
  number: number | null;
  cae: string | null;
  caeDueDate: string | null;
  issueDate: string | null;
  net: number | string | null;
  vat: number | string | null;
  total: number | string | null;
  docType: number | null;
  docNumber: string | null;
  receiverVatCondition: number | null;
  buyerName: string | null;
  relatedType: number | null;
  relatedNumber: number | null;
  attempts: number | null;
  nextAttemptAt: number | string | null;
  error: string | null;
  observations: unknown;
}

export const invoiceSlot = (orderDocumentId: string) => `${orderDocumentId}:invoice`;
export const creditSlot = (orderDocumentId: string) => `${orderDocumentId}:credit_note`;

/** At most one invoice and one credit note per order, decided by the database (also between processes). */
export async function prepareInvoiceTable(): Promise<void> {
  const schema = strapi.db.getSchemaName();
  const name = schema ? `"${schema}"."${INVOICES_TABLE}"` : INVOICES_TABLE;
  await strapi.db.connection.raw(`CREATE UNIQUE INDEX IF NOT EXISTS invoices_slot_unique ON ${name} (slot)`);
}

/** The hook of a paid order: a queued invoice row in the order's own transaction (nothing else; never ARCA). */
export async function queueInvoice(
  trx: Trx,
  orderDocumentId: string,
  orderNumber: string,
  status: InvoiceStatus = 'queued',
): Promise<boolean> {
  // An order paid again after its queued invoice was skipped (cancelled, then reopened) is queued again.
  await table(trx, INVOICES_TABLE)
    .where({ slot: invoiceSlot(orderDocumentId), status: 'skipped' })
    .update({ status, error: null });
  return insertDocumentOnce(
    trx,
    INVOICES_TABLE,
    {
      slot: invoiceSlot(orderDocumentId),
      order_document_id: orderDocumentId,
      order_number: orderNumber,
      kind: 'invoice',
      status,
      attempts: 0,
      next_attempt_at: 0,
    },
    'slot',
  );
}

/** The order's credit notes, oldest first (the staff's own, and the ones the shop queued for cancellations and returns). */
export async function creditNotesOf(orderDocumentId: string): Promise<InvoiceRow[]> {
  return (await strapi.db.query(INVOICE_UID).findMany({
    where: { orderDocumentId, kind: 'credit_note' },
    orderBy: [{ id: 'asc' }],
  })) as InvoiceRow[];
}

/** The credit note shown and downloaded for an order: its latest authorised one, else its latest. */
export async function latestCreditNote(orderDocumentId: string): Promise<InvoiceRow | null> {
  const notes = await creditNotesOf(orderDocumentId);
  return [...notes].reverse().find((n) => n.status === 'authorized') ?? notes[notes.length - 1] ?? null;
}

export async function invoiceBySlot(slot: string): Promise<InvoiceRow | null> {
  return (await strapi.db.query(INVOICE_UID).findOne({ where: { slot } })) as InvoiceRow | null;
}

export async function updateInvoice(id: number, data: Partial<Omit<InvoiceRow, 'id'>>): Promise<void> {
  await strapi.db.query(INVOICE_UID).update({ where: { id }, data });
}

/** Rows a sweep should work on now, oldest first: asked-for numbers first (they must be reconciled before any new one). */
export async function dueInvoices(includeQueued: boolean, limit = 50): Promise<InvoiceRow[]> {
  const statuses = includeQueued ? ['pending', 'queued'] : ['pending'];
  const rows: { id: number }[] = await table(strapi.db.connection, INVOICES_TABLE)
    .select('id')
    .whereIn('status', statuses)
    .andWhere((q) => void q.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', Date.now()))
    .orderByRaw('CASE WHEN number IS NULL THEN 1 ELSE 0 END, id')
    .limit(limit);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const found = (await strapi.db.query(INVOICE_UID).findMany({ where: { id: { $in: ids } } })) as InvoiceRow[];
  return ids.map((id) => found.find((row) => row.id === id)).filter((row): row is InvoiceRow => Boolean(row));
}

/** Invoices authorised in one month (AAAAMM), for the Libro IVA ventas. */
export async function authorizedInMonth(month: string): Promise<InvoiceRow[]> {
  return (await strapi.db.query(INVOICE_UID).findMany({
    where: { status: 'authorized', issueDate: { $startsWith: month } },
    orderBy: [{ issueDate: 'asc' }, { id: 'asc' }],
  })) as InvoiceRow[];
}
