import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, RotateCcw, Wallet } from 'lucide-react';
import { formatPrice, normalizeStatus, refundableByMercadoPago, type Order } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { usePermission } from '@/features/auth';
import { Banner } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { DetailCard } from '@/components/detail-card';
import { orderQueries } from './api/order-queries';
import { useRefundOrder } from './api/refund-order';

/** Mercado Pago's payment statuses in Spanish; one it adds later shows as it sends it. */
const PAYMENT_STATUS_LABELS: Record<string, string> = {
  approved: 'Aprobado',
  rejected: 'Rechazado',
  refunded: 'Devuelto',
  charged_back: 'Contracargo',
  in_process: 'En proceso',
  pending: 'En proceso',
  cancelled: 'Cancelado',
};

export function mercadoPagoStatusLabel(status: string): string {
  return Object.hasOwn(PAYMENT_STATUS_LABELS, status) ? (PAYMENT_STATUS_LABELS[status] ?? status) : status;
}

const installmentsText = (n: number) => (n === 1 ? 'En 1 pago' : `${n} cuotas`);

/**
 * A Mercado Pago order's payment: its id, Mercado Pago's status and installments, the link to it in Mercado Pago and,
 * while unpaid, the checkout link the shopper pays at. The owner (orders.refund) can refund an approved payment here.
 */
export function OrderMercadoPagoCard({ order }: { order: Order }) {
  const payment = order.payment ?? null;
  const status = normalizeStatus(order.status);
  const mayRefund = usePermission('orders.refund');
  const refund = useRefundOrder();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // After the refund the button is gone (the order is refunded): focus goes to what happened instead of the page.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  function doRefund() {
    setResult(null);
    refund.mutate(order._id, {
      onSuccess: (refunded) =>
        setResult({
          kind: 'success',
          text: `Mercado Pago devolvió ${formatPrice(refunded.total)} a la clienta. La orden quedó Reembolsada.`,
        }),
      onError: (error) => {
        setResult({ kind: 'error', text: `No se pudo reembolsar: ${errorMessage(error, 'Error al reembolsar la orden')}` });
        // A refusal may come from an order that changed meanwhile (a webhook, another tab), and a lost answer may
        // hide a refund that was made: show the order as the server has it now.
        void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
      },
      onSettled: () => setConfirming(false),
    });
  }

  const showRefund = mayRefund && refundableByMercadoPago(order);
  const checkoutUrl = status === 'pending_payment' ? (payment?.checkoutUrl ?? null) : null;

  return (
    <DetailCard headingId="mercadopago-title" title="Pago con Mercado Pago" icon={Wallet} testId="mercadopago-panel">
      {payment?.paymentId ? (
        <dl className="kv">
          <dt>ID de pago</dt>
          <dd data-testid="mercadopago-payment-id">{payment.paymentId}</dd>
          <dt>Estado en Mercado Pago</dt>
          <dd data-testid="mercadopago-status">{payment.paymentStatus ? mercadoPagoStatusLabel(payment.paymentStatus) : '—'}</dd>
          <dt>Cuotas</dt>
          <dd data-testid="mercadopago-installments">{payment.installments ? installmentsText(payment.installments) : '—'}</dd>
        </dl>
      ) : (
        <p className="muted">Mercado Pago todavía no informó ningún pago de esta orden.</p>
      )}
      {payment?.paymentUrl && (
        <p className="mercadopago-link">
          <a href={payment.paymentUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={14} aria-hidden="true" /> Ver en Mercado Pago
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      )}
      {checkoutUrl && (
        <div className="mercadopago-checkout">
          <p className="hint">
            Link de pago de la clienta (sirve mientras la orden espera el pago, también para reintentar tras una tarjeta rechazada):
          </p>
          <p className="mercadopago-link">
            <a href={checkoutUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={14} aria-hidden="true" /> Abrir el link de pago
              <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
            <CopyButton text={checkoutUrl} what="el link de pago de Mercado Pago" />
          </p>
        </div>
      )}
      {result && (
        <div ref={resultRef} tabIndex={-1} className="mercadopago-result" data-testid="refund-result">
          <Banner kind={result.kind} onClose={result.kind === 'error' ? () => setResult(null) : undefined}>
            {result.text}
          </Banner>
        </div>
      )}
      {showRefund && (
        <div className="mercadopago-actions">
          <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)} disabled={refund.isPending}>
            <RotateCcw size={16} aria-hidden="true" /> {refund.isPending ? 'Reembolsando...' : 'Reembolsar por Mercado Pago'}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Reembolsar por Mercado Pago"
          message={
            `Mercado Pago le devolverá a la clienta ${formatPrice(order.total)}, el pago ${payment?.paymentId ?? ''} completo, ` +
            `y la orden pasará a Reembolsado${status === 'paid' ? ' (sus productos vuelven al stock)' : ''}. No se puede deshacer.`
          }
          confirmLabel="Reembolsar"
          busyLabel="Reembolsando..."
          busy={refund.isPending}
          onConfirm={doRefund}
          onCancel={() => setConfirming(false)}
        />
      )}
    </DetailCard>
  );
}
