import {
  RETURN_MESSAGES,
  returnStatusLabel,
  returnStepCheck,
  type ReturnLine,
  type ReturnStatus,
  type ReturnStatusUpdate,
  type StaffReturnRequest,
} from '@shop/shared';
import { ORDERS_TABLE, getOrder, recordStatusChange, returnStock, type Actor, type StockLine } from '../orders';
import { catalogueChanged, type StockSource } from '../catalogue';
import { table, writeTransaction, type Trx } from '../../utils/db-write';
import { ApiError, badRequest, notFound } from '../../utils/http';
import { heldStock } from './return-create';
import { createExchangeOrder, settleRefund } from './return-money';
import { RequestMoved, refundBeforeReceiving, type RefundPlan } from './return-refund';
import { queueDecisionMail } from './return-notices';
import { findReturnRow, linesOf, moveStatus, staffAnswers, statusOf, toReturnAnswer, type Row } from './return-store';

/** Another staff member moved the request first: the transaction is undone and the request read again. */
class MovedMeanwhile extends Error {}

/** The units a received request puts back: the bought variant of every line not marked unsellable. */
function returnedStock(lines: readonly ReturnLine[]): StockLine[] {
  return lines
    .filter((line) => !line.unsellable)
    .map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      title: line.title,
      size: line.from.size,
      color: line.from.color,
      variantId: line.from.variantId,
      sku: line.from.sku,
    }));
}

async function orderStatusOf(trx: Trx, orderDocumentId: string): Promise<string> {
  const row: unknown = await table(trx, ORDERS_TABLE).where('document_id', orderDocumentId).first('order_status');
  return typeof row === 'object' && row !== null && 'order_status' in row ? String(row.order_status) : 'paid';
}

/** The stock ledger's source of units a request's step gives back: the request and the staff member. */
function returnStockSource(row: Row, by: Actor): StockSource {
  return {
    reason: 'return',
    reference: { kind: 'return', id: String(row.document_id), label: String(row.return_number) },
    staff: by.kind === 'staff' ? { id: by.id, email: by.email ?? null } : null,
  };
}

/** What one step writes besides the status, inside its transaction. */
async function applyStep(trx: Trx, row: Row, to: ReturnStatus, update: ReturnStatusUpdate, plan: RefundPlan, by: Actor): Promise<Row> {
  const lines = linesOf(row);
  const orderDocumentId = String(row.order_document_id);
  if (to === 'rejected') {
    // The exchange units the request held go back to their variants.
    await returnStock(trx, heldStock(lines), returnStockSource(row, by));
    return {};
  }
  if (to !== 'received') return {};
  const unsellable = new Set(update.unsellable ?? []);
  const marked = lines.map((line, index) => ({ ...line, unsellable: unsellable.has(index) }));
  await returnStock(trx, returnedStock(marked), returnStockSource(row, by));
  const extra: Row = { lines: JSON.stringify(marked) };
  const exchanges = marked.filter((line) => line.kind === 'exchange' && line.to);
  if (exchanges.length > 0) {
    const created = await createExchangeOrder(
      trx,
      await getOrder(orderDocumentId),
      String(row.return_number),
      exchanges,
      Number(row.charge_due) || 0,
    );
    extra.exchange_order_number = created.orderNumber;
    extra.exchange_order_document_id = created.documentId;
  }
  const refund = await settleRefund(trx, row, plan, update.message, by);
  if (refund) {
    extra.refund = JSON.stringify(refund);
    // Net sales count the money on the day it went back.
    extra.refunded_at = new Date();
  }
  return extra;
}

/**
 * PUT /returns/{id}/status: `requested → approved | rejected → received → closed`. The status moves with a
 * conditional update (WHERE status = the one read), so two staff at once or a double click change it once: the
 * second finds it moved and answers it unchanged (same step) or refuses (another step). Only the caller that moved
 * it gives units back, creates the exchange order and records the refund.
 */
export async function changeReturnStatus(
  documentId: string,
  update: ReturnStatusUpdate,
  by: Actor,
  origin: string | null,
): Promise<{ request: StaffReturnRequest; changed: boolean }> {
  const to = update.status;
  if (to !== 'received' && (update.unsellable?.length ?? 0) > 0) throw badRequest(RETURN_MESSAGES.unsellable);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await findReturnRow(strapi.db.connection, documentId);
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    const from = statusOf(row);
    const check = returnStepCheck(from, to);
    if (check === 'same') return { request: (await staffAnswers([row]))[0]!, changed: false };
    if (check !== 'ok') throw badRequest(check);
    const lines = linesOf(row);
    if ((update.unsellable ?? []).some((index) => index >= lines.length)) throw badRequest(RETURN_MESSAGES.noLine);
    // Through Mercado Pago the refund is made (once, under the request's key) before the step is written.
    let plan: RefundPlan = null;
    try {
      plan = to === 'received' ? await refundBeforeReceiving(row, update, by) : null;
    } catch (err) {
      if (err instanceof RequestMoved) continue;
      throw err;
    }
    try {
      await writeTransaction(async (trx) => {
        const now = new Date();
        const steps = [
          ...toReturnAnswer(row).steps,
          { status: to, at: now.toISOString(), by: by.name, message: update.message?.trim() || null },
        ];
        // Another way than Mercado Pago moves it only while no Mercado Pago refund was asked (else it is read again).
        const withoutIntent = to === 'received' && plan !== null && plan.method !== 'mercadopago';
        if (!(await moveStatus(trx, Number(row.id), from, to, steps, withoutIntent))) throw new MovedMeanwhile();
        const extra = await applyStep(trx, row, to, update, plan, by);
        if (Object.keys(extra).length > 0) await table(trx, 'return_requests').where('id', Number(row.id)).update(extra);
        // A rejected request no longer counts in the product's fit (its public answer).
        if (to === 'rejected') await catalogueChanged('stock');
        const status = await orderStatusOf(trx, String(row.order_document_id));
        const note = `Cambio/devolución ${String(row.return_number)}: ${returnStatusLabel(to)}${update.message?.trim() ? ` — ${update.message.trim()}` : ''}`;
        await recordStatusChange({ orderDocumentId: String(row.order_document_id), from: status, to: status, by, note, at: now });
      });
    } catch (err) {
      if (err instanceof MovedMeanwhile) continue;
      throw err;
    }
    const fresh = await findReturnRow(strapi.db.connection, documentId);
    if (!fresh) throw notFound(RETURN_MESSAGES.notFound);
    const [request] = await staffAnswers([fresh]);
    if (to === 'approved' || to === 'rejected') await queueDecisionMail(request!, to, origin);
    return { request: request!, changed: true };
  }
  throw new ApiError(409, 'Otra persona está cambiando este pedido de cambio: recargá y volvé a intentar');
}
