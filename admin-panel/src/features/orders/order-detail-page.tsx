import { Fragment, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, CheckCircle, Printer, StickyNote } from 'lucide-react';
import {
  LIMITS,
  canConfirm,
  ORDER_STATUS_LABELS,
  ORDER_CHANNEL_LABELS,
  formatPrice,
  formatShipping,
  isOrderStatus,
  normalizeStatus,
  refundableByMercadoPago,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import { CashFeeTerm } from '@/components/term';
import { paths } from '@/config/paths';
import { OrderEmails } from '@/features/emails';
import { ApiError, errorMessage } from '@shop/client-kit';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { Banner, EmptyState, ErrorState, Spinner } from '@/components/feedback';
import { DetailCard } from '@/components/detail-card';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { StatusBadge } from '@/components/status-badge';
import { orderQueries } from './api/order-queries';
import { useUpdateOrderStatus } from './api/update-order-status';
import { useConfirmOrder } from './api/confirm-order';
import { formatDateTime } from '@/lib/format-date';
import { OrderCustomerCards } from './order-customer-cards';
import { OrderFulfillmentCard } from './order-fulfillment-card';
import { OrderInvoiceCard } from './order-invoice-card';
import { OrderShipmentCard } from './order-shipment-card';
import { OrderItemList } from './order-item-list';
import { OrderMercadoLibreCard } from './order-mercadolibre-card';
import { OrderMercadoPagoCard } from './order-mercadopago-card';
import { OrderPaymentPanel } from './order-payment-panel';
import { OrderStatusOptions } from './order-status-options';
import { OrderTimeline } from './order-timeline';
import { WhatsappLink } from './whatsapp-link';
import { OrderWhatsappCard } from './order-whatsapp-card';
import { PaymentLinkActions } from '@/features/sales';

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

/** Changes whose reason the shopper is told (by e-mail and in the WhatsApp message). */
const REASON_STATUSES: readonly OrderStatus[] = ['cancelled', 'refunded', 'pending_transfer_proof'];
const REASON_MAX = 300;
const asksReason = (status: OrderStatus) => REASON_STATUSES.includes(status);

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
  const [changeReason, setChangeReason] = useState('');
  const toast = useTimedMessage();
  const update = useUpdateOrderStatus();
  const confirm = useConfirmOrder();
  const info = order.shippingInfo;
  const changed = nextStatus !== current;
  // The reason given when the order entered its current status (a rejected proof, a cancellation), for {motivo}.
  const history = useQuery(orderQueries.history(order._id));
  const reason = [...(history.data ?? [])].reverse().find((event) => event.to === current)?.note ?? undefined;

  function handleUpdate() {
    setAlertText(null);
    const told = asksReason(nextStatus) ? changeReason.trim() : '';
    update.mutate(
      { id: order._id, status: nextStatus, adminNotes: order.adminNotes ?? undefined, ...(told ? { reason: told } : {}) },
      {
        onSuccess: () => {
          setChangeReason('');
          toast.show({ kind: 'success', text: 'Orden actualizada exitosamente!' }, LIMITS.bannerMs);
        },
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
          <p className="muted">
            Creada el {formatDateTime(order.createdAt)}
            {order.channel && order.channel !== 'web' && (
              <span data-testid="order-channel">
                {' '}
                · Venta por {ORDER_CHANNEL_LABELS[order.channel]}
                {order.createdBy ? `, tomada por ${order.createdBy.name}` : ''}
              </span>
            )}
          </p>
        </div>
        <div className="page-header-actions">
          <StatusBadge status={order.status} />
          <WhatsappLink order={order} reason={reason} />
          <Link to={paths.orderSlip(order._id)} className="btn btn-secondary btn-sm">
            <Printer size={16} aria-hidden="true" /> Remito
          </Link>
        </div>
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
          <DetailCard headingId="products-title" title="Productos">
            <OrderItemList
              items={order.items}
              thumbSize={56}
              details={(item) => (
                <>
                  <span className="cell-sub">
                    {item.size ? `Talle: ${item.size}` : 'Sin talle'}
                    {item.color ? ` · Color: ${item.color}` : ''}
                  </span>
                  <span className="cell-sub">
                    {item.quantity} × {formatPrice(item.price)}
                  </span>
                </>
              )}
            />
            <dl className="totals">
              <dt>Subtotal</dt>
              <dd>{formatPrice(order.subtotal)}</dd>
              {(order.discounts ?? []).map((discount, index) => (
                <Fragment key={`${discount.kind}-${discount.code ?? index}`}>
                  <dt data-testid="order-discount">
                    {discount.kind === 'coupon' && discount.code && !discount.label.includes(discount.code)
                      ? `${discount.label} (cupón ${discount.code})`
                      : discount.label}
                  </dt>
                  <dd>-{formatPrice(discount.amount)}</dd>
                </Fragment>
              ))}
              <dt>Envío</dt>
              <dd>{formatShipping(order.shippingCost)}</dd>
              <CashFeeTerm fee={order.cashFee} />
              <dt className="grand">Total</dt>
              <dd className="grand">{formatPrice(order.total)}</dd>
            </dl>
          </DetailCard>

          <OrderCustomerCards order={order} />

          {(info.notes || order.notes) && (
            <DetailCard headingId="notes-title" title="Notas del cliente" icon={StickyNote}>
              <p className="pre-wrap">{info.notes || order.notes}</p>
            </DetailCard>
          )}

          <OrderPaymentPanel order={order} />
          <PaymentLinkActions order={order} />
          {order.channel === 'mercadolibre' ? (
            <OrderMercadoLibreCard order={order} />
          ) : (
            order.paymentMethod === 'mercadopago' && <OrderMercadoPagoCard order={order} />
          )}
          <OrderEmails orderId={order._id} />
          <OrderWhatsappCard order={order} />
        </div>

        <aside className="detail-side">
          <DetailCard headingId="update-title" title="Actualizar estado" testId="order-update-panel">
            <SelectField
              id="order-next-status"
              label="Nuevo estado"
              value={nextStatus}
              onChange={(value) => {
                if (isOrderStatus(value)) setNextStatus(value);
              }}
            >
              <OrderStatusOptions current={current} paymentMethod={order.paymentMethod} />
            </SelectField>
            {changed && (
              <div className="alert alert-warning" role="status">
                <AlertTriangle size={18} aria-hidden="true" />
                <span>
                  Cambiarás el estado de {ORDER_STATUS_LABELS[current]} a {ORDER_STATUS_LABELS[nextStatus]}
                </span>
              </div>
            )}
            {changed && nextStatus === 'refunded' && refundableByMercadoPago(order) && (
              // The manual status only records the refund; the money goes back with the Mercado Pago button.
              <p className="hint" data-testid="manual-refund-hint">
                Marcarla «Reembolsado» no le devuelve el dinero: para eso usá «Reembolsar por Mercado Pago» en el bloque del pago.
              </p>
            )}
            {changed && asksReason(nextStatus) && (
              <FormField id="order-change-reason" label="Motivo (se le informa a la clienta, opcional)">
                <textarea
                  id="order-change-reason"
                  rows={2}
                  maxLength={REASON_MAX}
                  value={changeReason}
                  onChange={(event) => setChangeReason(event.target.value)}
                />
              </FormField>
            )}
            <button type="button" className="btn btn-primary btn-block" onClick={handleUpdate} disabled={!changed || update.isPending}>
              {update.isPending ? 'Actualizando...' : 'Actualizar Orden'}
            </button>
            {canConfirm(current) && (
              <button type="button" className="btn btn-success btn-block" onClick={handleConfirm} disabled={confirm.isPending}>
                <CheckCircle size={16} aria-hidden="true" /> {confirm.isPending ? 'Confirmando...' : 'Confirmar Orden'}
              </button>
            )}
          </DetailCard>

          <OrderFulfillmentCard order={order} />
          {order.deliveryType === 'carrier' && <OrderShipmentCard order={order} />}
          <OrderInvoiceCard order={order} />
          <OrderTimeline order={order} paid={current === 'paid'} />
        </aside>
      </div>
    </>
  );
}
