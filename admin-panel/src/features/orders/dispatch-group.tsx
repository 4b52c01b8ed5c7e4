import { Link } from 'react-router-dom';
import { fulfillmentLabel, formatPrice, type DispatchGroup as Group, type DispatchOrder, type DispatchType } from '@shop/shared';
import { paths } from '@/config/paths';
import { paymentMethodShortLabel } from '@/components/status-badge';

const unitsText = (n: number) => `${n} ${n === 1 ? 'unidad' : 'unidades'}`;
const ordersText = (n: number) => `${n} ${n === 1 ? 'pedido' : 'pedidos'}`;

/** The cash to collect, or that it is paid and how (so a Mercado Pago order is not mistaken for a forgotten cash one). */
function ToCollect({ amount, method }: { amount: number; method: string }) {
  return amount > 0 ? (
    <strong>{formatPrice(amount)}</strong>
  ) : (
    <span className="muted">
      {formatPrice(0)} · pagado ({paymentMethodShortLabel(method)})
    </span>
  );
}

function Address({ order }: { order: DispatchOrder }) {
  const place = [order.city, order.postalCode && `CP ${order.postalCode}`].filter(Boolean).join(' · ');
  return (
    <>
      {order.address || '—'}
      {place && <span className="cell-sub">{place}</span>}
    </>
  );
}

interface DispatchGroupProps {
  group: Group;
  type: DispatchType;
  /** "Marcar entregado" of one order (absent: the sheet is read only). */
  onDeliver?: (ids: string[]) => void;
  busy?: boolean;
}

/**
 * One zone's (or one meeting point's) orders on the sheet: number, customer with phone and notes, address, units, total and
 * what to collect, with the group's totals at the foot, and "Marcar entregado" per order (not printed).
 */
export function DispatchGroupSheet({ group, type, onDeliver, busy = false }: DispatchGroupProps) {
  const headingId = `dispatch-group-${type}-${group.id || 'none'}`;
  const units = group.orders.reduce((sum, order) => sum + order.units, 0);
  const total = group.orders.reduce((sum, order) => sum + order.total, 0);
  const delivery = type === 'delivery';
  return (
    <section className="card dispatch-group" aria-labelledby={headingId} data-testid="dispatch-group">
      <header className="dispatch-group-head">
        <div>
          <h2 id={headingId}>{group.name}</h2>
          {group.detail && <p className="muted">{group.detail}</p>}
        </div>
        <p className="dispatch-group-summary">
          {ordersText(group.orders.length)} · {unitsText(units)} · A cobrar: <strong>{formatPrice(group.toCollect)}</strong>
        </p>
      </header>
      <div className="table-scroll">
        <table className="table dispatch-table">
          <caption className="visually-hidden">Pedidos de {group.name}</caption>
          <thead>
            <tr>
              <th scope="col">Pedido</th>
              <th scope="col" className="col-client">
                Cliente
              </th>
              {delivery && (
                <th scope="col" className="col-address">
                  Dirección
                </th>
              )}
              <th scope="col" className="num">
                Unidades
              </th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col" className="num">
                A cobrar
              </th>
              {onDeliver && (
                <th scope="col" className="no-print">
                  Entrega
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {group.orders.map((order) => (
              <tr key={order._id} data-testid="dispatch-order">
                <td>
                  <Link to={paths.order(order._id)} className="order-number">
                    #{order.orderNumber}
                  </Link>
                </td>
                <td className="col-client">
                  {order.fullName}
                  <a className="dispatch-phone" href={`tel:${order.phone}`}>
                    {order.phone}
                  </a>
                  {order.notes && <span className="cell-sub dispatch-note">Nota: {order.notes}</span>}
                </td>
                {delivery && (
                  <td className="col-address">
                    <Address order={order} />
                  </td>
                )}
                <td className="num">{order.units}</td>
                <td className="num nowrap">{formatPrice(order.total)}</td>
                <td className="num nowrap">
                  <ToCollect amount={order.toCollect} method={order.paymentMethod} />
                </td>
                {onDeliver && (
                  <td className="no-print">
                    {order.fulfillment && order.fulfillment !== 'unfulfilled' && (
                      <span className="cell-sub">{fulfillmentLabel(order.fulfillment)}</span>
                    )}
                    <button
                      type="button"
                      className="btn btn-success btn-sm"
                      aria-label={`Marcar entregado el pedido ${order.orderNumber}`}
                      disabled={busy}
                      onClick={() => onDeliver([order._id])}
                    >
                      Marcar entregado
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={delivery ? 3 : 2}>
                Total de {group.name}
              </th>
              <td className="num">{units}</td>
              <td className="num nowrap">{formatPrice(total)}</td>
              <td className="num nowrap">
                <strong>{formatPrice(group.toCollect)}</strong>
              </td>
              {onDeliver && <td className="no-print" />}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
