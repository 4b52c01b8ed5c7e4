import { MessageCircle } from 'lucide-react';
import {
  nationalShippingText,
  formatPrice,
  formatShipping,
  normalizeStatus,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type OrderStatus,
  type TrackedOrder,
} from '@shop/shared';
import { SummaryLines } from '@/components/summary-lines';
import { env } from '@/config/env';
import { chatUrl } from '@/lib/chat-link';
import { formatOrderDate, HoldNotice } from '@/features/orders';
import { PaymentPending, type PaymentReturn } from './payment-pending';
import { FulfillmentSteps } from './fulfillment-steps';
import { CarrierShipment } from './carrier-shipment';
import { ReturnsSection } from '@/features/returns';
import { TrackedWithdrawals } from '@/features/withdrawals';

/** A place's lines (name, address, hours) one under the other in a `kv` value, leaving out the empty ones. */
function KvLines({ lines }: { lines: string[] }) {
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => (
      <span key={line} className="kv__line">
        {line}
      </span>
    ));
}

/** The help/chat section is offered only for these statuses. */
const HELP_STATUSES: readonly OrderStatus[] = ['pending_manual', 'paid'];

export const SUMMARY_HINT =
  'Para ver los productos, talles, colores y datos de entrega, ingresá también el e-mail o teléfono de la compra.';
/** The summary of an order waiting for its Mercado Pago payment: the link to pay is on the full card only. */
export const PAY_HINT =
  'Para pagar con Mercado Pago y ver los productos, talles, colores y datos de entrega, ingresá también el e-mail o teléfono de la compra.';

/** The order found: its status, facts, delivery, products (full card) and the way to ask for help. */
export function TrackingResult({
  order,
  paymentReturn,
  contact = '',
}: {
  order: TrackedOrder;
  paymentReturn: PaymentReturn | null;
  /** The contact she typed (the request form sends it with the order number). */
  contact?: string;
}) {
  const status = normalizeStatus(order.status);
  const delivery = order.deliveryType === 'delivery' || order.deliveryType === 'carrier';
  const full = order.detail === 'full' ? order : null;
  const national = full?.nationalShipping ?? null;
  const awaitingPayment = status === 'pending_payment';
  const chatText = `¡Hola ${env.brandName}! Quería consultar por mi pedido ${order.orderNumber}.`;
  return (
    <article className="card tracking-card" data-testid="tracking-result" data-detail={order.detail} aria-labelledby="tracking-order-title">
      <header className="tracking-card__header">
        <div>
          <p className="muted small">{full?.firstName ? `Hola, ${full.firstName}: este es tu pedido` : 'Pedido'}</p>
          <h2 id="tracking-order-title">{order.orderNumber}</h2>
        </div>
        <span className={`status status--${status}`} data-testid="status-badge">
          {ORDER_STATUS_LABELS[status]}
        </span>
      </header>
      <HoldNotice order={order} />
      {awaitingPayment && <PaymentPending order={order} paymentReturn={paymentReturn} />}
      <FulfillmentSteps order={order} />
      {order.shipment && <CarrierShipment shipment={order.shipment} />}
      <div className="split tracking-card__grid">
        <section>
          <h3>Información general</h3>
          <dl className="kv">
            <div>
              <dt>Fecha</dt>
              <dd>{formatOrderDate(order.createdAt)}</dd>
            </div>
            {full && (
              <div>
                <dt>Pago</dt>
                <dd>{PAYMENT_METHOD_LABELS[full.paymentMethod]}</dd>
              </div>
            )}
            <div>
              <dt>Unidades</dt>
              <dd data-testid="tracking-units">{order.units}</dd>
            </div>
            {full
              ? full.discounts?.map((discount, index) => (
                  <div key={`${discount.kind}-${discount.code ?? index}`} data-testid="tracking-discount">
                    <dt>
                      {discount.kind === 'coupon' && discount.code && !discount.label.includes(discount.code)
                        ? `${discount.label} (${discount.code})`
                        : discount.label}
                    </dt>
                    <dd>-{formatPrice(discount.amount)}</dd>
                  </div>
                ))
              : (order.discountTotal ?? 0) > 0 && (
                  <div data-testid="tracking-discount">
                    <dt>Descuentos</dt>
                    <dd>-{formatPrice(order.discountTotal ?? 0)}</dd>
                  </div>
                )}
            <div>
              <dt>Total</dt>
              <dd>{formatPrice(order.total)}</dd>
            </div>
          </dl>
        </section>
        <section>
          <h3>Entrega</h3>
          <dl className="kv">
            <div>
              <dt>Modalidad</dt>
              <dd>
                {order.deliveryType === 'carrier'
                  ? 'Envío a todo el país'
                  : delivery
                    ? 'Envío a domicilio'
                    : 'Retiro en punto de encuentro'}
              </dd>
            </div>
            {national && (
              <div>
                <dt>Correo</dt>
                <dd data-testid="tracking-carrier">
                  <span className="kv__line">{nationalShippingText(national)}</span>
                  {national.branch && (
                    <KvLines lines={[`Sucursal ${national.branch.name}`, national.branch.address, national.branch.hours]} />
                  )}
                </dd>
              </div>
            )}
            {full && delivery && full.delivery.city && (
              <div>
                <dt>Ciudad</dt>
                <dd>
                  {full.delivery.city}
                  {full.delivery.postalCode ? ` (CP ${full.delivery.postalCode})` : ''}
                </dd>
              </div>
            )}
            {full && delivery && full.delivery.zoneName && (
              <div>
                <dt>Zona</dt>
                <dd data-testid="tracking-zone">{full.delivery.zoneName}</dd>
              </div>
            )}
            {full && !delivery && full.meetingPoint && (
              <div>
                <dt>Punto de encuentro</dt>
                <dd data-testid="tracking-meeting-point">
                  <KvLines lines={[full.meetingPoint.title, full.meetingPoint.address, full.meetingPoint.schedule]} />
                </dd>
              </div>
            )}
            <div>
              <dt>Envío</dt>
              <dd>{formatShipping(order.shippingCost)}</dd>
            </div>
          </dl>
        </section>
      </div>
      {full ? (
        <section>
          <h3>Productos</h3>
          <SummaryLines lines={full.items.map((item, index) => ({ ...item, key: `${item.title}-${index}` }))} />
        </section>
      ) : (
        <p className="muted small tracking-card__more" data-testid="tracking-summary-hint">
          {awaitingPayment && !paymentReturn ? PAY_HINT : SUMMARY_HINT}
        </p>
      )}
      {full && <ReturnsSection order={full} contact={contact} />}
      {full && <TrackedWithdrawals order={full} />}
      {HELP_STATUSES.includes(status) && (
        <section className="tracking-help" data-testid="tracking-help">
          <h3>¿Necesitás ayuda con tu pedido?</h3>
          <p className="muted">Escribinos y te respondemos a la brevedad.</p>
          <a className="btn btn--whatsapp" href={chatUrl(env.chatNumber, chatText)} target="_blank" rel="noopener noreferrer">
            <MessageCircle size={18} aria-hidden="true" />
            Contactar por WhatsApp
          </a>
        </section>
      )}
    </article>
  );
}
