import { ORDER_STATUS_LABELS, normalizeStatus } from '@shop/shared';

/** Order status with its Spanish label (unknown statuses display as pending_manual). */
export function StatusBadge({ status }: { status: string }) {
  const normalized = normalizeStatus(status);
  return <span className={`badge status-${normalized}`}>{ORDER_STATUS_LABELS[normalized]}</span>;
}

export function PaymentBadge({ method }: { method: string }) {
  return <span className={`badge payment-${method}`}>{method === 'transfer' ? 'Transferencia' : 'Efectivo'}</span>;
}
