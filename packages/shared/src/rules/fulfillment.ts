import { z } from 'zod';
import { STOCK_RETURNING_STATUSES, statusLabel, type OrderStatus } from './statuses.js';

/**
 * Fulfilment, apart from payment: where the goods are. `unfulfilled → packed → shipped` (home delivery) or
 * `ready_for_pickup` (meeting point) `→ delivered`. The order's status (orderStatus) keeps saying how it is paid.
 */
export const FULFILLMENT_STEPS = ['unfulfilled', 'packed', 'shipped', 'ready_for_pickup', 'delivered'] as const;
export type FulfillmentStep = (typeof FULFILLMENT_STEPS)[number];
export const fulfillmentStepSchema = z.enum(FULFILLMENT_STEPS);

export const FULFILLMENT_LABELS: Record<FulfillmentStep, string> = {
  unfulfilled: 'Sin preparar',
  packed: 'Preparado',
  shipped: 'Enviado',
  ready_for_pickup: 'Listo para retirar',
  delivered: 'Entregado',
};

export function isFulfillmentStep(value: unknown): value is FulfillmentStep {
  return typeof value === 'string' && (FULFILLMENT_STEPS as readonly string[]).includes(value);
}

/** Stored values the shop cannot read (orders not yet migrated) are unfulfilled. */
/**
 * Whether she has the goods and kept the order: delivered (or picked up) and not cancelled or refunded since. What
 * may be reviewed, and whose sizes her account calls hers.
 */
export function deliveredAndKept(order: { fulfillment?: unknown; status: string }): boolean {
  return order.fulfillment === 'delivered' && !STOCK_RETURNING_STATUSES.includes(order.status as OrderStatus);
}

export function normalizeFulfillment(value: unknown): FulfillmentStep {
  return isFulfillmentStep(value) ? value : 'unfulfilled';
}

export function fulfillmentLabel(value: unknown): string {
  return FULFILLMENT_LABELS[normalizeFulfillment(value)];
}

/** The steps of an order, in order: home delivery and a carrier are shipped, a pickup waits ready at its meeting point. */
export function fulfillmentPath(deliveryType: string): readonly FulfillmentStep[] {
  // A carrier's parcel (Correo Argentino, Andreani) is shipped like a home delivery, also when it goes to a branch.
  return deliveryType === 'delivery' || deliveryType === 'carrier'
    ? ['unfulfilled', 'packed', 'shipped', 'delivered']
    : ['unfulfilled', 'packed', 'ready_for_pickup', 'delivered'];
}

/** The steps staff may mark next (forward only; a later step may skip those between, e.g. "Marcar entregado"). */
export function nextFulfillmentSteps(order: { deliveryType: string; fulfillment?: unknown }): FulfillmentStep[] {
  const path = fulfillmentPath(order.deliveryType);
  const at = path.indexOf(normalizeFulfillment(order.fulfillment));
  return path.slice(at + 1);
}

/** One step as recorded: when, and who marked it (staff id and name; null id for the shop itself). */
export const fulfillmentEventSchema = z.object({
  step: fulfillmentStepSchema,
  at: z.string(),
  by: z.object({ id: z.number().nullable(), name: z.string() }),
});
export type FulfillmentEvent = z.infer<typeof fulfillmentEventSchema>;

/** What the shopper sees of a step (the tracking page): no staff names. */
export const trackedFulfillmentEventSchema = fulfillmentEventSchema.pick({ step: true, at: true });
export type TrackedFulfillmentEvent = z.infer<typeof trackedFulfillmentEventSchema>;

/** An order as it stands before staff mark a step. */
export interface FulfillmentState {
  status: string;
  paymentMethod: string;
  deliveryType: string;
  fulfillment: unknown;
  paidAt: unknown;
}

/** `noop`: already there (200, nothing written); `step`: store it (`collectCash`: a cash order paid on hand-over). */
export type FulfillmentPlan = { kind: 'noop' } | { kind: 'step'; collectCash: boolean } | { kind: 'refused'; message: string };

/** Paid: `paid`, or confirmed after its payment was recorded. */
export function isPaidOrder(order: { status: string; paidAt: unknown }): boolean {
  return order.status === 'paid' || (order.status === 'confirmado' && Boolean(order.paidAt));
}

export const FULFILLMENT_MESSAGES = {
  closed: (status: string) => `No se puede preparar ni entregar una orden ${statusLabel(status).toLowerCase()}`,
  backwards: (from: FulfillmentStep, to: FulfillmentStep) =>
    `El pedido ya está "${FULFILLMENT_LABELS[from]}": no puede volver a "${FULFILLMENT_LABELS[to]}"`,
  notShipped: 'Un pedido con retiro en punto de encuentro no se envía: marcalo "Listo para retirar"',
  notForPickup: 'Un pedido con envío a domicilio no se retira: marcalo "Enviado"',
  unpaid: (status: string) => `No se puede entregar un pedido sin pagar (estado: ${statusLabel(status)}): primero confirmá el pago`,
  invalidStep: 'Paso de entrega inválido: usá packed, shipped, ready_for_pickup o delivered',
  filter: 'Estado de entrega inválido: usá unfulfilled, packed, shipped, ready_for_pickup o delivered',
} as const;

/**
 * What marking `to` does: repeating the current step changes nothing; steps only go forward on the order's path; a
 * cancelled or refunded order is not prepared nor delivered; delivering needs the payment, except cash (collected
 * on hand-over: the order becomes paid).
 */
export function fulfillmentPlan(order: FulfillmentState, to: FulfillmentStep): FulfillmentPlan {
  const current = normalizeFulfillment(order.fulfillment);
  if (to === current) return { kind: 'noop' };
  if (order.status === 'cancelled' || order.status === 'refunded')
    return { kind: 'refused', message: FULFILLMENT_MESSAGES.closed(order.status) };
  const path = fulfillmentPath(order.deliveryType);
  if (!path.includes(to)) {
    return { kind: 'refused', message: to === 'shipped' ? FULFILLMENT_MESSAGES.notShipped : FULFILLMENT_MESSAGES.notForPickup };
  }
  if (path.indexOf(to) < path.indexOf(current)) return { kind: 'refused', message: FULFILLMENT_MESSAGES.backwards(current, to) };
  if (to === 'delivered' && !isPaidOrder(order)) {
    if (order.paymentMethod !== 'cash') return { kind: 'refused', message: FULFILLMENT_MESSAGES.unpaid(order.status) };
    return { kind: 'step', collectCash: true };
  }
  return { kind: 'step', collectCash: false };
}

/**
 * The step of an order placed before fulfilment existed: handed over under the old rules (a cash order marked paid
 * left the delivery sheet; a transfer or Mercado Pago order left it when confirmed) is delivered; everything else,
 * cancelled and refunded orders included, is unfulfilled.
 */
export function legacyFulfillment(order: { status: string; paymentMethod: string }): FulfillmentStep {
  if (order.paymentMethod === 'cash') return order.status === 'paid' ? 'delivered' : 'unfulfilled';
  return order.status === 'confirmado' ? 'delivered' : 'unfulfilled';
}

/** The shopper hears about these steps (e-mail, WhatsApp). */
export const NOTIFIED_FULFILLMENT_STEPS: readonly FulfillmentStep[] = ['ready_for_pickup', 'shipped', 'delivered'];

/** Staff mark at most this many orders at once (a whole delivery sheet page). */
export const MAX_BULK_FULFILLMENT = 500;

/** PUT /orders/{id}/fulfillment. `unfulfilled` is where orders start, never a step to mark. */
export const fulfillmentUpdateSchema = z.strictObject({
  step: z.enum(['packed', 'shipped', 'ready_for_pickup', 'delivered'], { error: FULFILLMENT_MESSAGES.invalidStep }),
});
export type FulfillmentUpdate = z.infer<typeof fulfillmentUpdateSchema>;

/** POST /orders/fulfillment: the same step for several orders (documentIds). */
export const bulkFulfillmentSchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^[a-z0-9]{1,64}$/, 'Identificador de orden inválido'), { error: 'Indicá las órdenes (ids)' })
    .min(1, 'Indicá al menos una orden')
    .max(MAX_BULK_FULFILLMENT, `Podés marcar hasta ${MAX_BULK_FULFILLMENT} órdenes a la vez`),
  step: fulfillmentUpdateSchema.shape.step,
});
export type BulkFulfillment = z.infer<typeof bulkFulfillmentSchema>;
