import { randomBytes } from 'node:crypto';
import {
  SYSTEM_ACTOR_NAME,
  WITHDRAWAL_MESSAGES,
  contactMatches,
  returnedValue,
  withdrawalCodeFrom,
  withdrawalReceivedMail,
  withdrawalWindowEnd,
  withinWithdrawalWindow,
  type Order,
  type WithdrawalAnswer,
  type WithdrawalInput,
} from '@shop/shared';
import { ORDERS_TABLE, findOrderByNumber, recordStatusChange } from '../orders';
import { enqueueMails, shopOf } from '../notifications';
import { deliveredAt, refundedByOrder } from '../returns';
import { isUniqueViolation, newDocumentId, table, writeTransaction } from '../../utils/db-write';
import { badRequest, conflict, notFound } from '../../utils/http';
import { shopBaseUrl } from '../../utils/public-url';
import { WITHDRAWALS_TABLE, answerOf, openWithdrawalOf, type StoredLine } from './withdrawal-store';

/** The contact did not match: the controller spends extra points of the budget, as tracking does. */
export class WithdrawalContactMismatch extends Error {}

/** The lines she named (each checked against the order), or every line of the order when she named none. */
function chosenLines(order: Order, asked: WithdrawalInput['lines']): StoredLine[] {
  const wanted = new Map<number, number>();
  for (const line of asked?.length ? asked : order.items.map((item, lineIndex) => ({ lineIndex, quantity: item.quantity }))) {
    const item = order.items[line.lineIndex];
    if (!item) throw badRequest('Una de las prendas indicadas no está en el pedido');
    const quantity = (wanted.get(line.lineIndex) ?? 0) + line.quantity;
    if (quantity > item.quantity) throw badRequest(`De "${item.title}" el pedido tiene ${item.quantity} unidad(es)`);
    wanted.set(line.lineIndex, quantity);
  }
  return [...wanted].map(([lineIndex, quantity]) => {
    const item = order.items[lineIndex]!;
    return {
      lineIndex,
      title: item.title,
      quantity,
      price: item.unitPrice ?? item.price,
      productId: item.productId ?? null,
      size: item.size ?? null,
      color: item.color ?? null,
      variantId: item.variantId ?? null,
      sku: item.sku ?? null,
    };
  });
}

/**
 * What the refund gives back: everything she paid (the order's total: shipping and fees included) when she withdraws
 * every unit; the lines' share of the goods (their discount applied) when she keeps some.
 */
function refundDueOf(order: Order, lines: readonly StoredLine[]): number {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const asked = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (asked >= units) return Math.max(0, order.total);
  return returnedValue(lines, { subtotal: order.subtotal, discountTotal: order.discountTotal ?? 0 });
}

/**
 * POST /withdrawals: the botón de arrepentimiento. The order and its contact as tracking checks them (an unknown order
 * and a wrong contact are the same 404); a cancelled or fully refunded order is told so and nothing is recorded.
 * Otherwise the request is recorded with its code and the window's verdict (out of time still gets its code: the
 * owner decides), written into the order's history, and its e-mail queued in the same transaction (the outbox sends
 * it within minutes and retries while the mail server is down). A second press while a request of the order is open
 * answers that request.
 */
export async function requestWithdrawal(
  input: WithdrawalInput,
  origin: string | null,
): Promise<{ row: WithdrawalAnswer; created: boolean }> {
  const order = await findOrderByNumber(input.orderNumber);
  if (!order) throw notFound(WITHDRAWAL_MESSAGES.notFound);
  if (!contactMatches(input.contact, order.shippingInfo)) throw new WithdrawalContactMismatch();
  if (order.status === 'cancelled' || order.status === 'refunded') throw conflict(WITHDRAWAL_MESSAGES.cancelled);
  const refunded = (await refundedByOrder([order._id])).get(order._id) ?? 0;
  if (order.total > 0 && refunded >= order.total) throw conflict(WITHDRAWAL_MESSAGES.returned);
  const lines = chosenLines(order, input.lines);
  const now = new Date();
  const windowEndsAt = withdrawalWindowEnd(order.createdAt, deliveredAt(order));
  const withinWindow = withinWithdrawalWindow(windowEndsAt, now);
  const content = await strapi.service('api::site-content.site-content').getContent();
  const base = shopBaseUrl(origin);
  for (let attempt = 1; ; attempt += 1) {
    const code = withdrawalCodeFrom(randomBytes(10));
    try {
      return await writeTransaction(async (trx) => {
        // The order's row is the lock: two presses at once record one request.
        await table(trx, ORDERS_TABLE).where('document_id', order._id).update({ updated_at: now });
        const open = await openWithdrawalOf(trx, order._id);
        if (open) return { row: answerOf(open), created: false };
        const stored = {
          document_id: newDocumentId(),
          code,
          order_document_id: order._id,
          order_number: order.orderNumber,
          channel: 'web',
          contact: input.contact.trim().slice(0, 254),
          lines: JSON.stringify(lines),
          comment: input.comment?.trim() || null,
          withdrawal_status: 'received',
          within_window: withinWindow,
          window_ends_at: windowEndsAt ? new Date(windowEndsAt) : null,
          requested_at: now,
          reason: null,
          refund_due: refundDueOf(order, lines),
          refund: null,
          steps: JSON.stringify([{ status: 'received', at: now.toISOString(), by: 'clienta' }]),
          created_at: now,
          updated_at: now,
          published_at: now,
        };
        await table(trx, WITHDRAWALS_TABLE).insert(stored);
        await recordStatusChange({
          orderDocumentId: order._id,
          from: order.status,
          to: order.status,
          by: { kind: 'system', id: null, name: SYSTEM_ACTOR_NAME },
          note: `Botón de arrepentimiento: la clienta pidió revocar la compra (código ${code}, ${withinWindow ? 'dentro del plazo' : 'fuera de plazo'})`,
          at: now,
        });
        const to = order.shippingInfo.email;
        if (to) {
          const mail = withdrawalReceivedMail({
            shop: shopOf(content),
            firstName: order.shippingInfo.fullName.split(' ')[0] ?? '',
            orderNumber: order.orderNumber,
            code,
            withinWindow,
            windowEndsAt,
            statusUrl: `${base}/arrepentimiento?codigo=${encodeURIComponent(code)}`,
            policyUrl: `${base}/politica-de-cambios`,
          });
          await enqueueMails(trx, [
            { to, kind: 'withdrawal_received', ...mail, orderDocumentId: order._id, orderNumber: order.orderNumber },
          ]);
        }
        return { row: answerOf(stored), created: true };
      });
    } catch (err) {
      // Two codes alike (one in about 10^15): a new one.
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}
