import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatPrice,
  isOrderStatus,
  normalizeStatus,
  type Order,
} from '@shop/shared';
import { paths } from '@/config/paths';
import { Modal } from '@/components/modal';
import { StatusBadge } from '@/components/status-badge';
import { Thumb } from '@/components/thumb';
import { formatDateTime } from './format-date';

interface OrderQuickViewProps {
  order: Order;
  updating: boolean;
  onStatusChange: (status: (typeof ORDER_STATUSES)[number]) => void;
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
          <Link to={paths.order(order._id)} className="btn btn-secondary">
            Ver detalle completo
          </Link>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Cerrar
          </button>
        </>
      }
    >
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
            <dt>Pago</dt>
            <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
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
      <div className="field">
        <label htmlFor={selectId}>Cambiar estado</label>
        <select
          id={selectId}
          value={normalizeStatus(order.status)}
          disabled={updating}
          onChange={(e) => {
            if (isOrderStatus(e.target.value)) onStatusChange(e.target.value);
          }}
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {updating && <p className="hint">Actualizando estado...</p>}
      </div>
      <section>
        <h3>Productos</h3>
        <ul className="item-list">
          {order.items.map((item, i) => (
            <li key={`${item.productId ?? item.title}-${i}`} className="item-row">
              <Thumb src={item.image} />
              <div className="item-info">
                <strong>{item.title}</strong>
                <span className="cell-sub">
                  Cantidad: {item.quantity}
                  {item.size ? ` · Talle: ${item.size}` : ''}
                  {item.color ? ` · Color: ${item.color}` : ''}
                </span>
              </div>
              <span className="item-total">{formatPrice(item.price * item.quantity)}</span>
            </li>
          ))}
        </ul>
      </section>
    </Modal>
  );
}
