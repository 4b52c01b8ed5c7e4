import { forwardRef } from 'react';
import { Check, ExternalLink, X } from 'lucide-react';
import { formatPrice, type Order, type SiteContent } from '@shop/shared';
import { formatDateTime } from '@/features/orders';
import { paths } from '@/config/paths';
import { Link } from 'react-router-dom';

type BankTransfer = SiteContent['checkout']['paymentInfo']['bankTransfer'];

interface ProofCardProps {
  order: Order;
  position: number;
  count: number;
  selected: boolean;
  busy: boolean;
  bank: BankTransfer | undefined;
  onSelect: () => void;
  onApprove: () => void;
  onReject: () => void;
}

/** One order of the queue: the proof large beside the amount due, who paid and where the money should have gone. */
export const ProofCard = forwardRef<HTMLElement, ProofCardProps>(function ProofCard(
  { order, position, count, selected, busy, bank, onSelect, onApprove, onReject },
  ref,
) {
  const headingId = `proof-${order._id}-title`;
  return (
    <article
      ref={ref}
      className={`proof-card card${selected ? ' selected' : ''}`}
      tabIndex={selected ? 0 : -1}
      aria-labelledby={headingId}
      aria-current={selected ? 'true' : undefined}
      aria-posinset={position}
      aria-setsize={count}
      onFocus={onSelect}
      onClick={onSelect}
      data-testid="proof-card"
    >
      <figure className="proof-image">
        {order.transferProofUrl ? (
          <a href={order.transferProofUrl} target="_blank" rel="noopener noreferrer" tabIndex={selected ? 0 : -1}>
            <img src={order.transferProofUrl} alt={`Comprobante de transferencia de la orden ${order.orderNumber}`} />
          </a>
        ) : (
          <p className="muted">Sin imagen de comprobante</p>
        )}
        {order.transferProofUrl && (
          <figcaption>
            <a href={order.transferProofUrl} target="_blank" rel="noopener noreferrer" tabIndex={selected ? 0 : -1}>
              <ExternalLink size={14} aria-hidden="true" /> Ver en tamaño completo
            </a>
          </figcaption>
        )}
      </figure>
      <div className="proof-facts">
        <p className="proof-amount-label">Monto a verificar</p>
        <p className="proof-amount" data-testid="proof-amount">
          {formatPrice(order.total)}
        </p>
        <h2 id={headingId} className="proof-order">
          <Link to={paths.order(order._id)} tabIndex={selected ? 0 : -1}>
            Orden #{order.orderNumber}
          </Link>
        </h2>
        <dl className="kv">
          <dt>Cliente</dt>
          <dd>{order.shippingInfo.fullName}</dd>
          <dt>Recibida</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
          {bank && (
            <>
              <dt>Banco</dt>
              <dd>{bank.bankName || '—'}</dd>
              <dt>Titular</dt>
              <dd>{bank.accountHolder || '—'}</dd>
              <dt>CBU</dt>
              <dd className="mono">{bank.cbu || '—'}</dd>
              <dt>Alias</dt>
              <dd className="mono">{bank.alias || '—'}</dd>
            </>
          )}
        </dl>
        <div className="proof-actions">
          <button type="button" className="btn btn-success" onClick={onApprove} disabled={busy} tabIndex={selected ? 0 : -1}>
            <Check size={16} aria-hidden="true" /> Aprobar <kbd aria-hidden="true">A</kbd>
          </button>
          <button type="button" className="btn btn-danger" onClick={onReject} disabled={busy} tabIndex={selected ? 0 : -1}>
            <X size={16} aria-hidden="true" /> Rechazar <kbd aria-hidden="true">R</kbd>
          </button>
        </div>
      </div>
    </article>
  );
});
