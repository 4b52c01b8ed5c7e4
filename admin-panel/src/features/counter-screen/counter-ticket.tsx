import { Fragment, useEffect, useRef, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COUNTER_METHOD_LABELS, formatPrice, NET_PRICE_LEGEND, type CounterTicket } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { CashFeeTerm, Term } from '@/components/term';
import { Banner, Spinner } from '@/components/feedback';
import { TableHead } from '@/components/data-table';
import { getTicket } from './api/counter-screen-api';
import { POLL_MS } from './payment-wait';
import { QrImage } from './qr-image';
import { variantName } from './screen-model';
import './counter-ticket.css';

/** How many times the ticket asks again for an invoice not authorised yet (every 2 s: a minute, ARCA answers within seconds on a normal day). */
export const INVOICE_POLLS = 30;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' }) : '';
const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

const invoiceDone = (t: CounterTicket) => !t.invoicingOn || t.invoice?.status === 'authorized' || t.invoice?.status === 'error';

function InvoicePart({ ticket }: { ticket: CounterTicket }) {
  const invoice = ticket.invoice;
  if (!ticket.invoicingOn) return <p className="ticket-center">Comprobante no válido como factura</p>;
  if (!invoice || invoice.status !== 'authorized' || !invoice.cae) {
    return (
      <p className="ticket-center" data-testid="ticket-invoice-pending">
        Factura en trámite: se envía por e-mail o se reimprime desde la orden.
      </p>
    );
  }
  return (
    <div className="ticket-invoice" data-testid="ticket-invoice">
      <p className="ticket-center">
        <strong>
          {invoice.name} N° {invoice.numberText}
        </strong>
      </p>
      <p>CAE: {invoice.cae}</p>
      <p>Vto. CAE: {day(invoice.caeDueDate)}</p>
      {invoice.qrUrl && <QrImage data={invoice.qrUrl} size={120} alt="Código QR de ARCA de la factura" testId="ticket-arca-qr" />}
    </div>
  );
}

const MM_PER_PX = 25.4 / 96;

/**
 * While the ticket is on screen, the printed page is 80 mm wide and as long as the ticket (measured again right
 * before printing, once the QR is drawn). A constructed style sheet: the back office's CSP allows no inline <style>,
 * and a static `@page` would change every other printout of the back office.
 */
function useTicketPage(ticket: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype) || !('adoptedStyleSheets' in document)) return;
    const sheet = new CSSStyleSheet();
    const measure = () => {
      const height = Math.ceil((ticket.current?.getBoundingClientRect().height ?? 0) * MM_PER_PX) + 12;
      sheet.replaceSync(`@page { size: 80mm ${Math.max(height, 80)}mm; margin: 3mm 4mm; }`);
    };
    measure();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    window.addEventListener('beforeprint', measure);
    return () => {
      window.removeEventListener('beforeprint', measure);
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [ticket]);
}

/** The 80 mm ticket as it prints: the shop, the lines, the totals and payments from the server, the invoice. */
export function TicketView({ ticket }: { ticket: CounterTicket }) {
  const ref = useRef<HTMLElement>(null);
  useTicketPage(ref);
  return (
    <article ref={ref} className="counter-ticket" aria-label={`Ticket de la venta ${ticket.orderNumber}`} data-testid="counter-ticket">
      <header className="ticket-center">
        <strong className="ticket-shop">{ticket.shop.businessName || 'Ticket de venta'}</strong>
        {ticket.shop.address && <span>{ticket.shop.address}</span>}
        {ticket.shop.cuit && <span>CUIT {ticket.shop.cuit}</span>}
        {ticket.shop.taxCondition && <span>{ticket.shop.taxCondition}</span>}
      </header>
      <p>
        {when(ticket.createdAt)} · Orden {ticket.orderNumber}
        <br />
        {[ticket.registerName, ticket.clerk ? `Atendió ${ticket.clerk}` : null].filter(Boolean).join(' · ')}
        {ticket.customer && ticket.customer !== 'Consumidor final' ? (
          <>
            <br />
            Cliente: {ticket.customer}
          </>
        ) : null}
      </p>
      <table className="ticket-lines">
        <TableHead columns={['Producto', 'Cant.', 'Importe']} />
        <tbody>
          {ticket.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.title}
                <span className="ticket-sub">
                  {variantName(line)} · {formatPrice(line.unitPrice)} c/u
                </span>
              </td>
              <td>{line.quantity}</td>
              <td>{formatPrice(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ticket-totals">
        <dt>Subtotal</dt>
        <dd>{formatPrice(ticket.subtotal)}</dd>
        {ticket.discounts.map((d, i) => (
          <Fragment key={i}>
            <dt>{d.label}</dt>
            <dd>-{formatPrice(d.amount)}</dd>
          </Fragment>
        ))}
        <CashFeeTerm fee={ticket.cashFee} />
        <Term name="TOTAL" className="ticket-total" testId="ticket-total">
          {formatPrice(ticket.total)}
        </Term>
        {ticket.netTotal ? (
          <>
            <dt className="ticket-net">{NET_PRICE_LEGEND}</dt>
            <dd className="ticket-net" data-testid="ticket-net-total">
              {formatPrice(ticket.netTotal)}
            </dd>
          </>
        ) : null}
        {ticket.payments.map((p, i) => (
          <Fragment key={`p${i}`}>
            <dt>
              {COUNTER_METHOD_LABELS[p.method]}
              {p.tendered !== null ? ` (paga con ${formatPrice(p.tendered)})` : ''}
            </dt>
            <dd>{formatPrice(p.amount)}</dd>
          </Fragment>
        ))}
        {ticket.change > 0 && (
          <>
            <dt>Vuelto</dt>
            <dd data-testid="ticket-change">{formatPrice(ticket.change)}</dd>
          </>
        )}
      </dl>
      <InvoicePart ticket={ticket} />
      <p className="ticket-center">¡Gracias por tu compra!</p>
    </article>
  );
}

/** The ticket of a counter sale, asking again every 2 s (a few times) until its invoice is authorised. */
export function CounterTicketPanel({ orderNumber }: { orderNumber: string }) {
  const query = useQuery({
    queryKey: ['counter-screen', 'ticket', orderNumber],
    queryFn: () => getTicket(orderNumber),
    refetchInterval: (q) =>
      q.state.data && !invoiceDone(q.state.data.ticket) && q.state.dataUpdateCount < INVOICE_POLLS ? POLL_MS : false,
    staleTime: 0,
  });
  if (query.isPending) return <Spinner label="Preparando el ticket…" />;
  if (query.isError) return <Banner kind="error">{errorMessage(query.error, 'No se pudo cargar el ticket')}</Banner>;
  return <TicketView ticket={query.data.ticket} />;
}
