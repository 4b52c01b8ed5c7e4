import { isValidCuit, normalizeCuit } from '@shop/shared';
import { badRequest, conflict, notFound } from '../../utils/http';
import { certificateForKey, decryptSecret, encryptSecret, newKeyAndCsr } from './arca-crypto';
import { ArcaFault, ArcaUnavailable } from './arca-soap';
import { arcaMessageInSpanish } from './arca-messages';
import { isReady, parseSettings, publicSettings, settingsRow, updateSettingsRow } from './invoicing-settings';
import {
  creditNotesOf,
  creditSlot,
  currentInvoice,
  INVOICE_UID,
  invoiceBySlot,
  invoiceSlot,
  latestCreditNote,
  saleOf,
  updateInvoice,
  vouchersOf,
  type InvoiceRow,
} from './invoice-store';
import { creditedSoFar, creditNoteColumns } from './invoice-credits';
import { sweepInvoices } from './invoice-issue';
import { invoiceAnswer } from './invoice-view';
import { buyerDocumentOf, planColumns, voucherPlan } from './voucher-plan';
import { feDummy, lastAuthorized, WsfeErrors } from './wsfe';
import { accessTicket, forgetTicket, NotConfigured } from './wsaa-ticket';

const ORDER_NOT_FOUND = 'Orden no encontrada';
const NOT_READY = 'La facturación no está configurada: completá Configuración › Facturación y subí el certificado de ARCA';

export async function getSettings() {
  return { settings: publicSettings(await settingsRow()) };
}

export async function putSettings(body: unknown) {
  const data = parseSettings(body);
  const row = await settingsRow();
  // A ticket belongs to one CUIT and one ARCA (homologación or producción): either change needs a new login.
  if ((row.cuit && row.cuit !== data.cuit) || (row.environment ?? 'homologacion') !== data.environment) await forgetTicket(row.id);
  await updateSettingsRow(row.id, data);
  return getSettings();
}

/** A new key (replacing any earlier one) and its CSR; the key stays encrypted in the database. */
export async function createCsr() {
  const row = await settingsRow();
  if (!row.cuit || !row.businessName) throw badRequest('Guardá primero el CUIT y la razón social: el pedido de certificado los lleva');
  const { keyPem, csrPem } = newKeyAndCsr({ alias: `tienda${row.cuit}`, businessName: row.businessName, cuit: row.cuit });
  await updateSettingsRow(row.id, {
    privateKey: encryptSecret(keyPem),
    csr: csrPem,
    certificate: null,
    certificateNotAfter: null,
    certificateSubject: null,
  });
  await forgetTicket(row.id);
  return { csr: csrPem };
}

export async function putCertificate(body: unknown) {
  const text =
    typeof body === 'object' && body !== null && 'certificate' in body ? (body as { certificate: unknown }).certificate : undefined;
  if (typeof text !== 'string' || text.length > 20_000 || !text.includes('BEGIN CERTIFICATE')) {
    throw badRequest('Certificado: pegá el contenido del archivo .crt o .pem que entregó ARCA');
  }
  const row = await settingsRow();
  if (!row.privateKey) throw badRequest('Generá primero el pedido de certificado (CSR): el certificado debe corresponder a esa clave');
  const info = certificateForKey(text, decryptSecret(row.privateKey));
  if (info === 'unreadable') throw badRequest('Certificado: no se pudo leer; usá el archivo .crt o .pem que entregó ARCA');
  if (!info)
    throw badRequest('Certificado: no corresponde a la clave de esta tienda (generá un CSR nuevo y pedí el certificado con ese CSR)');
  if (Date.parse(info.notAfter) < Date.now()) throw badRequest('Certificado: está vencido');
  await updateSettingsRow(row.id, { certificate: info.pem, certificateNotAfter: info.notAfter, certificateSubject: info.subject });
  await forgetTicket(row.id);
  return { certificate: { subject: info.subject, notAfter: info.notAfter } };
}

const explain = (err: unknown): string =>
  err instanceof WsfeErrors
    ? err.errors.map(arcaMessageInSpanish).join(' · ')
    : err instanceof NotConfigured || err instanceof ArcaUnavailable || err instanceof ArcaFault
      ? err.message
      : 'Error inesperado al hablar con ARCA';

/** "Probar conexión": FEDummy, then a login and FECompUltimoAutorizado for the shop's point of sale. */
export async function testConnection() {
  const row = await settingsRow();
  if (!isReady(row)) throw badRequest(NOT_READY);
  try {
    const dummy = await feDummy();
    const plan = voucherPlan(row.taxCondition ?? 'monotributo', 'invoice', 0, null);
    const last = await lastAuthorized(await accessTicket(), row.pointOfSale ?? 1, plan.voucherType);
    const ok = dummy.app === 'OK' && dummy.db === 'OK' && dummy.auth === 'OK';
    return {
      ok,
      message: `ARCA responde (servidores: aplicación ${dummy.app}, base ${dummy.db}, autenticación ${dummy.auth}). Último ${plan.letter === 'C' ? 'Factura C' : `Factura ${plan.letter}`} autorizado en el punto de venta ${row.pointOfSale}: ${last}.`,
      lastNumber: last,
    };
  } catch (err) {
    return { ok: false, message: `No se pudo completar la prueba: ${explain(err)}` };
  }
}

interface OrderRow {
  id: number;
  documentId: string;
  orderNumber: string;
  orderStatus: string;
  paidAt: unknown;
  total: number;
  buyerDocument?: string | null;
  items?: { title?: string | null; quantity?: number | null; price?: number | null }[];
  shippingInfo?: { fullName?: string | null; email?: string | null } | null;
}

export async function orderRow(documentId: string): Promise<OrderRow> {
  const order = (await strapi.db
    .query('api::order.order')
    .findOne({ where: { documentId }, populate: ['items', 'shippingInfo'] })) as OrderRow | null;
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

const paid = (order: OrderRow) => order.orderStatus === 'paid' || Boolean(order.paidAt);

export async function orderInvoice(documentId: string) {
  const order = await orderRow(documentId);
  // The invoice of the order's current sale (an order reopened after its cancellation's credit note has a new one).
  const row = await currentInvoice(order.documentId);
  const credits = await creditNotesOf(order.documentId);
  const credit = await latestCreditNote(order.documentId);
  const settings = await settingsRow();
  const cuit = settings.cuit;
  // A row queued by a paid order in a shop that has not set invoicing up is not an invoice on its way.
  const onItsWay = (voucher: InvoiceRow) => !(voucher.status === 'queued' && !isReady(settings));
  const shown = row && onItsWay(row) ? row : null;
  // Every voucher, oldest first (invoice, credit note, invoice of the new sale…); never one that was not asked for.
  const chain = (await vouchersOf(order.documentId)).filter((voucher) => voucher.status !== 'skipped' && onItsWay(voucher));
  return {
    invoice: shown ? invoiceAnswer(shown, cuit) : { status: paid(order) ? 'not_invoiced' : 'not_paid' },
    creditNote: credit ? invoiceAnswer(credit, cuit) : null,
    creditNotes: credits.map((note) => invoiceAnswer(note, cuit)),
    vouchers: chain.map((voucher) => invoiceAnswer(voucher, cuit)),
  };
}

/** Waits for this process's sweep, at most a few seconds: the answer tells what happened so far. */
async function sweepBriefly(): Promise<void> {
  await Promise.race([sweepInvoices().catch(() => 0), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
}

/** "Facturar ahora" / "Reintentar": a paid order's invoice, asked now (optionally to a buyer's CUIT: Factura A). */
/**
 * Queues a voucher (invoice or credit note) in its slot: a new row when there is none (the unique slot decides
 * between concurrent requests), a retry of the number already asked (reconciled with the amounts it was asked
 * with), or the fresh figures when no number was asked yet; then a short sweep, and the row as it is now.
 */
async function queueVoucher(
  slot: string,
  order: OrderRow,
  kind: 'invoice' | 'credit_note',
  data: Record<string, unknown>,
): Promise<InvoiceRow | null> {
  const row = await invoiceBySlot(slot);
  if (!row) {
    try {
      await strapi.db
        .query(INVOICE_UID)
        .create({ data: { slot, orderDocumentId: order.documentId, orderNumber: order.orderNumber, kind, ...data } });
    } catch {
      // Another request made it first: the unique slot decides.
    }
  } else if (row.number) {
    await updateInvoice(row.id, { status: 'pending', nextAttemptAt: 0, error: null });
  } else {
    await updateInvoice(row.id, data);
  }
  await sweepBriefly();
  return invoiceBySlot(slot);
}

export async function invoiceNow(documentId: string, body: unknown) {
  const order = await orderRow(documentId);
  const settings = await settingsRow();
  if (!isReady(settings)) throw badRequest(NOT_READY);
  if (!paid(order)) throw badRequest('Solo se factura una orden pagada');
  const cuitInput =
    typeof body === 'object' && body !== null && 'buyerCuit' in body ? (body as { buyerCuit: unknown }).buyerCuit : undefined;
  // Staff may name the buyer's CUIT now; else the DNI or CUIT she gave at checkout, if any.
  let buyer = buyerDocumentOf(order.buyerDocument);
  if (cuitInput !== undefined && cuitInput !== null && cuitInput !== '') {
    const digits = typeof cuitInput === 'string' ? normalizeCuit(cuitInput) : null;
    if (!digits || !isValidCuit(digits)) throw badRequest('CUIT del comprador: no es válido');
    buyer = { kind: 'cuit', number: digits };
  }
  // The current sale's invoice (the first sale's when none was queued yet).
  const current = await currentInvoice(order.documentId);
  const slot = current?.slot ?? invoiceSlot(order.documentId);
  let row = current;
  if (row?.status === 'authorized') throw conflict('La orden ya tiene su factura autorizada');
  const plan = voucherPlan(settings.taxCondition ?? 'monotributo', 'invoice', Number(order.total ?? 0), buyer);
  const fresh = {
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    ...planColumns(plan),
    pointOfSale: settings.pointOfSale,
    buyerName: order.shippingInfo?.fullName ?? '',
  };
  row = await queueVoucher(slot, order, 'invoice', fresh);
  return { invoice: row ? invoiceAnswer(row, settings.cuit) : { status: 'pending' } };
}

export async function creditNote(documentId: string, body: unknown) {
  const order = await orderRow(documentId);
  const settings = await settingsRow();
  const invoice = await currentInvoice(order.documentId);
  if (!invoice || invoice.status !== 'authorized' || !invoice.number)
    throw badRequest('La orden no tiene una factura autorizada para acreditar');
  // The staff's credit note of this sale's invoice.
  const slot = creditSlot(order.documentId, saleOf(invoice.slot));
  const existing = await invoiceBySlot(slot);
  // What is left to credit: the invoice less the credit notes already made (cancellations, returns, this one aside).
  const total = Number(invoice.total ?? 0) - (await creditedSoFar(invoice, existing?.id ?? null));
  const amountInput = typeof body === 'object' && body !== null && 'amount' in body ? (body as { amount: unknown }).amount : undefined;
  const amount = amountInput === undefined || amountInput === null ? total : amountInput;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > total) {
    throw badRequest(`Importe: debe ser mayor que 0 y hasta lo que queda por acreditar de la factura (${total})`);
  }
  if (existing?.status === 'authorized') throw conflict('La orden ya tiene su nota de crédito autorizada');
  const data = { status: 'pending' as const, attempts: 0, nextAttemptAt: 0, error: null, ...creditNoteColumns(invoice, amount, settings) };
  const row = (await queueVoucher(slot, order, 'credit_note', data)) as InvoiceRow;
  return { creditNote: invoiceAnswer(row, settings.cuit) };
}
