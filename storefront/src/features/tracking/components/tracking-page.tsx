import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, MessageCircle, PackageSearch, Search } from 'lucide-react';
import {
  formatHoldDeadline,
  formatPrice,
  formatShipping,
  MSG,
  normalizeStatus,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  trackingContactProblem,
  type OrderStatus,
  type TrackedOrder,
} from '@shop/shared';
import { Spinner } from '@/components/spinner';
import { SummaryLines } from '@/components/summary-lines';
import { env } from '@/config/env';
import { ApiError } from '@shop/client-kit';
import { chatUrl } from '@/lib/chat-link';
import { orderQueries, formatOrderDate, HoldNotice, paymentLink, rememberedOrder } from '@/features/orders';

/** The help/chat section is offered only for these statuses. */
const HELP_STATUSES: readonly OrderStatus[] = ['pending_manual', 'paid'];

export const CONTACT_LABEL = 'E-mail o teléfono de la compra';
export const SUMMARY_HINT =
  'Para ver los productos, talles, colores y datos de entrega, ingresá también el e-mail o teléfono de la compra.';
export const CONTACT_MISMATCH = 'El e-mail o teléfono no coincide con el de la compra: te mostramos solo el estado del pedido.';
/** The summary of an order waiting for its Mercado Pago payment: the link to pay is on the full card only. */
export const PAY_HINT =
  'Para pagar con Mercado Pago y ver los productos, talles, colores y datos de entrega, ingresá también el e-mail o teléfono de la compra.';
export const PAY_LINK_TEXT = 'Pagar con Mercado Pago';
export const PAYMENT_RETURN_TEXT = {
  approved: 'Mercado Pago aprobó tu pago. En unos minutos el pedido figura como pagado: no hace falta que pagues de nuevo.',
  pending: 'Tu pago quedó pendiente en Mercado Pago: te avisamos cuando se acredite. No hace falta que pagues de nuevo.',
} as const;

/** Mercado Pago sends the shopper back with its word on the payment; approved or pending, she must not pay twice. */
type PaymentReturn = keyof typeof PAYMENT_RETURN_TEXT;

function paymentReturnOf(params: URLSearchParams): PaymentReturn | null {
  const status = params.get('collection_status') ?? params.get('status');
  if (status === 'approved') return 'approved';
  if (status === 'pending' || status === 'in_process') return 'pending';
  return null;
}

/**
 * Back from Mercado Pago, its notice of the payment may still be on its way: the order is looked up again this often,
 * a few times (each lookup spends the tracking rate limit), until it shows as paid.
 */
const PAYMENT_CHECK_MS = 10_000;
const PAYMENT_CHECKS = 6;

interface Search {
  number: string;
  contact: string;
}

export default function TrackingPage() {
  const [params, setParams] = useSearchParams();
  const initial = (params.get('n') ?? '').trim().toUpperCase();
  const [input, setInput] = useState(initial);
  // The tab that placed the order knows its contact (rememberOrder): back from Mercado Pago, or on a reload, the
  // shopper sees the full card, with the link to pay, without typing it again.
  const [contactInput, setContactInput] = useState(() => rememberedOrder(initial)?.contact ?? '');
  // The contact stays in memory: it never goes into the page address (history, shared links).
  const [searched, setSearched] = useState<Search>(() => ({ number: initial, contact: rememberedOrder(initial)?.contact ?? '' }));
  const [inputError, setInputError] = useState<string | null>(null);
  const [contactError, setContactError] = useState<string | null>(null);
  const paymentReturn = paymentReturnOf(params);
  const query = useQuery({
    ...orderQueries.byNumber(searched.number, searched.contact),
    enabled: searched.number !== '',
    retry: false,
    refetchInterval: (current) =>
      paymentReturn !== null && current.state.data?.order.status === 'pending_payment' && current.state.dataUpdateCount <= PAYMENT_CHECKS
        ? PAYMENT_CHECK_MS
        : false,
  });

  useEffect(() => {
    document.title = 'Seguimiento de Pedido';
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = input.trim().toUpperCase();
    const contact = contactInput.trim();
    if (number === '') {
      setInputError(MSG.tracking.empty);
      document.getElementById('tracking-number')?.focus();
      return;
    }
    const problem = trackingContactProblem(contact);
    if (problem) {
      setContactError(problem);
      document.getElementById('tracking-contact')?.focus();
      return;
    }
    setInputError(null);
    setContactError(null);
    setSearched({ number, contact });
    setParams({ n: number }, { replace: true });
    if (number === searched.number && contact === searched.contact) void query.refetch();
  };

  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  const error = inputError ?? contactError;
  return (
    <div className="container page page--narrow" data-testid="tracking-page">
      <header className="page__header center">
        <PackageSearch size={44} aria-hidden="true" className="page__icon" />
        <h1 className="page__title">Seguimiento de Pedido</h1>
        <p className="muted">Ingresá el número que recibiste al confirmar tu compra.</p>
      </header>
      <form className="card tracking-form" onSubmit={submit} noValidate role="search" aria-label="Buscar pedido">
        <div className="field tracking-form__field">
          <label htmlFor="tracking-number">Número de pedido</label>
          <input
            id="tracking-number"
            className="tracking-form__number"
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setInputError(null);
            }}
            placeholder={`${env.orderPrefix}-20240101-0001`}
            autoComplete="off"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? 'tracking-error' : undefined}
          />
        </div>
        <div className="field tracking-form__field">
          <label htmlFor="tracking-contact">
            {CONTACT_LABEL} <span className="muted">(opcional)</span>
          </label>
          <input
            id="tracking-contact"
            value={contactInput}
            onChange={(event) => {
              setContactInput(event.target.value);
              setContactError(null);
            }}
            maxLength={200}
            autoComplete="email"
            inputMode="email"
            placeholder="tu@email.com o 299 412-3456"
            aria-invalid={contactError ? true : undefined}
            aria-describedby={contactError ? 'tracking-error tracking-contact-hint' : 'tracking-contact-hint'}
          />
          <p id="tracking-contact-hint" className="muted small tracking-form__hint">
            Con el e-mail o teléfono que usaste al comprar ves el detalle del pedido.
          </p>
        </div>
        <button type="submit" className="btn btn--primary tracking-form__submit" disabled={query.isFetching}>
          <Search size={18} aria-hidden="true" />
          Buscar
        </button>
      </form>
      {error && (
        <p id="tracking-error" className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {searched.number !== '' && !error && (
        <div className="tracking-result" aria-live="polite">
          {query.isFetching && !query.data ? (
            <Spinner label="Buscando pedido..." />
          ) : query.isError ? (
            <p className="notice notice--error" role="alert" data-testid="tracking-error">
              {notFound ? MSG.tracking.notFound : MSG.tracking.failure}
            </p>
          ) : query.data ? (
            <>
              {query.data.contactMatched === false && (
                <p className="notice notice--warning" role="status" data-testid="tracking-contact-mismatch">
                  {CONTACT_MISMATCH}
                </p>
              )}
              <TrackingResult order={query.data.order} paymentReturn={paymentReturn} />
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * An order waiting for its Mercado Pago payment: what Mercado Pago said when it sent the shopper back, else (on the
 * full card) the link to pay, which also serves to try again after a rejected card while the order is held.
 */
function PaymentPending({ order, paymentReturn }: { order: TrackedOrder; paymentReturn: PaymentReturn | null }) {
  if (paymentReturn) {
    return (
      <p className={`notice ${paymentReturn === 'approved' ? 'notice--success' : 'notice--warning'}`} data-testid="payment-return">
        {PAYMENT_RETURN_TEXT[paymentReturn]}
      </p>
    );
  }
  const link = order.detail === 'full' ? paymentLink(order.checkoutUrl) : null;
  if (!link) return null;
  const deadline = formatHoldDeadline(order.reservedUntil);
  return (
    <div className="pay-box" data-testid="tracking-pay">
      <p>Tu pedido espera el pago con Mercado Pago.</p>
      {/* Same tab: Mercado Pago brings the shopper back here once she pays. */}
      <a className="btn btn--primary btn--lg" href={link}>
        <CreditCard size={18} aria-hidden="true" />
        {PAY_LINK_TEXT}
      </a>
      <p className="muted small">
        Si Mercado Pago rechazó tu tarjeta o no llegaste a pagar, podés volver a intentarlo con este enlace{' '}
        {deadline ? `hasta el ${deadline} (hora de Argentina), mientras dura la reserva.` : 'mientras el pedido siga pendiente.'}
      </p>
    </div>
  );
}

function TrackingResult({ order, paymentReturn }: { order: TrackedOrder; paymentReturn: PaymentReturn | null }) {
  const status = normalizeStatus(order.status);
  const delivery = order.deliveryType === 'delivery';
  const full = order.detail === 'full' ? order : null;
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
      <div className="tracking-card__grid">
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
              <dd>{delivery ? 'Envío a domicilio' : 'Retiro en punto de encuentro'}</dd>
            </div>
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
                  {[full.meetingPoint.title, full.meetingPoint.address, full.meetingPoint.schedule]
                    .filter((line) => line.trim() !== '')
                    .map((line) => (
                      <span key={line} className="kv__line">
                        {line}
                      </span>
                    ))}
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
