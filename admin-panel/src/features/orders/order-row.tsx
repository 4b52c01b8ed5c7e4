import { Link } from 'react-router-dom';
import { Eye, Trash2 } from 'lucide-react';
import { formatPrice, fulfillmentLabel, MERCADOLIBRE_SALES_MESSAGES, ORDER_CHANNEL_LABELS, type Order } from '@shop/shared';
import { paths } from '@/config/paths';
import { IconButton } from '@/components/icon-button';
import { PaymentBadge, StatusBadge } from '@/components/status-badge';
import { deliveryPlaceText, itemCountText } from './order-list-model';
import { formatDate } from '@/lib/format-date';

interface OrderRowProps {
  order: Order;
  deleting: boolean;
  onQuickView: () => void;
  /** Absent for a role that may not delete orders: no delete button then. */
  onDelete?: () => void;
  /** A carrier order staff may ship: its box for the list's "Crear envíos" / "Imprimir etiquetas". */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
}

/** One order in the orders table: number, customer, total, status and its actions. */
export function OrderRow({ order, deleting, onQuickView, onDelete, selection }: OrderRowProps) {
  return (
    <tr data-testid="order-row">
      <td className="cell-main">
        {selection && (
          <label className="cell-sub">
            <input type="checkbox" checked={selection.selected} onChange={(e) => selection.onChange(e.target.checked)} /> Envío por correo
            <span className="visually-hidden"> de la orden {order.orderNumber}</span>
          </label>
        )}
        <Link to={paths.order(order._id)} className="order-number">
          #{order.orderNumber}
        </Link>
        <span className="cell-sub">
          {itemCountText(order)} · {formatDate(order.createdAt)}
        </span>
        <span className="cell-sub" data-testid="order-place">
          {deliveryPlaceText(order)}
        </span>
        {order.channel === 'mercadolibre' && (
          <span className="cell-sub" data-testid="order-row-channel">
            {ORDER_CHANNEL_LABELS.mercadolibre}
            {order.external ? ` · venta ${order.external.orderId}` : ''}
          </span>
        )}
        {order.oversold && (
          <span className="badge status-pending_manual" data-testid="order-row-oversold">
            {MERCADOLIBRE_SALES_MESSAGES.oversoldTitle}
          </span>
        )}
      </td>
      <td data-label="Cliente">
        <span>
          {order.shippingInfo.fullName}
          <span className="cell-sub">{order.shippingInfo.email}</span>
        </span>
      </td>
      <td data-label="Total">
        <span className="total-cell">
          <strong>{formatPrice(order.total)}</strong>
          <PaymentBadge method={order.paymentMethod} />
        </span>
      </td>
      <td data-label="Estado">
        <StatusBadge status={order.status} />
        <span className="cell-sub" data-testid="order-fulfillment">
          Entrega: {fulfillmentLabel(order.fulfillment)}
        </span>
      </td>
      <td data-label="Acciones">
        <div className="row-actions">
          <IconButton icon={Eye} label={`Vista rápida de la orden ${order.orderNumber}`} title="Vista rápida" onClick={onQuickView} />
          <Link to={paths.order(order._id)} className="btn btn-secondary btn-sm">
            Ver detalles
          </Link>
          {onDelete && (
            <button
              type="button"
              className={deleting ? 'btn btn-sm btn-danger-outline' : 'icon-button danger'}
              onClick={onDelete}
              disabled={deleting}
              aria-label={deleting ? undefined : `Eliminar orden ${order.orderNumber}`}
              title="Eliminar orden"
            >
              <Trash2 size={deleting ? 16 : 18} aria-hidden="true" />
              {deleting && <span>Eliminando...</span>}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
