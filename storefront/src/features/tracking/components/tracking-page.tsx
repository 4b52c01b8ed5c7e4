import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PackageSearch, Search } from 'lucide-react';
import { MSG, trackingContactProblem } from '@shop/shared';
import { Spinner } from '@/components/spinner';
import { env } from '@/config/env';
import { ApiError } from '@shop/client-kit';
import { orderQueries, rememberedOrder } from '@/features/orders';
import { paymentReturnOf } from './payment-pending';
import { TrackingResult } from './tracking-result';
import { InvoiceLink } from './invoice-link';

export const CONTACT_LABEL = 'E-mail o teléfono de la compra';
export const CONTACT_MISMATCH = 'El e-mail o teléfono no coincide con el de la compra: te mostramos solo el estado del pedido.';

/**
 * Back from Mercado Pago, its notice of the payment may still be on its way: the order is looked up again this often,
 * a few times (each lookup spends the tracking rate limit), until it shows as paid.
 */
const PAYMENT_CHECK_MS = 10_000;
const PAYMENT_CHECKS = 6;

/** The contact a link handed over in the navigation's state (`{contact}`), if any. */
function contactOfState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('contact' in state)) return null;
  return typeof state.contact === 'string' && state.contact.trim() !== '' ? state.contact.trim() : null;
}

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
  // Her account's "Ver el pedido" hands the contact over in the navigation's state.
  const location = useLocation();
  const [known] = useState(() => contactOfState(location.state) ?? rememberedOrder(initial)?.contact ?? '');
  const [contactInput, setContactInput] = useState(known);
  // The contact stays in memory: it never goes into the page address (history, shared links).
  const [searched, setSearched] = useState<Search>(() => ({ number: initial, contact: known }));
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
              <TrackingResult order={query.data.order} paymentReturn={paymentReturn} contact={searched.contact} />
              {query.data.contactMatched === true && query.data.order.status === 'paid' && (
                <InvoiceLink orderNumber={searched.number} contact={searched.contact} />
              )}
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}
