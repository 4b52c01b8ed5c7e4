import { useState } from 'react';
import { ErrorNotice } from '@/components/form-parts';
import { Link } from 'react-router-dom';
import {
  FULFILLMENT_LABELS,
  formatPrice,
  isFulfillmentStep,
  normalizeStatus,
  ORDER_CHANNEL_LABELS,
  ORDER_STATUS_LABELS,
  type AccountOrder,
} from '@shop/shared';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { formatOrderDate, paymentLink } from '@/features/orders';
import { downloadInvoicePdf } from '@/features/tracking';

const lineText = (line: AccountOrder['items'][number]) =>
  [line.title, line.size ? `Talle ${line.size}` : '', line.color].filter(Boolean).join(' · ');

/** "Volver a comprar": the lines still in stock go to the cart; she is told how many and which are not available. */
function useReorder(order: AccountOrder) {
  const { add } = useCart();
  const [result, setResult] = useState<{ added: number; missing: string[] } | null>(null);
  const reorder = () => {
    let added = 0;
    const missing: string[] = [];
    for (const line of order.items) {
      const ok =
        line.available &&
        line.productId !== null &&
        add({
          id: line.productId,
          name: line.title,
          price: line.unitPrice,
          image: '',
          size: line.size,
          color: line.color || undefined,
          quantity: line.quantity,
        });
      if (ok) added += 1;
      else missing.push(lineText(line));
    }
    setResult({ added, missing });
  };
  return { result, reorder };
}

function ReorderResult({ added, missing }: { added: number; missing: string[] }) {
  return (
    <div className="account-order__result">
      <p>
        {added === 0
          ? 'No pudimos agregar nada: ningún producto de esta compra está disponible ahora.'
          : `Agregamos ${added} ${added === 1 ? 'producto' : 'productos'} a tu carrito.`}{' '}
        {added > 0 && <Link to={paths.cart}>Ver el carrito</Link>}
      </p>
      {missing.length > 0 && added > 0 && (
        <>
          <p>No están disponibles:</p>
          <ul>
            {missing.map((line, index) => (
              <li key={`${line}-${index}`}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** One of her orders: what, when, where it was bought, how it stands, and what she can do with it. */
export function OrderCard({ order, email }: { order: AccountOrder; email: string }) {
  const { result, reorder } = useReorder(order);
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const payAt = paymentLink(order.checkoutUrl);
  const titleId = `order-${order.orderNumber}-title`;
  const status = normalizeStatus(order.status);

  const download = async () => {
    setInvoiceBusy(true);
    setInvoiceError(null);
    try {
      await downloadInvoicePdf(order.orderNumber, email);
    } catch (err) {
      setInvoiceError(err instanceof Error ? err.message : 'No pudimos descargar la factura');
    } finally {
      setInvoiceBusy(false);
    }
  };

  return (
    <article className="account-order" aria-labelledby={titleId} data-testid="account-order">
      <h3 id={titleId} className="account-order__title">
        Pedido {order.orderNumber}
      </h3>
      <p className="muted small">
        {formatOrderDate(order.createdAt)} · {ORDER_CHANNEL_LABELS[order.channel]}
      </p>
      <p className="small">
        Estado: <span className={`status status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>
        {order.fulfillment && isFulfillmentStep(order.fulfillment) && <> · {FULFILLMENT_LABELS[order.fulfillment]}</>}
      </p>
      <ul className="account-order__lines">
        {order.items.map((line, index) => (
          <li key={`${line.productId ?? line.title}-${index}`}>
            {line.quantity} × {lineText(line)} <span className="muted">({formatPrice(line.unitPrice)} c/u)</span>
          </li>
        ))}
      </ul>
      <p>
        Total: <strong>{formatPrice(order.total)}</strong>
      </p>
      {order.tracking && (
        <p className="small" data-testid="account-order-tracking">
          Envío por {order.tracking.carrier}: número de seguimiento <strong>{order.tracking.number}</strong>
          {order.tracking.url && (
            <>
              {' '}
              <a href={order.tracking.url} target="_blank" rel="noopener noreferrer">
                Seguir el envío
              </a>
            </>
          )}
        </p>
      )}
      <div className="account-actions">
        {/* The contact goes in the navigation's state, never in the address (history, shared links). */}
        <Link
          className="btn btn--outline btn--sm"
          to={`${paths.tracking}?n=${encodeURIComponent(order.orderNumber)}`}
          state={{ contact: email }}
        >
          Ver el pedido
        </Link>
        {payAt && (
          <a className="btn btn--primary btn--sm" href={payAt}>
            Pagar
          </a>
        )}
        {order.invoiced && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void download()}
            disabled={invoiceBusy}
            aria-busy={invoiceBusy}
          >
            {invoiceBusy ? 'Descargando factura...' : 'Descargar factura'}
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--sm" onClick={reorder}>
          Volver a comprar
        </button>
        {order.reviewPath && (
          <Link className="btn btn--ghost btn--sm" to={order.reviewPath}>
            Opiná sobre tu compra
          </Link>
        )}
      </div>
      <ErrorNotice error={invoiceError} />
      <div role="status" data-testid="account-reorder-status">
        {result && <ReorderResult added={result.added} missing={result.missing} />}
      </div>
    </article>
  );
}
