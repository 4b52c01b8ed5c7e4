import {
  MANUAL_ORDER_MESSAGES,
  ORDER_CHANNEL_LABELS,
  manualDiscountLabel,
  manualDiscountPesos,
  withinManualLimit,
  type CounterPayment,
  type ManualOrderInput,
  type Quote,
} from '@shop/shared';
import { badRequest } from '../../utils/http';
import { emit, subscriberList } from '../../utils/events';
import { createOrder, type CreatedOrder } from './order-checkout';
import { recordStatusChange, staffActor, type StaffMember } from './order-history';
import type { PlacedOrderInput, StaffSale } from './order-sale';

/**
 * Sales taken by staff (POST /orders/manual): the storefront's order with a channel, an optional manual discount and
 * a payment on the spot, priced, held and numbered by the same checkout as a web order (createOrder).
 */

/**
 * Who sends a counter sale's card and QR parts to Mercado Pago once the sale committed, and answers them (the
 * counter, a higher floor: wired in src/bootstrap/subscribers.ts, never imported).
 */
type CounterPartsStarter = (order: { documentId: string; orderNumber: string }) => Promise<CounterPayment[]>;
let startCounterParts: CounterPartsStarter | null = null;

export function provideCounterParts(starter: CounterPartsStarter | null): void {
  startCounterParts = starter;
}

/** A card or QR part waits for Mercado Pago: the sale is paid only once every part is. */
const waitsForMercadoPago = (payments: ManualOrderInput['payments']) =>
  (payments ?? []).some((p) => p.method === 'card' || p.method === 'qr');

/** The staff member taking the sale, with the role that bounds her discount. */
export interface SalesClerk extends StaffMember {
  staffRole?: string | null;
}

/** The order body the checkout takes: the manual fields aside, an absent e-mail or phone stored empty. */
function placedInputOf(input: ManualOrderInput): PlacedOrderInput {
  const { channel: _channel, manualDiscount: _discount, paidNow: _paid, registerId: _register, payments: _payments, ...order } = input;
  return { ...order, deliveryType: order.deliveryType ?? 'store', shippingInfo: { ...order.shippingInfo } } as PlacedOrderInput;
}

/**
 * The quote's figures after the manual discount: a percent of the subtotal (to the peso) or an amount, never more
 * than what is left of the goods; the sales role at most `maxPercent` of the subtotal (the owner up to 100 %).
 */
export function applyManualDiscount(
  quote: Quote,
  discount: ManualOrderInput['manualDiscount'],
  maxPercent: number,
): Pick<Quote, 'discounts' | 'discountTotal' | 'total'> {
  if (!discount) return quote;
  const others = Math.min(quote.subtotal, quote.discountTotal);
  if (discount.amount !== undefined && discount.amount > quote.subtotal - others) throw badRequest(MANUAL_ORDER_MESSAGES.overTotal);
  const pesos = manualDiscountPesos(discount, quote.subtotal, others);
  if (!withinManualLimit(pesos, quote.subtotal, maxPercent)) throw badRequest(MANUAL_ORDER_MESSAGES.overLimit(maxPercent));
  if (pesos <= 0) return quote;
  return {
    discounts: [...quote.discounts, { kind: 'manual', label: manualDiscountLabel(discount.reason), amount: pesos }],
    discountTotal: quote.discountTotal + pesos,
    total: Math.max(0, quote.total - pesos),
  };
}

/** Creates a sale taken by `clerk` (see createOrder); the history's first entry names her and the channel. */
export async function createManualOrder(
  input: ManualOrderInput,
  clerk: SalesClerk,
): Promise<CreatedOrder & { counterPayments?: CounterPayment[] }> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  const maxPercent = clerk.staffRole === 'owner' ? 100 : content.checkout.maxManualDiscountPercent;
  const actor = staffActor(clerk);
  const channelLabel = ORDER_CHANNEL_LABELS[input.channel];
  // A counter sale (registerId) is paid at the register, on the spot: its payments go to the register's open session.
  const counter = input.registerId !== undefined && input.payments ? { registerId: input.registerId, payments: input.payments } : null;
  if (counter && !subscriberList().some((s) => s.event === 'order.counterSale' && s.kind === 'in-transaction'))
    throw new Error('no subscriber records counter sales (order.counterSale)');
  // A card or QR part leaves the sale unpaid (its units held, with no time limit) until Mercado Pago approves it.
  const pending = counter !== null && waitsForMercadoPago(counter.payments);
  if (pending && !startCounterParts) throw new Error('no one sends counter card/QR parts to Mercado Pago (provideCounterParts)');
  const paidNow = input.paidNow === true || (counter !== null && !pending);
  // Paid and handed over at the counter: nothing left to prepare, it never waits on the delivery lists.
  const handedOver = paidNow && (input.deliveryType ?? 'store') === 'store';
  const sale: StaffSale = {
    paidNow,
    stock: { reason: input.channel === 'local' ? 'counter' : 'staff_sale', by: actor },
    columns: (now) => ({
      channel: input.channel,
      createdBy: { id: actor.id, name: actor.name },
      paidAt: paidNow ? now : null,
      ...(pending ? { reservedUntil: null } : {}),
      ...(handedOver
        ? {
            fulfillment: 'delivered',
            fulfillmentSteps: [{ step: 'delivered', at: now.toISOString(), by: { id: actor.id, name: actor.name } }],
          }
        : {}),
    }),
    adjust: (quote) => applyManualDiscount(quote, input.manualDiscount, maxPercent),
    recordCreation: async (_trx, documentId, status) => {
      const reason = input.manualDiscount ? ` con descuento manual (${input.manualDiscount.reason})` : '';
      const paid = handedOver ? '; cobrada y entregada en el local' : paidNow ? '; cobrada en el momento' : '';
      await recordStatusChange({
        orderDocumentId: documentId,
        from: null,
        to: status,
        by: actor,
        note: `Venta por ${channelLabel} tomada por ${actor.name}${reason}${paid}`.slice(0, 1000),
        at: new Date(),
      });
    },
    ...(counter
      ? {
          recordNumbered: (trx, order) =>
            emit('order.counterSale', { trx, ...order, ...counter, by: { id: Number(actor.id), name: actor.name } }),
        }
      : {}),
  };
  const created = await createOrder(placedInputOf(input), null, sale);
  if (!pending || !startCounterParts) return created;
  return { ...created, counterPayments: await startCounterParts({ documentId: created.order._id, orderNumber: created.orderNumber }) };
}
