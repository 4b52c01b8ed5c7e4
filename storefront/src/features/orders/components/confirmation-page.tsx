import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Home, MessageCircle, Printer } from 'lucide-react';
import {
  LIMITS,
  normalizeStatus,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type Order,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/shared';
import { BankDetails } from '@/components/bank-details';
import { CopyButton } from '@/components/copy-button';
import { OrderSummary } from '@/components/order-summary';
import { Spinner } from '@/components/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { SaveDataCard } from '@/features/account';
import { useSiteContent } from '@/features/content';
import { chatUrl } from '@/lib/chat-link';
import { orderQueries } from '../api/order-queries';
import { HoldNotice } from './hold-notice';
import { readConfirmationState, rememberedOrder, type ConfirmationState } from '../confirmation-state';
import { formatOrderDate, openInvoice } from '../invoice';
import { paymentLink } from '../payment-link';

export const LOADING_ORDER_TEXT = 'Cargando información de la orden...';

export default function ConfirmationPage() {
  const { orderNumber = '' } = useParams();
  const location = useLocation();
  const fromState = readConfirmationState(location.state);
  const usable = fromState && fromState.order.orderNumber === orderNumber ? fromState : null;
  const query = useQuery({
    ...orderQueries.confirmation(orderNumber, rememberedOrder(orderNumber)),
    enabled: usable === null && orderNumber !== '',
  });

  useEffect(() => {
    document.title = 'Pedido confirmado';
  }, []);

  if (usable) return <Confirmation data={usable} />;
  if (orderNumber === '') return <Navigate to={paths.home} replace />;
  if (query.isPending) return <Spinner label={LOADING_ORDER_TEXT} />;
  if (query.isError) {
    return (
      <div className="container page">
        <div className="state-box state-box--error" role="alert">
          <p>Error al obtener orden</p>
          <button type="button" className="btn btn--outline" onClick={() => void query.refetch()}>
            Reintentar
          </button>
        </div>
      </div>
    );
  }
  if (!query.data) return <Navigate to={paths.home} replace />;
  const order = query.data;
  return (
    <Confirmation
      data={{
        order,
        paymentMethod: order.paymentMethod,
        wantsShipping: order.deliveryType === 'delivery' || order.deliveryType === 'carrier',
        transferProof: order.transferProofUrl ?? null,
      }}
    />
  );
}

const NEXT_STEPS: Record<PaymentMethod, string[]> = {
  cash: [
    'Te contactaremos por WhatsApp para coordinar la entrega.',
    'Preparamos tu pedido con mucho cuidado.',
    'Pagás en efectivo al recibir o retirar tu pedido.',
  ],
  transfer: [
    'Verificamos tu transferencia (si todavía no enviaste el comprobante, envíalo por WhatsApp).',
    'Una vez confirmado el pago, preparamos tu pedido en 2-3 días hábiles.',
    'Te avisamos cuando esté listo para la entrega o el retiro.',
  ],
  mercadopago: [
    'Completá el pago en Mercado Pago con tarjeta de crédito, débito o dinero en cuenta.',
    'Cuando Mercado Pago nos confirma el pago, preparamos tu pedido en 2-3 días hábiles.',
    'Te avisamos cuando esté listo para la entrega o el retiro.',
  ],
};

/** A Mercado Pago order already paid has nothing left to pay: its first step says so. */
function nextSteps(method: PaymentMethod, status: OrderStatus): string[] {
  const steps = NEXT_STEPS[method];
  if (method !== 'mercadopago' || status !== 'paid') return steps;
  return ['Mercado Pago nos confirmó tu pago.', ...steps.slice(1)];
}

/** How a Mercado Pago order stands: the link to pay while it waits for the payment, the payment once it is in. */
function MercadoPagoPayment({ order, status }: { order: Order; status: OrderStatus }) {
  const link = status === 'pending_payment' ? paymentLink(order.payment?.checkoutUrl) : null;
  if (link) {
    return (
      <div className="pay-box" data-testid="confirmation-pay">
        <p>Tu pedido quedó registrado y reservado: falta completar el pago en Mercado Pago.</p>
        {/* Same tab: Mercado Pago brings the shopper back to the order's tracking page once she pays. */}
        <a className="btn btn--primary" href={link}>
          <CreditCard size={18} aria-hidden="true" />
          Pagar con Mercado Pago
        </a>
      </div>
    );
  }
  if (status === 'paid') {
    const installments = order.payment?.installments ?? 0;
    return (
      <p className="proof-flag proof-flag--ok" data-testid="confirmation-paid">
        Pago aprobado por Mercado Pago{installments > 1 ? ` en ${installments} cuotas` : ''}.
      </p>
    );
  }
  return <p className="muted">Pagás con Mercado Pago: tarjeta de crédito, débito o dinero en cuenta.</p>;
}

function Confirmation({ data }: { data: ConfirmationState }) {
  const { order, paymentMethod, wantsShipping, transferProof } = data;
  const { content } = useSiteContent();
  const { meetingPoint } = content.checkout.deliveryInfo;
  const homeDelivery = content.checkout.shipping.homeDelivery;
  // The place and zone as they were when the order was placed; orders older than them read today's content.
  const pickupPoint = order.meetingPoint ?? meetingPoint;
  const orderZone = order.zone;
  const zoneDays = orderZone ? homeDelivery.zones.find((z) => z.id === orderZone.id)?.estimatedDays : undefined;
  const estimatedDays = zoneDays || homeDelivery.estimatedDays || '2-3 días hábiles';
  const status = normalizeStatus(order.status);
  const info = order.shippingInfo;
  const proofReceived = Boolean(transferProof || order.transferProofUrl);
  const chatText = `¡Hola ${env.brandName}! Hice el pedido ${order.orderNumber} y quería consultar por él.`;
  // Phone and e-mail of the contact cards win over the build-time placeholders.
  const cardDetail = (title: string) =>
    content.contact.contactInfo.find((c) => c.title.trim().toLowerCase() === title)?.details.find((d) => d.trim() !== '');
  const shopEmail = cardDetail('email');
  const shopPhone = cardDetail('teléfono');

  const print = () =>
    openInvoice(order, {
      brandName: env.brandName,
      address: env.shopAddress,
      taxId: env.shopTaxId,
      phone: shopPhone ?? env.shopPhone,
      email: shopEmail ?? env.shopEmail,
    });

  return (
    <div className="container page confirmation" data-testid="confirmation-page">
      <header className="confirmation__hero">
        <CheckCircle2 size={56} aria-hidden="true" className="confirmation__check" />
        <h1 className="page__title">¡Pedido confirmado!</h1>
        <p className="muted">Gracias por tu compra, {info.fullName || 'te esperamos pronto'}.</p>
        <div className="order-number" data-testid="order-number-box">
          <span className="muted small">Número de pedido</span>
          <strong data-testid="order-number">{order.orderNumber}</strong>
          <CopyButton value={order.orderNumber} resetMs={LIMITS.copyOrderNumberMs} label="número de pedido" />
        </div>
        <p className="muted small">
          Fecha: {formatOrderDate(order.createdAt)} · Estado:{' '}
          <span className={`status status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>
        </p>
        <HoldNotice order={order} />
      </header>

      <div className="split confirmation__grid">
        <section className="card" aria-labelledby="payment-title">
          <h2 id="payment-title">Método de pago</h2>
          <p>
            <strong>{PAYMENT_METHOD_LABELS[paymentMethod]}</strong>
          </p>
          {paymentMethod === 'mercadopago' ? (
            <MercadoPagoPayment order={order} status={status} />
          ) : paymentMethod === 'cash' ? (
            <p className="muted">Abonás en efectivo al momento de la entrega o el retiro.</p>
          ) : (
            <>
              <BankDetails bank={content.checkout.paymentInfo.bankTransfer} copyMs={LIMITS.copyOrderNumberMs} />
              <p className={`proof-flag ${proofReceived ? 'proof-flag--ok' : ''}`} data-testid="proof-flag">
                {proofReceived
                  ? 'Comprobante de transferencia recibido.'
                  : 'Todavía no recibimos tu comprobante: envíalo por WhatsApp indicando tu número de pedido.'}
              </p>
            </>
          )}
        </section>

        <section className="card" aria-labelledby="delivery-title" data-testid="confirmation-delivery">
          {wantsShipping ? (
            <>
              <h2 id="delivery-title">Envío a domicilio</h2>
              {order.zone && (
                <p data-testid="confirmation-zone">
                  Zona: <strong>{order.zone.name}</strong>
                </p>
              )}
              {info.address && <p>{info.address}</p>}
              {info.city && (
                <p>
                  {info.city}
                  {info.postalCode ? ` (${info.postalCode})` : ''}
                </p>
              )}
              <p className="muted small">Entrega estimada: {estimatedDays}.</p>
            </>
          ) : (
            <>
              <h2 id="delivery-title">{pickupPoint.title || 'Retiro en punto de encuentro'}</h2>
              <p>{pickupPoint.address || env.meetingPoint}</p>
              {pickupPoint.schedule && <p className="muted small">{pickupPoint.schedule}</p>}
              <p className="muted small">Sin costo de envío.</p>
            </>
          )}
        </section>
      </div>

      <section className="card">
        <OrderSummary
          title="Tu pedido"
          lines={order.items.map((item, index) => ({ ...item, key: `${item.productId ?? item.title}-${index}` }))}
          totals={{
            subtotal: order.subtotal,
            shippingCost: order.shippingCost,
            cashFee: order.cashFee,
            discounts: order.discounts ?? [],
            total: order.total,
          }}
          netTotal={order.netTotal ?? null}
        />
      </section>

      <section className="card next-steps" aria-labelledby="next-title">
        <h2 id="next-title">¿Qué sigue?</h2>
        <ol className="steps">
          {nextSteps(paymentMethod, status).map((step, index) => (
            <li key={step}>
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <p>{step}</p>
            </li>
          ))}
        </ol>
      </section>

      <SaveDataCard email={info.email ?? ''} />

      <div className="confirmation__actions">
        <button type="button" className="btn btn--outline" onClick={print}>
          <Printer size={18} aria-hidden="true" />
          Imprimir comprobante
        </button>
        <a className="btn btn--whatsapp" href={chatUrl(env.chatNumber, chatText)} target="_blank" rel="noopener noreferrer">
          <MessageCircle size={18} aria-hidden="true" />
          Contactar por WhatsApp
        </a>
        <Link className="btn btn--primary" to={paths.home}>
          <Home size={18} aria-hidden="true" />
          Volver al inicio
        </Link>
      </div>
      <p className="center small muted">
        Podés seguir tu pedido en <Link to={`${paths.tracking}?n=${encodeURIComponent(order.orderNumber)}`}>Seguimiento de Pedido</Link>.
      </p>
    </div>
  );
}
