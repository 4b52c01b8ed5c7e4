import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { formatPrice, type Order, type Voucher } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { QueryNote } from '@/components/feedback';
import { DetailCard } from '@/components/detail-card';
import { useAuth, useCan } from '@/features/auth';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { invoiceQueries, useCreditNote, useInvoiceNow } from './api/order-invoice';

const isVoucher = (value: unknown): value is Voucher => typeof value === 'object' && value !== null && 'kind' in value;

function VoucherLines({ voucher, testId = `${voucher.kind}-status` }: { voucher: Voucher; testId?: string }) {
  return (
    <>
      <p>
        {voucher.name ?? 'Comprobante'}: <strong data-testid={testId}>{voucher.statusLabel}</strong>
        {voucher.numberText && ` · N° ${voucher.numberText}`}
      </p>
      {voucher.cae && (
        <p className="cell-sub">
          CAE {voucher.cae} (vence {voucher.caeDueDate}) · Total {formatPrice(voucher.total ?? 0)}
        </p>
      )}
      {voucher.error && (
        <p className="field-error" role="status">
          {voucher.status === 'pending' ? 'Se reintenta solo: ' : ''}
          {voucher.error}
        </p>
      )}
    </>
  );
}

/**
 * The order's electronic invoice (ARCA): its status (pendiente, autorizada, error with its reason), the PDF, and
 * the owner's "Facturar ahora", "Reintentar" and "Emitir nota de crédito".
 */
export function OrderInvoiceCard({ order }: { order: Order }) {
  const can = useCan();
  const query = useQuery(invoiceQueries.detail(order._id));
  const invoiceNow = useInvoiceNow(order._id);
  const creditNote = useCreditNote(order._id);
  const [error, setError] = useState<string | null>(null);
  const { user } = useAuth();
  // The server also asks for two-factor sign-in on the account before any invoicing action: without it the owner is
  // told where to turn it on instead of being shown buttons that would be refused.
  const owner = can('invoicing.manage');
  const manage = owner && user?.twoFactorEnabled === true;

  async function download(kind: 'invoice' | 'credit_note', format: 'a4' | 'ticket' = 'a4') {
    setError(null);
    try {
      const blob = await api.download(`/orders/${encodeURIComponent(order._id)}/invoice.pdf`, 'Error al descargar el PDF', {
        params: { kind, format },
      });
      const ticket = format === 'ticket' ? '-ticket' : '';
      saveFile(blob, `${kind === 'invoice' ? 'factura' : 'nota-de-credito'}-${order.orderNumber}${ticket}.pdf`);
    } catch (e) {
      setError(errorMessage(e, 'Error al descargar el PDF'));
    }
  }
  const onError = (fallback: string) => (e: unknown) => setError(errorMessage(e, fallback));

  const invoice = query.data?.invoice;
  // Every voucher, oldest first: an order reopened after its cancellation shows invoice, credit note, new invoice.
  const chain = query.data?.vouchers ?? [];
  const currentAt = chain.map((v) => v.kind).lastIndexOf('invoice');
  // The credit notes of the current invoice (those after it in the chain); older servers: the latest credit note.
  const creditsOfCurrent = currentAt >= 0 ? chain.slice(currentAt + 1) : [];
  const credit =
    chain.length > 0
      ? ([...creditsOfCurrent].reverse().find((n) => n.status === 'authorized') ?? creditsOfCurrent.at(-1) ?? null)
      : (query.data?.creditNote ?? null);
  return (
    <DetailCard headingId="invoice-title" title="Factura electrónica" icon={FileText} testId="order-invoice">
      <QueryNote query={query} loading="Cargando la factura…" failure="Error al cargar la factura" />
      {invoice && !isVoucher(invoice) && (
        <p>{invoice.status === 'not_paid' ? 'Se factura cuando la orden esté pagada.' : 'Sin factura todavía.'}</p>
      )}
      {chain.length > 0 ? (
        <ol className="voucher-chain" aria-label="Comprobantes de la orden" data-testid="voucher-chain">
          {chain.map((voucher, index) => (
            <li key={`${voucher.kind}-${voucher.number ?? index}-${index}`}>
              <VoucherLines
                voucher={voucher}
                testId={voucher.kind === 'invoice' && index !== currentAt ? 'previous-invoice-status' : undefined}
              />
            </li>
          ))}
        </ol>
      ) : (
        <>
          {isVoucher(invoice) && <VoucherLines voucher={invoice} />}
          {(query.data?.creditNotes?.length ? query.data.creditNotes : credit ? [credit] : []).map((note, index) => (
            <VoucherLines key={`${note.kind}-${note.number ?? index}-${index}`} voucher={note} />
          ))}
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {owner && !manage && invoice && invoice.status !== 'not_paid' && (
        <p className="muted" data-testid="invoice-needs-two-factor">
          Para facturar o emitir notas de crédito activá la verificación en dos pasos en{' '}
          <Link to={paths.settings}>Configuración › Seguridad</Link>.
        </p>
      )}
      <div className="stack">
        {isVoucher(invoice) && invoice.status === 'authorized' && (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void download('invoice')}>
            Descargar factura (PDF)
          </button>
        )}
        {isVoucher(invoice) && invoice.status === 'authorized' && (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void download('invoice', 'ticket')}>
            Ticket 80 mm (PDF)
          </button>
        )}
        {credit?.status === 'authorized' && (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void download('credit_note')}>
            Descargar nota de crédito (PDF)
          </button>
        )}
        {manage && invoice && invoice.status !== 'not_paid' && invoice.status !== 'authorized' && invoice.status !== 'skipped' && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={invoiceNow.isPending}
            onClick={() => {
              setError(null);
              invoiceNow.mutate(undefined, { onError: onError('Error al facturar') });
            }}
          >
            {invoiceNow.isPending ? 'Pidiendo a ARCA…' : isVoucher(invoice) ? 'Reintentar' : 'Facturar ahora'}
          </button>
        )}
        {manage && isVoucher(invoice) && invoice.status === 'authorized' && credit?.status !== 'authorized' && (
          <button
            type="button"
            className="btn btn-secondary btn-block"
            disabled={creditNote.isPending}
            onClick={() => {
              setError(null);
              creditNote.mutate(undefined, { onError: onError('Error al emitir la nota de crédito') });
            }}
          >
            {creditNote.isPending ? 'Pidiendo a ARCA…' : 'Emitir nota de crédito'}
          </button>
        )}
      </div>
    </DetailCard>
  );
}
