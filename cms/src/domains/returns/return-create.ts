import {
  RETURN_MESSAGES,
  contactMatches,
  formatReturnNumber,
  isNonReturnableCategory,
  returnedValue,
  shopDayKey,
  variantLabel,
  withinReturnWindow,
  type Order,
  type ReturnLine,
  type ReturnRequest,
  type ReturnRequestInput,
  type ReturnsPolicy,
} from '@shop/shared';
import { ORDERS_TABLE, TRACKING_NOT_FOUND, findOrderByNumber, nextSequenceValue, takeStock, type StockLine } from '../orders';
import { catalogueChanged } from '../catalogue';
import { newDocumentId, table, writeTransaction, type Trx } from '../../utils/db-write';
import { badRequest, notFound } from '../../utils/http';
import { productsOf, type ProductFacts } from './return-product';
import { RETURNS_TABLE, linesOf, returnsOfOrder, statusOf, toReturnAnswer } from './return-store';

/** The shop's returns policy (site content `returns`, defaults filled). */
export async function returnsPolicy(): Promise<ReturnsPolicy> {
  return (await strapi.service('api::site-content.site-content').getContent()).returns;
}

/** When the order was delivered (the last delivered step), or null. */
export function deliveredAt(order: Pick<Order, 'fulfillment' | 'fulfillmentSteps'>): string | null {
  if (order.fulfillment !== 'delivered') return null;
  const steps = (order.fulfillmentSteps ?? []).filter((step) => step.step === 'delivered');
  return steps.at(-1)?.at ?? null;
}

/** The refusals that concern the whole order (status, delivery, window, policy), or null when she may ask. */
export function orderRefusal(order: Order, policy: ReturnsPolicy, now: Date): string | null {
  if (!policy.enabled) return RETURN_MESSAGES.disabled;
  if (order.status === 'cancelled' || order.status === 'refunded') return RETURN_MESSAGES.cancelled;
  const delivered = deliveredAt(order);
  if (!delivered) return RETURN_MESSAGES.notDelivered;
  if (!withinReturnWindow(delivered, policy.windowDays, now)) return RETURN_MESSAGES.outsideWindow(policy.windowDays);
  return null;
}

/** Units of each order line already asked about by requests not rejected (fresh inside a transaction). */
export async function askedUnits(knex: Trx | typeof strapi.db.connection, orderDocumentId: string): Promise<Map<number, number>> {
  const asked = new Map<number, number>();
  for (const row of await returnsOfOrder(knex, orderDocumentId)) {
    if (statusOf(row) === 'rejected') continue;
    for (const line of linesOf(row)) asked.set(line.lineIndex, (asked.get(line.lineIndex) ?? 0) + line.quantity);
  }
  return asked;
}

/** Each asked line checked against the order, the policy and the product as it is now. */
function buildLines(order: Order, input: ReturnRequestInput, policy: ReturnsPolicy, products: Map<string, ProductFacts>): ReturnLine[] {
  return input.lines.map((asked) => {
    const item = order.items[asked.lineIndex];
    if (!item) throw badRequest(RETURN_MESSAGES.noLine);
    const productId = item.productId;
    // A line of a product deleted since has no shelf to go back to.
    if (!productId) throw badRequest(RETURN_MESSAGES.nonReturnable(item.title));
    const product = products.get(productId);
    if (isNonReturnableCategory(product?.category, policy)) throw badRequest(RETURN_MESSAGES.nonReturnable(item.title));
    if (asked.kind === 'return' && policy.exchangeOnly) throw badRequest(RETURN_MESSAGES.exchangeOnly);
    const from = { variantId: item.variantId ?? null, color: item.color ?? null, size: item.size ?? null, sku: item.sku ?? null };
    let to: ReturnLine['to'] = null;
    if (asked.kind === 'exchange') {
      if (!asked.variantId) throw badRequest(RETURN_MESSAGES.exchangeVariant);
      const target = product?.variants.find((variant) => variant.id === asked.variantId && variant.active);
      if (!product || !target) throw badRequest(RETURN_MESSAGES.exchangeVariant);
      const same = target.id === item.variantId || (target.size === (item.size ?? null) && target.color === (item.color ?? null));
      if (same) throw badRequest(RETURN_MESSAGES.sameVariant);
      to = { variantId: target.id, color: target.color, size: target.size, sku: target.sku };
    }
    return {
      lineIndex: asked.lineIndex,
      productId,
      title: item.title,
      quantity: asked.quantity,
      kind: asked.kind,
      reason: asked.reason,
      reasonText: asked.reasonText?.trim() || null,
      from,
      to,
      price: item.unitPrice ?? item.price,
      unsellable: false,
    };
  });
}

/** The exchange units a request holds: the new variant of each exchange line. */
export function heldStock(lines: readonly ReturnLine[]): StockLine[] {
  return lines.flatMap((line) =>
    line.kind === 'exchange' && line.to
      ? [
          {
            productId: line.productId,
            quantity: line.quantity,
            title: line.title,
            size: line.to.size,
            color: line.to.color,
            variantId: line.to.variantId,
            sku: line.to.sku,
          },
        ]
      : [],
  );
}

const exchangeRefusals = {
  requireActive: true,
  refusal: (line: StockLine, left: number) =>
    badRequest(RETURN_MESSAGES.exchangeOut(line.title, variantLabel({ color: line.color ?? null, size: line.size }), left), { left }),
  unavailable: (line: StockLine) => badRequest(`El producto "${line.title}" ya no está disponible para cambio`),
  missingSize: (line: StockLine) => badRequest(RETURN_MESSAGES.exchangeOut(line.title, line.size ?? '', 0), { left: 0 }),
};

/**
 * Takes the exchange units from their variants (the orders' row-locking path), refusing with the fresh figures; the
 * ledger's movements name the request (`documentId`, its number read later: it is given after the hold).
 */
export async function holdExchangeUnits(trx: Trx, lines: readonly ReturnLine[], documentId: string): Promise<void> {
  const held = heldStock(lines);
  if (held.length > 0) await takeStock(trx, held, exchangeRefusals, { reason: 'return', reference: { kind: 'return', id: documentId } });
}

/** The contact did not match: the controller spends extra tracking points, as tracking does. */
export class ContactMismatch extends Error {}

/**
 * The exchange's delivery the shopper pays: what she paid to have the order delivered home, when the policy has her
 * pay the exchange's shipping and she asks for an exchange (a return alone sends nothing back to her).
 */
function exchangeShippingDue(order: Order, policy: ReturnsPolicy, lines: readonly ReturnLine[]): number {
  if (policy.shippingPaidBy !== 'shopper' || order.deliveryType !== 'delivery') return 0;
  return lines.some((line) => line.kind === 'exchange') ? Math.max(0, order.shippingCost || 0) : 0;
}

/**
 * POST /returns: checks the order (delivered, within the window, not cancelled), every line (in the order, category
 * returnable, units left, exchange variant active and in stock) and, in one transaction on the locked order row,
 * counts the units already asked, holds the exchange units and numbers the request (CD-day-sequence).
 */
export async function requestReturn(input: ReturnRequestInput, now: Date = new Date()): Promise<ReturnRequest> {
  const order = await findOrderByNumber(input.orderNumber);
  if (!order) throw notFound(TRACKING_NOT_FOUND);
  if (!contactMatches(input.contact, order.shippingInfo)) throw new ContactMismatch(RETURN_MESSAGES.contact);
  const policy = await returnsPolicy();
  const refusal = orderRefusal(order, policy, now);
  if (refusal) throw badRequest(refusal);
  const products = await productsOf(input.lines.map((line) => order.items[line.lineIndex]?.productId ?? '').filter(Boolean));
  const lines = buildLines(order, input, policy, products);
  const refundDue = policy.exchangeOnly
    ? 0
    : returnedValue(
        lines.filter((line) => line.kind === 'return'),
        { subtotal: order.subtotal, discountTotal: order.discountTotal ?? 0 },
      );
  const chargeDue = exchangeShippingDue(order, policy, lines);
  const row = await writeTransaction(async (trx) => {
    // The order's row is the lock: two requests for the same order count the units already asked one after the other.
    await table(trx, ORDERS_TABLE).where('document_id', order._id).update({ updated_at: now });
    const asked = await askedUnits(trx, order._id);
    const wanted = new Map<number, number>();
    for (const line of lines) wanted.set(line.lineIndex, (wanted.get(line.lineIndex) ?? 0) + line.quantity);
    for (const [index, quantity] of wanted) {
      const item = order.items[index]!;
      const left = item.quantity - (asked.get(index) ?? 0);
      if (quantity > left) throw badRequest(RETURN_MESSAGES.tooMany(item.title, Math.max(0, left)));
    }
    const documentId = newDocumentId();
    await holdExchangeUnits(trx, lines, documentId);
    const day = shopDayKey(now);
    const number = formatReturnNumber(day, await nextSequenceValue(trx, `CD-${day}`));
    const stored = {
      document_id: documentId,
      return_number: number,
      order_document_id: order._id,
      order_number: order.orderNumber,
      return_status: 'requested',
      lines: JSON.stringify(lines),
      photo_url: input.photoUrl || null,
      refund_due: refundDue,
      charge_due: chargeDue,
      refund: null,
      exchange_order_number: null,
      exchange_order_document_id: null,
      steps: JSON.stringify([{ status: 'requested', at: now.toISOString(), by: null, message: null }]),
      created_at: now,
      updated_at: now,
      published_at: now,
    };
    await table(trx, RETURNS_TABLE).insert(stored);
    // The product's fit (its public answer) counts the request from now.
    await catalogueChanged('stock');
    return stored;
  });
  return toReturnAnswer(row);
}
