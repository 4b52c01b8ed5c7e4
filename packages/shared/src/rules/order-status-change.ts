import { normalizeStatus, returnsStock, statusLabel, type OrderStatus } from './statuses.js';

/** An order as it stands before staff change its status. */
export interface OrderStatusState {
  status: string;
  /** Its units are back in stock (it was cancelled or refunded). */
  stockReturned: boolean;
  /** When it was marked paid, if ever. */
  paidAt: unknown;
}

/** What a change of status does besides storing the new status. */
export interface StatusChangePlan {
  /** `return`: give the units back (once); `take`: take them again (or refuse); `keep`: stock untouched. */
  stock: 'return' | 'take' | 'keep';
  /** Stamp `paidAt` with the time of the change. */
  stampPaidAt: boolean;
  /** End the order's reservation: once staff move it, the hold sweep never undoes their decision. */
  endReservation: boolean;
}

/**
 * Any status may follow any other. Cancelled and refunded orders give their units back once; leaving those
 * statuses takes them again. Becoming paid stamps `paidAt` (kept when a paid order is saved again).
 */
export function statusChangePlan(order: OrderStatusState, to: OrderStatus): StatusChangePlan {
  let stock: StatusChangePlan['stock'] = 'keep';
  if (returnsStock(to)) {
    if (!order.stockReturned) stock = 'return';
  } else if (order.stockReturned) {
    stock = 'take';
  }
  return {
    stock,
    stampPaidAt: to === 'paid' && (order.status !== 'paid' || !order.paidAt),
    endReservation: to !== order.status,
  };
}

/** Only cash orders waiting for payment can be confirmed, and they become `confirmado`. */
export const CONFIRMABLE_STATUS: OrderStatus = 'pending_manual';
export const CONFIRMED_STATUS: OrderStatus = 'confirmado';

export function canConfirm(status: string): boolean {
  return status === CONFIRMABLE_STATUS;
}

/** The refusal (Spanish, for a 400) of confirming an order in `status`. */
export function confirmRefusalMessage(status: unknown): string {
  return `Solo se pueden confirmar órdenes pendientes de pago en efectivo (estado actual: ${statusLabel(status)})`;
}

/**
 * What is collected when the order is handed over (delivery sheet, packing slip): the total of a cash order not marked
 * paid yet, else nothing (a transfer is paid before it leaves).
 */
export function amountToCollect(order: { paymentMethod: string; status: string; total: number }): number {
  return order.paymentMethod === 'cash' && normalizeStatus(order.status) !== 'paid' ? order.total : 0;
}

/**
 * Whether staff may refund the order in full through Mercado Pago (`POST /orders/{id}/refund`): a Mercado Pago order
 * with an approved payment, paid, or cancelled when the payment was approved after its hold had ended.
 */
export function refundableByMercadoPago(order: {
  paymentMethod: string;
  status: string;
  payment?: { paymentId: string | null; paymentStatus: string | null } | null;
}): boolean {
  return (
    order.paymentMethod === 'mercadopago' &&
    (order.status === 'paid' || order.status === 'cancelled') &&
    order.payment?.paymentStatus === 'approved' &&
    Boolean(order.payment.paymentId)
  );
}

/** Only a Mercado Pago order may wait in 'Pendiente (Mercado Pago)' (staff cannot put another order there). */
export function statusFitsMethod(status: OrderStatus, paymentMethod: string): boolean {
  return status !== 'pending_payment' || paymentMethod === 'mercadopago';
}
