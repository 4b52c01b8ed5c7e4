import { emit } from '../../utils/events';
import { ArcaFault, ArcaUnavailable, TIMEOUT_MS } from './arca-soap';
import { isReady, releaseLease, renewLease, settingsRow, takeLease, type SettingsRow } from './invoicing-settings';
import {
  cancellationSlot,
  dueInvoices,
  invoiceBySlot,
  invoiceSlot,
  invoicesOf,
  saleOf,
  updateInvoice,
  type InvoiceRow,
} from './invoice-store';
import { arcaMessageInSpanish } from './arca-messages';
import { buyerDocumentOf, planColumns, voucherPlan, type Letter, type VoucherPlan } from './voucher-plan';
import { consult, lastAuthorized, requestCae, WsfeErrors, type Authorized, type Related } from './wsfe';
import { accessTicket, NotConfigured, type Ticket } from './wsaa-ticket';
import { queueInvoiceMail, queueMissedInvoiceMails } from './invoice-mail';
import { creditedSoFar, planCreditNote } from './invoice-credits';

/**
 * Issuing, never twice and never lost. One process at a time holds the issue lease (a conditional update of the
 * settings row), so numbers are asked one after the other. Before asking ARCA, the row is written `pending` with the
 * number it asks for; after a timeout, an error or a crash that row is reconciled with FECompConsultar before
 * anything else: ARCA has it → authorised with its CAE; ARCA does not → asked again with a fresh number.
 * ARCA down leaves rows pending with a growing delay (30 s doubling up to 30 min).
 */
const ARCA_DAY = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
/** The first retry's delay (ARCA_RETRY_MS, 30 s), doubling with each attempt up to 30 minutes. */
const backoff = (attempts: number) => Math.min(Number(process.env.ARCA_RETRY_MS ?? 30_000) * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

interface OrderFacts {
  status: string;
  total: number;
  buyerName: string;
  buyerDocument: string | null;
}

async function orderFacts(orderDocumentId: string): Promise<OrderFacts | null> {
  const order = (await strapi.db
    .query('api::order.order')
    .findOne({ where: { documentId: orderDocumentId }, populate: ['shippingInfo'] })) as {
    orderStatus?: string | null;
    total?: number | null;
    buyerDocument?: string | null;
    shippingInfo?: { fullName?: string | null } | null;
  } | null;
  if (!order) return null;
  return {
    status: order.orderStatus ?? '',
    total: Number(order.total ?? 0),
    buyerName: order.shippingInfo?.fullName ?? '',
    buyerDocument: order.buyerDocument ?? null,
  };
}

function authorizedData(found: Authorized) {
  return {
    status: 'authorized' as const,
    cae: found.cae,
    caeDueDate: found.caeDueDate,
    error: null,
    observations: found.observations.length ? found.observations.map(arcaMessageInSpanish) : null,
  };
}

/** The plan stored on the row the first time it is asked for (amounts never change between attempts). */
async function planOf(row: InvoiceRow, settings: SettingsRow): Promise<VoucherPlan | null> {
  if (row.voucherType && row.letter) {
    return {
      letter: row.letter as Letter,
      voucherType: row.voucherType,
      docType: row.docType ?? 99,
      docNumber: row.docNumber ?? '0',
      receiverVatCondition: row.receiverVatCondition ?? 5,
      total: Number(row.total ?? 0),
      net: Number(row.net ?? 0),
      vat: Number(row.vat ?? 0),
      vatLines: Number(row.vat ?? 0) > 0 ? [{ id: 5, base: Number(row.net ?? 0), amount: Number(row.vat ?? 0) }] : [],
    };
  }
  const facts = await orderFacts(row.orderDocumentId);
  if (!facts) return null;
  const plan = voucherPlan(settings.taxCondition ?? 'monotributo', 'invoice', facts.total, buyerDocumentOf(facts.buyerDocument));
  await updateInvoice(row.id, { ...planColumns(plan), pointOfSale: settings.pointOfSale, buyerName: facts.buyerName });
  return plan;
}

/** ARCA authorised the row: its CAE stored, then the shopper's e-mail with the PDF queued (once, see queueInvoiceMail). */
async function authorize(row: InvoiceRow, found: Authorized): Promise<void> {
  await updateInvoice(row.id, authorizedData(found));
  if (row.kind !== 'invoice') return;
  // A channel's sale (Mercado Libre) uploads it there (a durable job of the channel's worker).
  await emit('invoice.authorized', { orderDocumentId: row.orderDocumentId, orderNumber: row.orderNumber });
  // Never fails the issuing: a sweep queues it later (queueMissedInvoiceMails).
  await queueInvoiceMail(row.id).catch((err) => strapi.log.warn(`[invoicing] could not queue the invoice e-mail: ${String(err)}`));
}

async function retryLater(row: InvoiceRow, message: string): Promise<void> {
  const attempts = (row.attempts ?? 0) + 1;
  await updateInvoice(row.id, { status: 'pending', attempts, nextAttemptAt: Date.now() + backoff(attempts), error: message });
}

/** The invoice a credit note corrects, with its own date (ARCA checks CbtesAsoc against the voucher it names). */
async function relatedVoucher(row: InvoiceRow, pointOfSale: number, fallbackDate: string): Promise<Related> {
  const invoice = (await invoicesOf(row.orderDocumentId)).find((i) => i.voucherType === row.relatedType && i.number === row.relatedNumber);
  return {
    voucherType: row.relatedType ?? 0,
    pointOfSale: invoice?.pointOfSale ?? pointOfSale,
    number: row.relatedNumber ?? 0,
    issueDate: invoice?.issueDate ?? fallbackDate,
  };
}

/** Said on an invoice the sweep will not ask for: its order was cancelled or refunded before a number was asked. */
export const SKIPPED_NOTE = 'No se factura: la orden se canceló o reintegró antes de pedir el comprobante a ARCA';

/** Said on a new sale's invoice when the previous sale's invoice was not cancelled after all (it still stands). */
export const PREVIOUS_STANDS_NOTE = 'No se factura: la factura anterior de la orden sigue vigente (no se acreditó)';

/**
 * A new sale's invoice (an order reopened after its cancellation's credit note): asked only once that credit note is
 * authorised (or the previous invoice is credited in full), never beside an invoice that still stands.
 */
async function previousSaleCredited(row: InvoiceRow): Promise<'yes' | 'no' | 'wait'> {
  const sale = saleOf(row.slot);
  const credit = await invoiceBySlot(cancellationSlot(row.orderDocumentId, sale - 1));
  if (credit?.status === 'authorized') return 'yes';
  if (credit && credit.status !== 'skipped') return 'wait';
  const previous = await invoiceBySlot(invoiceSlot(row.orderDocumentId, sale - 1));
  if (previous?.status === 'authorized' && previous.number) {
    return (await creditedSoFar(previous, null)) >= Number(previous.total ?? 0) ? 'yes' : 'no';
  }
  return 'no';
}

/** One row: reconcile an asked number, else ask the next one (an invoice of an order no longer sold: none). */
async function issueOne(queued: InvoiceRow, settings: SettingsRow, ticket: Ticket): Promise<void> {
  let row = queued;
  if (row.kind === 'invoice' && !row.number) {
    const facts = await orderFacts(row.orderDocumentId);
    if (facts && (facts.status === 'cancelled' || facts.status === 'refunded')) {
      return updateInvoice(row.id, { status: 'skipped', error: SKIPPED_NOTE });
    }
    if (saleOf(row.slot) > 1) {
      const credited = await previousSaleCredited(row);
      if (credited === 'no') return updateInvoice(row.id, { status: 'skipped', error: PREVIOUS_STANDS_NOTE });
      if (credited === 'wait') return retryLater(row, 'Esperando que ARCA autorice la nota de crédito de la factura anterior');
    }
  }
  if (row.kind === 'credit_note' && !(row.voucherType && row.letter)) {
    // A credit note the shop queued itself (a cancellation, a return): planned once its invoice is authorised.
    const outcome = await planCreditNote(row, settings);
    if (outcome !== 'planned') {
      return 'skip' in outcome ? updateInvoice(row.id, { status: 'skipped', error: outcome.skip }) : retryLater(row, outcome.wait);
    }
    row = (await invoiceBySlot(row.slot)) ?? row;
  }
  const plan = await planOf(row, settings);
  if (!plan) return updateInvoice(row.id, { status: 'error', error: 'La orden ya no existe' });
  const pointOfSale = row.pointOfSale ?? settings.pointOfSale ?? 1;
  if (row.number) {
    const found = await consult(ticket, pointOfSale, plan.voucherType, row.number);
    if (found) return authorize(row, found);
    await updateInvoice(row.id, { number: null });
  }
  const next = (await lastAuthorized(ticket, pointOfSale, plan.voucherType)) + 1;
  const issueDate = ARCA_DAY();
  // Written before the request: a crash from here on is reconciled with FECompConsultar, never asked twice.
  await updateInvoice(row.id, { status: 'pending', number: next, pointOfSale, issueDate });
  const related = row.relatedType && row.relatedNumber ? await relatedVoucher(row, pointOfSale, issueDate) : null;
  const answer = await requestCae(ticket, pointOfSale, next, issueDate, plan, related);
  if (answer.result === 'A') return authorize(row, answer.authorized);
  if (answer.errors.some((e) => e.code === '10016')) {
    // The number was taken meanwhile (another system on the same point of sale): ask again with a fresh one.
    return updateInvoice(row.id, { status: 'pending', number: null, nextAttemptAt: 0, attempts: (row.attempts ?? 0) + 1 });
  }
  await updateInvoice(row.id, {
    status: 'error',
    number: null,
    attempts: (row.attempts ?? 0) + 1,
    error: answer.errors.map(arcaMessageInSpanish).join(' · ') || 'ARCA rechazó el comprobante',
  });
}

let running: Promise<number> | null = null;
/**
 * Longer than one row's worst case (three ARCA calls of ARCA_TIMEOUT_MS, and the database's margin,
 * ARCA_LEASE_MARGIN_MS, 15 s): the lease is renewed before each row, and a process killed while holding it holds the
 * sweep back only this long.
 */
const leaseMargin = Number(process.env.ARCA_LEASE_MARGIN_MS);
const ISSUE_LEASE_MS = 3 * TIMEOUT_MS + (Number.isFinite(leaseMargin) && leaseMargin >= 500 ? leaseMargin : 15_000);

/** One pass over the due rows (one process at a time); answers how many rows it handled. */
export function sweepInvoices(): Promise<number> {
  running ??= sweep().finally(() => {
    running = null;
  });
  return running;
}

async function sweep(): Promise<number> {
  const settings = await settingsRow();
  if (!isReady(settings)) return 0;
  let lease = await takeLease('issue_lease_until', ISSUE_LEASE_MS);
  if (lease === null) return 0;
  let handled = 0;
  try {
    for (let round = 0; round < 10; round += 1) {
      const rows = await dueInvoices(settings.mode !== 'manual');
      if (rows.length === 0) break;
      let ticket: Ticket;
      try {
        ticket = await accessTicket();
      } catch (err) {
        const message =
          err instanceof NotConfigured || err instanceof ArcaUnavailable || err instanceof ArcaFault
            ? err.message
            : 'No se pudo iniciar sesión en ARCA';
        for (const row of rows) await retryLater(row, message);
        return handled;
      }
      for (const row of rows) {
        // Each row renews the lease, and a sweep that lost it (it outlived it: ARCA slow) stops before asking anything:
        // another process may be working on the same rows.
        lease = await renewLease('issue_lease_until', lease, ISSUE_LEASE_MS);
        if (lease === null) return handled;
        try {
          await issueOne(row, settings, ticket);
          handled += 1;
        } catch (err) {
          const message =
            err instanceof WsfeErrors ? err.errors.map(arcaMessageInSpanish).join(' · ') : err instanceof Error ? err.message : String(err);
          await retryLater(row, message);
          // ARCA unreachable: the later rows wait too (never a new number while one is unreconciled).
          if (err instanceof ArcaUnavailable) return handled;
        }
      }
    }
  } finally {
    if (lease !== null) await releaseLease('issue_lease_until', lease);
    await queueMissedInvoiceMails().catch((err) => strapi.log.warn(`[invoicing] invoice e-mails: ${String(err)}`));
  }
  return handled;
}

let timer: NodeJS.Timeout | null = null;

/** Every ARCA_SWEEP_MS (default 30 s) while the process runs, and soon after each paid order. */
export function startInvoiceWorker(): void {
  if (timer) return;
  const every = Number(process.env.ARCA_SWEEP_MS ?? 30_000);
  timer = setInterval(() => void sweepInvoices().catch((err) => strapi.log.warn(`[invoicing] sweep failed: ${String(err)}`)), every);
  timer.unref();
}

export async function stopInvoiceWorker(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running?.catch(() => undefined);
}

/** After a paid order commits: a sweep soon (never awaited by the order path). */
export function kickInvoiceWorker(): void {
  setTimeout(() => void sweepInvoices().catch(() => undefined), 500).unref();
}
