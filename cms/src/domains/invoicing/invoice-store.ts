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

/**
 * An order's sales: the first is sale 1; an order cancelled (its invoice credited by the cancellation's credit note),
 * reopened and paid again is a new sale, invoiced anew. Vouchers are never changed into another sale's: each sale
 * has slots of its own, `…@<sale>` from the second on (sale 1 keeps the slots written before sales were counted).
 */
export const saleOf = (slot: string): number => {
  const match = /@(\d+)$/.exec(slot);
  return match ? Number(match[1]) : 1;
};
export const inSale = (slot: string, sale: number): string => (sale > 1 ? `${slot}@${sale}` : slot);

export const invoiceSlot = (orderDocumentId: string, sale = 1) => inSale(`${orderDocumentId}:invoice`, sale);
export const creditSlot = (orderDocumentId: string, sale = 1) => inSale(`${orderDocumentId}:credit_note`, sale);
/** A credit note the shop queues itself (`anulacion`, or a return's number). */
export const autoCreditSlot = (orderDocumentId: string, source: string) => `${orderDocumentId}:credit_note:${source}`;
/** The source of the credit note of a cancelled or refunded order. */
export const CANCELLATION = 'anulacion';
/** The credit note of the cancellation of one sale's invoice. */
export const cancellationSlot = (orderDocumentId: string, sale = 1) => inSale(autoCreditSlot(orderDocumentId, CANCELLATION), sale);

/** At most one invoice per sale and one credit note per slot, decided by the database (also between processes). */
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
  const latest: { id: number; slot: string; status: string } | undefined = await table(trx, INVOICES_TABLE)
    .where({ order_document_id: orderDocumentId, kind: 'invoice' })
    .orderBy('id', 'desc')
    .first('id', 'slot', 'status');
  let sale = 1;
  if (latest) {
    sale = saleOf(latest.slot);
    // An order paid again after its queued invoice was skipped (cancelled, then reopened) is queued again.
    if (latest.status === 'skipped') {
      await table(trx, INVOICES_TABLE).where({ id: latest.id, status: 'skipped' }).update({ status, error: null });
      return false;
    }
    // Its invoice stands unless the cancellation's credit note is on its way or authorised: then this is a new sale,
    // with an invoice of its own (issued once that credit note is authorised, see invoice-issue.ts).
    const cancellation: { status?: unknown } | undefined = await table(trx, INVOICES_TABLE)
      .where('slot', cancellationSlot(orderDocumentId, sale))
      .first('status');
    if (!cancellation || cancellation.status === 'skipped') return false;
    sale += 1;
  }
  return insertDocumentOnce(
    trx,
    INVOICES_TABLE,
    {
      slot: invoiceSlot(orderDocumentId, sale),
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

/** The order's invoices, oldest first (one per sale). */
export async function invoicesOf(orderDocumentId: string): Promise<InvoiceRow[]> {
  return (await strapi.db.query(INVOICE_UID).findMany({
    where: { orderDocumentId, kind: 'invoice' },
    orderBy: [{ id: 'asc' }],
  })) as InvoiceRow[];
}

/** The invoice of the order's current sale: its latest one not skipped (a skipped one only when there is no other). */
export async function currentInvoice(orderDocumentId: string): Promise<InvoiceRow | null> {
  const invoices = await invoicesOf(orderDocumentId);
  return [...invoices].reverse().find((i) => i.status !== 'skipped') ?? invoices[invoices.length - 1] ?? null;
}

/** The order's invoices and credit notes in the order they were made: the chain staff see (invoice, credit note, …). */
export async function vouchersOf(orderDocumentId: string): Promise<InvoiceRow[]> {
  return (await strapi.db.query(INVOICE_UID).findMany({ where: { orderDocumentId }, orderBy: [{ id: 'asc' }] })) as InvoiceRow[];
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
