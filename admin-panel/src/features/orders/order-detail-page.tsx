import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowLeft,
  CheckCircle,
  CreditCard,
  ExternalLink,
  Mail,
  MapPin,
  Phone,
  StickyNote,
  User,
} from 'lucide-react';
import {
  LIMITS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatPrice,
  formatShipping,
  isOrderStatus,
  normalizeStatus,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner, EmptyState, ErrorState, Spinner } from '@/components/feedback';
import { StatusBadge } from '@/components/status-badge';
import { Thumb } from '@/components/thumb';
import { orderQueries } from './api/order-queries';
import { useUpdateOrderStatus } from './api/update-order-status';
import { useConfirmOrder } from './api/confirm-order';
import { formatDateTime } from './format-date';
import { OrderTimeline } from './order-timeline';

export function OrderDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({ ...orderQueries.detail(id), staleTime: 0 });

  return (
    <div className="page" data-testid="order-detail-page">
      <div>
        <button type="button" className="btn btn-ghost" onClick={() => navigate(paths.orders)}>
          <ArrowLeft size={16} aria-hidden="true" /> Volver a órdenes
        </button>
      </div>
      {query.isPending ? (
        <Spinner label="Cargando orden..." />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <NotFound />
        ) : (
          <div className="card">
            <ErrorState message={errorMessage(query.error, 'Error cargando la orden')} onRetry={() => void query.refetch()} />
          </div>
        )
      ) : query.data === null ? (
        <NotFound />
      ) : (
        <OrderDetail order={query.data} />
      )}
    </div>
  );
}

function NotFound() {
  return (
    <div className="card">
      <EmptyState title="Orden no encontrada">
        <Link to={paths.orders} className="btn btn-secondary">
          Ver todas las órdenes
        </Link>
      </EmptyState>
    </div>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const current = normalizeStatus(order.status);
  const [nextStatus, setNextStatus] = useState<OrderStatus>(current);
  // When the saved status changes (update, confirm, refetch) the select follows it.
  const [shownCurrent, setShownCurrent] = useState(current);
  if (shownCurrent !== current) {
    setShownCurrent(current);
    setNextStatus(current);
  }
  const [alertText, setAlertText] = useState<string | null>(null);
  const toast = useTimedMessage();
  const update = useUpdateOrderStatus();
  const confirm = useConfirmOrder();
  const info = order.shippingInfo;
  const changed = nextStatus !== current;

  function handleUpdate() {
    setAlertText(null);
    update.mutate(
      { id: order._id, status: nextStatus, adminNotes: order.adminNotes ?? undefined },
      {
        onSuccess: () => toast.show({ kind: 'success', text: 'Orden actualizada exitosamente!' }, LIMITS.bannerMs),
        onError: (error) => setAlertText(`Error actualizando la orden: ${errorMessage(error)}`),
      },
    );
  }

  function handleConfirm() {
    setAlertText(null);
    confirm.mutate(order._id, {
      onSuccess: () => toast.show({ kind: 'success', text: 'Orden confirmada exitosamente!' }, LIMITS.bannerMs),
      onError: (error) =>
        setAlertText(
          error instanceof Error && error.message ? `Error confirmando la orden: ${error.message}` : 'Error confirmando la orden',
        ),
    });
  }

  return (
    <>
      <header className="page-header">
        <div>
          <h1>Orden #{order.orderNumber}</h1>
          <p className="muted">Creada el {formatDateTime(order.createdAt)}</p>
        </div>
        <StatusBadge status={order.status} />
      </header>
      {alertText && (
        <Banner kind="error" onClose={() => setAlertText(null)}>
          {alertText}
        </Banner>
      )}
      {toast.message && (
        <div className="toast">
          <Banner kind={toast.message.kind} onClose={toast.clear}>
            {toast.message.text}
          </Banner>
        </div>
      )}

      <div className="detail-grid">
        <div className="detail-main">
          <section className="card" aria-labelledby="products-title">
            <h2 id="products-title" className="card-title">
              Productos
            </h2>
            <ul className="item-list">
              {order.items.map((item, i) => (
                <li key={`${item.productId ?? item.title}-${i}`} className="item-row">
                  <Thumb src={item.image} size={56} />
                  <div className="item-info">
                    <strong>{item.title}</strong>
                    <span className="cell-sub">
                      {item.size ? `Talle: ${item.size}` : 'Sin talle'}
                      {item.color ? ` · Color: ${item.color}` : ''}
                    </span>
                    <span className="cell-sub">
                      {item.quantity} × {formatPrice(item.price)}
                    </span>
                  </div>
                  <span className="item-total">{formatPrice(item.price * item.quantity)}</span>
                </li>
              ))}
            </ul>
            <dl className="totals">
              <dt>Subtotal</dt>
              <dd>{formatPrice(order.subtotal)}</dd>
              <dt>Envío</dt>
              <dd>{formatShipping(order.shippingCost)}</dd>
              {order.cashFee > 0 && (
                <>
                  <dt>Recargo pago en efectivo</dt>
                  <dd>{formatPrice(order.cashFee)}</dd>
                </>
              )}
              <dt className="grand">Total</dt>
              <dd className="grand">{formatPrice(order.total)}</dd>
            </dl>
          </section>

          <div className="two-col">
            <section className="card" aria-labelledby="customer-title">
              <h2 id="customer-title" className="card-title">
                Cliente
              </h2>
              <ul className="contact-list">
                <li>
                  <User size={16} aria-hidden="true" /> {info.fullName}
                </li>
                <li>
                  <Mail size={16} aria-hidden="true" /> <a href={`mailto:${info.email}`}>{info.email}</a>
                </li>
                <li>
                  <Phone size={16} aria-hidden="true" /> <a href={`tel:${info.phone}`}>{info.phone}</a>
                </li>
              </ul>
            </section>
            <section className="card" aria-labelledby="address-title">
              <h2 id="address-title" className="card-title">
                {order.deliveryType === 'delivery' ? 'Dirección de envío' : 'Entrega'}
              </h2>
              <ul className="contact-list">
                <li>
                  <MapPin size={16} aria-hidden="true" />
                  <span>
                    {order.deliveryType === 'delivery' ? info.address || '—' : 'Retiro en punto de encuentro'}
                    {info.city && <span className="cell-sub">{info.city}</span>}
                    {info.postalCode && <span className="cell-sub">CP {info.postalCode}</span>}
                  </span>
                </li>
              </ul>
            </section>
          </div>

          {(info.notes || order.notes) && (
            <section className="card" aria-labelledby="notes-title">
              <h2 id="notes-title" className="card-title with-icon">
                <StickyNote size={18} aria-hidden="true" /> Notas del cliente
              </h2>
              <p className="pre-wrap">{info.notes || order.notes}</p>
            </section>
          )}

          <section className="card" aria-labelledby="payment-title" data-testid="payment-panel">
            <h2 id="payment-title" className="card-title with-icon">
              <CreditCard size={18} aria-hidden="true" /> Pago
            </h2>
            <dl className="kv">
              <dt>Método</dt>
              <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
              <dt>Estado</dt>
              <dd>{ORDER_STATUS_LABELS[current]}</dd>
              {order.reservedUntil && (
                <>
                  <dt>Reservada hasta</dt>
                  <dd data-testid="reserved-until">{formatDateTime(order.reservedUntil)} (luego se cancela sola)</dd>
                </>
              )}
              {order.paidAt && (
                <>
                  <dt>Fecha de pago</dt>
                  <dd>{formatDateTime(order.paidAt)}</dd>
                </>
              )}
            </dl>
            {order.paymentMethod === 'transfer' &&
              (order.transferProofUrl ? (
                <figure className="proof">
                  <a href={order.transferProofUrl} target="_blank" rel="noopener noreferrer">
                    <img src={order.transferProofUrl} alt={`Comprobante de transferencia de la orden ${order.orderNumber}`} />
                  </a>
                  <figcaption>
                    <a href={order.transferProofUrl} target="_blank" rel="noopener noreferrer">
                      <ExternalLink size={14} aria-hidden="true" /> Ver comprobante en tamaño completo
                    </a>
                  </figcaption>
                </figure>
              ) : (
                <p className="muted">No se adjuntó comprobante de transferencia.</p>
              ))}
          </section>
        </div>

        <aside className="detail-side">
          <section className="card" aria-labelledby="update-title" data-testid="order-update-panel">
            <h2 id="update-title" className="card-title">
              Actualizar estado
            </h2>
            <div className="field">
              <label htmlFor="order-next-status">Nuevo estado</label>
              <select
                id="order-next-status"
                value={nextStatus}
                onChange={(e) => {
                  if (isOrderStatus(e.target.value)) setNextStatus(e.target.value);
                }}
              >
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ORDER_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            {changed && (
              <div className="alert alert-warning" role="status">
                <AlertTriangle size={18} aria-hidden="true" />
                <span>
                  Cambiarás el estado de {ORDER_STATUS_LABELS[current]} a {ORDER_STATUS_LABELS[nextStatus]}
                </span>
              </div>
            )}
            <button type="button" className="btn btn-primary btn-block" onClick={handleUpdate} disabled={!changed || update.isPending}>
              {update.isPending ? 'Actualizando...' : 'Actualizar Orden'}
            </button>
            {current === 'pending_manual' && (
              <button type="button" className="btn btn-success btn-block" onClick={handleConfirm} disabled={confirm.isPending}>
                <CheckCircle size={16} aria-hidden="true" /> {confirm.isPending ? 'Confirmando...' : 'Confirmar Orden'}
              </button>
            )}
          </section>

          <OrderTimeline order={order} paid={current === 'paid'} />
        </aside>
      </div>
    </>
  );
}
