import { ArcaFault, ArcaUnavailable } from './arca-soap';
import { isReady, releaseLease, settingsRow, takeLease, type SettingsRow } from './invoicing-settings';
import { dueInvoices, updateInvoice, type InvoiceRow } from './invoice-store';
import { arcaMessageInSpanish } from './arca-messages';
import { voucherPlan, type Letter, type VoucherPlan } from './voucher-plan';
import { consult, lastAuthorized, requestCae, WsfeErrors, type Authorized } from './wsfe';
import { accessTicket, NotConfigured, type Ticket } from './wsaa-ticket';

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
  total: number;
  buyerName: string;
}

async function orderFacts(orderDocumentId: string): Promise<OrderFacts | null> {
  const order = (await strapi.db
    .query('api::order.order')
    .findOne({ where: { documentId: orderDocumentId }, populate: ['shippingInfo'] })) as {
    total?: number | null;
    shippingInfo?: { fullName?: string | null } | null;
  } | null;
  if (!order) return null;
  return { total: Number(order.total ?? 0), buyerName: order.shippingInfo?.fullName ?? '' };
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
  const plan = voucherPlan(settings.taxCondition ?? 'monotributo', 'invoice', facts.total, null);
  await updateInvoice(row.id, {
    letter: plan.letter,
    voucherType: plan.voucherType,
    pointOfSale: settings.pointOfSale,
    docType: plan.docType,
    docNumber: plan.docNumber,
    receiverVatCondition: plan.receiverVatCondition,
    total: plan.total,
    net: plan.net,
    vat: plan.vat,
    buyerName: facts.buyerName,
  });
  return plan;
}

async function retryLater(row: InvoiceRow, message: string): Promise<void> {
  const attempts = (row.attempts ?? 0) + 1;
  await updateInvoice(row.id, { status: 'pending', attempts, nextAttemptAt: Date.now() + backoff(attempts), error: message });
}

/** One row: reconcile an asked number, else ask the next one. */
async function issueOne(row: InvoiceRow, settings: SettingsRow, ticket: Ticket): Promise<void> {
  const plan = await planOf(row, settings);
  if (!plan) return updateInvoice(row.id, { status: 'error', error: 'La orden ya no existe' });
  const pointOfSale = row.pointOfSale ?? settings.pointOfSale ?? 1;
  if (row.number) {
    const found = await consult(ticket, pointOfSale, plan.voucherType, row.number);
    if (found) return updateInvoice(row.id, authorizedData(found));
    await updateInvoice(row.id, { number: null });
  }
  const next = (await lastAuthorized(ticket, pointOfSale, plan.voucherType)) + 1;
  const issueDate = ARCA_DAY();
  // Written before the request: a crash from here on is reconciled with FECompConsultar, never asked twice.
  await updateInvoice(row.id, { status: 'pending', number: next, pointOfSale, issueDate });
  const related = row.relatedType && row.relatedNumber ? { voucherType: row.relatedType, pointOfSale, number: row.relatedNumber } : null;
  const answer = await requestCae(ticket, pointOfSale, next, issueDate, plan, related);
  if (answer.result === 'A') return updateInvoice(row.id, authorizedData(answer.authorized));
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
  if (!(await takeLease('issue_lease_until', 120_000))) return 0;
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
    await releaseLease('issue_lease_until');
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
