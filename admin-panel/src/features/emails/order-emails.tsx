import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { emailQueries } from './api/email-queries';
import { EmailRows } from './email-rows';

/** The 'Correos' section of an order's detail: every message about this order, with 'Reenviar'. */
export function OrderEmails({ orderId }: { orderId: string }) {
  const list = useQuery(emailQueries.list({ page: 1, limit: 50, status: '', order: orderId }));
  const emails = list.data?.emails ?? [];
  return (
    <section className="card" aria-labelledby="order-emails-title" data-testid="order-emails">
      <h2 id="order-emails-title" className="card-title with-icon">
        <Mail size={18} aria-hidden="true" /> Correos
      </h2>
      {list.isPending && (
        <p className="cell-sub" role="status">
          Cargando correos...
        </p>
      )}
      {list.isError && <p role="alert">{errorMessage(list.error, 'No se pudieron cargar los correos')}</p>}
      {list.data && emails.length === 0 && <p className="muted">Esta orden no generó correos.</p>}
      {emails.length > 0 && (
        <EmailRows emails={emails} mailConfigured={list.data?.mailConfigured ?? true} showOrder={false} testId="order-emails-table" />
      )}
    </section>
  );
}
