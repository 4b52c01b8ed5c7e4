import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PAYMENT_METHOD_LABELS, formatPrice, isOrderStatus, normalizeStatus, type Order, type OrderStatus } from '@shop/shared';
import { paths } from '@/config/paths';
import { Modal } from '@/components/modal';
import { StatusBadge } from '@/components/status-badge';
import { OversoldNotice } from './order-mercadolibre-card';
import { SelectField } from '@/components/select-field';
import { formatDateTime } from '@/lib/format-date';
import { OrderItemList } from './order-item-list';
import { OrderStatusOptions } from './order-status-options';
import { deliveryPlaceText } from './order-list-model';
import { WhatsappLink } from './whatsapp-link';

interface OrderQuickViewProps {
  order: Order;
  updating: boolean;
  onStatusChange: (status: OrderStatus) => void;
  onClose: () => void;
}

/** Quick view: customer, order data, products and a status select that applies at once. */
export function OrderQuickView({ order, updating, onStatusChange, onClose }: OrderQuickViewProps) {
  const selectId = useId();
  const info = order.shippingInfo;
  return (
    <Modal
      title={`Orden #${order.orderNumber}`}
      onClose={onClose}
      size="lg"
      testId="order-quick-view"
      footer={
        <>
          <WhatsappLink order={order} />
          <Link to={paths.order(order._id)} className="btn btn-secondary">
            Ver detalle completo
          </Link>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Cerrar
          </button>
        </>
      }
    >
      {order.oversold && <OversoldNotice />}
      <div className="quick-grid">
        <section>
          <h3>Cliente</h3>
          <dl className="kv">
            <dt>Nombre</dt>
            <dd>{info.fullName}</dd>
            <dt>Email</dt>
            <dd>{info.email}</dd>
            <dt>Teléfono</dt>
            <dd>{info.phone}</dd>
            <dt>Dirección</dt>
            <dd>{info.address || '—'}</dd>
            <dt>Ciudad</dt>
            <dd>{info.city || '—'}</dd>
          </dl>
        </section>
        <section>
          <h3>Orden</h3>
          <dl className="kv">
            <dt>Fecha</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
            {order.external && (
              <>
                <dt>Mercado Libre</dt>
                <dd data-testid="quick-view-external">Venta {order.external.orderId}</dd>
              </>
            )}
            <dt>Pago</dt>
            <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
            <dt>Entrega</dt>
            <dd data-testid="quick-view-place">
              {deliveryPlaceText(order)}
              {order.meetingPoint && order.deliveryType === 'pickup' && (
                <span className="cell-sub">{[order.meetingPoint.address, order.meetingPoint.schedule].filter(Boolean).join(' · ')}</span>
              )}
            </dd>
            <dt>Estado</dt>
            <dd>
              <StatusBadge status={order.status} />
            </dd>
            <dt>Total</dt>
            <dd>
              <strong>{formatPrice(order.total)}</strong>
            </dd>
          </dl>
        </section>
      </div>
      <SelectField
        id={selectId}
        label="Cambiar estado"
        value={normalizeStatus(order.status)}
        disabled={updating}
        onChange={(value) => {
          if (isOrderStatus(value)) onStatusChange(value);
        }}
        after={updating && <p className="hint">Actualizando estado...</p>}
      >
        <OrderStatusOptions current={normalizeStatus(order.status)} />
      </SelectField>
      <section>
        <h3>Productos</h3>
        <OrderItemList
          items={order.items}
          details={(item) => (
            <span className="cell-sub">
              Cantidad: {item.quantity}
              {item.size ? ` · Talle: ${item.size}` : ''}
              {item.color ? ` · Color: ${item.color}` : ''}
            </span>
          )}
        />
      </section>
    </Modal>
  );
}
