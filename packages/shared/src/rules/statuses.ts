export const ORDER_STATUSES = [
  'pending_manual',
  'pending_transfer_proof',
  'pending_transfer_confirmation',
  'pending_payment',
  'paid',
  'cancelled',
  'refunded',
  'confirmado',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_manual: 'Pendiente (Efectivo)',
  pending_transfer_proof: 'Pendiente (Falta Comprobante)',
  pending_transfer_confirmation: 'Pendiente (Verificar Comprobante)',
  pending_payment: 'Pendiente (Mercado Pago)',
  paid: 'Pagado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  confirmado: 'Confirmado',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Unknown statuses are displayed as pending_manual. */
export function normalizeStatus(value: unknown): OrderStatus {
  return isOrderStatus(value) ? value : 'pending_manual';
}

export function statusLabel(value: unknown): string {
  return ORDER_STATUS_LABELS[normalizeStatus(value)];
}

/** Orders still being processed: a product that appears in one of them cannot be deleted. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = [
  'pending_manual',
  'pending_transfer_proof',
  'pending_transfer_confirmation',
  'pending_payment',
  'confirmado',
];

/** Entering one of these statuses gives the ordered units back to stock (once). */
export const STOCK_RETURNING_STATUSES: readonly OrderStatus[] = ['cancelled', 'refunded'];

export function returnsStock(status: OrderStatus): boolean {
  return STOCK_RETURNING_STATUSES.includes(status);
}

/** Initial status of a new order (cash -> pending_manual; Mercado Pago -> pending_payment; transfer depends on the proof). */
export function initialOrderStatus(paymentMethod: 'cash' | 'transfer' | 'mercadopago', hasProof: boolean): OrderStatus {
  if (paymentMethod === 'cash') return 'pending_manual';
  if (paymentMethod === 'mercadopago') return 'pending_payment';
  return hasProof ? 'pending_transfer_confirmation' : 'pending_transfer_proof';
}

export const PAYMENT_METHOD_LABELS = {
  cash: 'Pago en Efectivo',
  transfer: 'Transferencia Bancaria',
  mercadopago: 'Mercado Pago',
} as const;
