import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  amountToCollect,
  formatPrice,
  nationalShippingText,
  normalizeStatus,
  type Order,
} from '@shop/shared';
import { ApiError, errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { EmptyState, Loaded } from '@/components/feedback';
import { formatDateTime } from '@/lib/format-date';
import { orderQueries } from './api/order-queries';

const unitsText = (n: number) => `${n} ${n === 1 ? 'unidad' : 'unidades'}`;

/** Where the package goes: the zone and address of a home delivery, or the meeting point of a pickup. */
function Destination({ order }: { order: Order }) {
  const info = order.shippingInfo;
  if (order.deliveryType === 'delivery' || order.deliveryType === 'carrier') {
    const place = [info.city, info.postalCode && `CP ${info.postalCode}`].filter(Boolean).join(' · ');
    return (
      <>
        <dt>Entrega</dt>
        <dd>
          {order.deliveryType === 'carrier' && order.nationalShipping
            ? nationalShippingText(order.nationalShipping)
            : `Envío a domicilio${order.zone ? ` · zona ${order.zone.name}` : ''}`}
          {order.nationalShipping?.branch && <span className="cell-sub">Sucursal {order.nationalShipping.branch.name}</span>}
          <span className="cell-sub">{info.address || '—'}</span>
          {place && <span className="cell-sub">{place}</span>}
        </dd>
      </>
    );
  }
  const point = order.meetingPoint;
  return (
    <>
      <dt>Entrega</dt>
      <dd>
        Retiro{point ? ` en ${point.title}` : ' en punto de encuentro'}
        {point?.address && <span className="cell-sub">{point.address}</span>}
        {point?.schedule && <span className="cell-sub">{point.schedule}</span>}
      </dd>
    </>
  );
}

/**
 * What the slip tells whoever hands the package over about money: the cash to collect, that it is paid, or (a transfer
 * or Mercado Pago order whose payment has not arrived yet) that nothing is collected and it must not leave unpaid.
 */
function CollectNote({ order }: { order: Order }) {
  const collect = amountToCollect(order);
  if (collect > 0) {
    return (
      <p className="slip-collect" data-testid="slip-collect">
        A cobrar: <strong>{formatPrice(collect)}</strong>
      </p>
    );
  }
  // A paid order may have moved on (confirmed) since: paidAt stays.
  const paid = normalizeStatus(order.status) === 'paid' || order.paidAt !== null;
  return (
    <p className="slip-collect slip-paid" data-testid="slip-collect">
      {paid
        ? 'Pagado: no se cobra nada al entregar'
        : `Pago pendiente (${PAYMENT_METHOD_LABELS[order.paymentMethod]}): no se cobra al entregar; no lo entregues hasta que se acredite`}
    </p>
  );
}

function Slip({ order }: { order: Order }) {
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const info = order.shippingInfo;
  return (
    <article className="card slip" aria-labelledby="slip-title" data-testid="order-slip">
      <header className="slip-head">
        <div>
          <h1 id="slip-title">Remito · Pedido #{order.orderNumber}</h1>
          <p className="muted">
            {formatDateTime(order.createdAt)} · {ORDER_STATUS_LABELS[normalizeStatus(order.status)]}
          </p>
        </div>
        <CollectNote order={order} />
      </header>
      <dl className="kv slip-kv">
        <dt>Cliente</dt>
        <dd>
          {info.fullName}
          <span className="cell-sub">{info.phone}</span>
          <span className="cell-sub">{info.email}</span>
        </dd>
        <Destination order={order} />
        <dt>Pago</dt>
        <dd data-testid="slip-payment">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
        {(info.notes || order.notes) && (
          <>
            <dt>Notas</dt>
            <dd>{[info.notes, order.notes].filter(Boolean).join(' · ')}</dd>
          </>
        )}
      </dl>
      <table className="table slip-table">
        <caption className="visually-hidden">Productos del pedido #{order.orderNumber}</caption>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col">Talle</th>
            <th scope="col">Color</th>
            <th scope="col">SKU</th>
            <th scope="col" className="num">
              Cantidad
            </th>
            <th scope="col" className="slip-check">
              <span className="visually-hidden">Controlado</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={`${item.productId}-${item.size ?? ''}-${item.color ?? ''}-${i}`} data-testid="slip-line">
              <td>{item.title}</td>
              <td>{item.size || '—'}</td>
              <td>{item.color || '—'}</td>
              <td>{item.sku || '—'}</td>
              <td className="num">{item.quantity}</td>
              <td className="slip-check" aria-hidden="true">
                ☐
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Total del pedido: {formatPrice(order.total)}
              {(order.discountTotal ?? 0) > 0 && (
                <span className="slip-discounts" data-testid="slip-discounts">
                  {' '}
                  (incluye descuentos: {(order.discounts ?? []).map((d) => `${d.label} -${formatPrice(d.amount)}`).join(', ')})
                </span>
              )}
            </th>
            <td className="num">{unitsText(units)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </article>
  );
}

/** One order's packing slip ("Remito"): who, where (zone or meeting point), what, and what to collect; to print. */
export function OrderSlipPage() {
  const { id = '' } = useParams();
  const query = useQuery({ ...orderQueries.detail(id), staleTime: 0 });
  return (
    <div className="page slip-page" data-testid="order-slip-page">
      <div className="page-header-actions no-print">
        <Link to={paths.order(id)} className="btn btn-ghost">
          <ArrowLeft size={16} aria-hidden="true" /> Volver a la orden
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!query.data}>
          <Printer size={16} aria-hidden="true" /> Imprimir
        </button>
      </div>
      <Loaded
        query={query}
        loading="Cargando remito..."
        errorText={(error) => `Error al cargar el remito: ${errorMessage(error)}`}
        refusal={(error) => (error instanceof ApiError && error.status === 404 ? <EmptyState title="Orden no encontrada" /> : null)}
      >
        {(order) => <Slip order={order} />}
      </Loaded>
    </div>
  );
}
