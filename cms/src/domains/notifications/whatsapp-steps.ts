import type { Order, WhatsappStep } from '@shop/shared';

/** What just happened to an order, as the shop's messages see it. */
export type OrderHappening =
  | { kind: 'placed'; order: Order }
  | { kind: 'status'; order: Order; from: string }
  | { kind: 'fulfillment'; order: Order };

/**
 * The WhatsApp steps an order's change is worth: placed (and its transfer proof, when it came with one), paid, and
 * the fulfilment steps she hears about (ready for pickup, shipped, delivered). A sale paid and handed over at the
 * counter hears only that it was received: she is standing there.
 */
export function whatsappStepsOf(happening: OrderHappening): WhatsappStep[] {
  const { order } = happening;
  switch (happening.kind) {
    case 'placed':
      return order.status === 'pending_transfer_confirmation' ? ['order_received', 'proof_received'] : ['order_received'];
    case 'status':
      return order.status === 'paid' && happening.from !== 'paid' ? ['paid'] : [];
    case 'fulfillment': {
      const step = order.fulfillment;
      return step === 'ready_for_pickup' || step === 'shipped' || step === 'delivered' ? [step] : [];
    }
  }
}
