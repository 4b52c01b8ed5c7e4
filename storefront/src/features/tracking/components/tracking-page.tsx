import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { MessageCircle, PackageSearch, Search } from 'lucide-react';
import {
  formatPrice,
  formatShipping,
  MSG,
  normalizeStatus,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import { Spinner } from '@/components/spinner';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { chatUrl } from '@/lib/chat-link';
import { orderByNumberQuery } from '@/features/orders/api/get-order-by-number';
import { formatOrderDate } from '@/features/orders/invoice';
import { HoldNotice } from '@/features/orders/components/hold-notice';

/** The help/chat section is offered only for these statuses (spec §2.9). */
const HELP_STATUSES: readonly OrderStatus[] = ['pending_manual', 'paid'];

export default function TrackingPage() {
  const [params, setParams] = useSearchParams();
  const initial = params.get('n') ?? '';
  const [input, setInput] = useState(initial);
  const [searched, setSearched] = useState(initial.trim().toUpperCase());
  const [inputError, setInputError] = useState<string | null>(null);
  const query = useQuery({ ...orderByNumberQuery(searched), enabled: searched !== '', retry: false });

  useEffect(() => {
    document.title = 'Seguimiento de Pedido';
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim().toUpperCase();
    if (value === '') {
      setInputError(MSG.tracking.empty);
      return;
    }
    setInputError(null);
    setSearched(value);
    setParams({ n: value }, { replace: true });
    if (value === searched) void query.refetch();
  };

  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="container page page--narrow" data-testid="tracking-page">
      <header className="page__header center">
        <PackageSearch size={44} aria-hidden="true" className="page__icon" />
        <h1 className="page__title">Seguimiento de Pedido</h1>
        <p className="muted">Ingresá el número que recibiste al confirmar tu compra.</p>
      </header>
      <form className="card tracking-form" onSubmit={submit} noValidate role="search">
        <label htmlFor="tracking-number" className="visually-hidden">
          Número de pedido
        </label>
        <input
          id="tracking-number"
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
        <button type="submit" className="btn btn--primary" disabled={query.isFetching}>
          <Search size={18} aria-hidden="true" />
          Buscar
        </button>
      </form>
      {inputError && (
        <p id="tracking-error" className="notice notice--error" role="alert">
          {inputError}
        </p>
      )}
      {searched !== '' && !inputError && (
        <div className="tracking-result" aria-live="polite">
          {query.isFetching && !query.data ? (
            <Spinner label="Buscando pedido..." />
          ) : query.isError ? (
            <p className="notice notice--error" role="alert" data-testid="tracking-error">
              {notFound ? MSG.tracking.notFound : MSG.tracking.failure}
            </p>
          ) : query.data ? (
            <TrackingResult order={query.data} />
          ) : null}
        </div>
      )}
    </div>
  );
}

function TrackingResult({ order }: { order: Order }) {
  const status = normalizeStatus(order.status);
  const delivery = order.deliveryType === 'delivery';
  const chatText = `¡Hola ${env.brandName}! Quería consultar por mi pedido ${order.orderNumber}.`;
  return (
    <article className="card tracking-card" data-testid="tracking-result" aria-labelledby="tracking-order-title">
      <header className="tracking-card__header">
        <div>
          <p className="muted small">Pedido</p>
          <h2 id="tracking-order-title">{order.orderNumber}</h2>
        </div>
        <span className={`status status--${status}`} data-testid="status-badge">
          {ORDER_STATUS_LABELS[status]}
        </span>
      </header>
      <HoldNotice order={order} />
      <div className="tracking-card__grid">
        <section>
          <h3>Información general</h3>
          <dl className="kv">
            <div>
              <dt>Fecha</dt>
              <dd>{formatOrderDate(order.createdAt)}</dd>
            </div>
            <div>
              <dt>Pago</dt>
              <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
            </div>
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
            {order.shippingInfo.city && (
              <div>
                <dt>Ciudad</dt>
                <dd>{order.shippingInfo.city}</dd>
              </div>
            )}
            <div>
              <dt>Envío</dt>
              <dd>{formatShipping(order.shippingCost)}</dd>
            </div>
          </dl>
        </section>
      </div>
      <section>
        <h3>Productos</h3>
        <ul className="summary-lines">
          {order.items.map((item, index) => (
            <li key={`${item.title}-${index}`} className="summary-line">
              {item.image && <img src={item.image} alt="" className="summary-line__image" loading="lazy" />}
              <div className="summary-line__info">
                <p className="summary-line__title">{item.title}</p>
                <p className="muted small">
                  {[item.size ? `Talla: ${item.size}` : null, item.color ? `Color: ${item.color}` : null, `Cantidad: ${item.quantity}`]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <p className="summary-line__total">{formatPrice(item.price * item.quantity)}</p>
            </li>
          ))}
        </ul>
      </section>
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
