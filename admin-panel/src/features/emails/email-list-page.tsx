import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { EMAIL_STATUSES, EMAIL_STATUS_LABELS, type EmailStatus } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Banner, ErrorState } from '@/components/feedback';
import { TableStates } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SelectField } from '@/components/select-field';
import { emailQueries } from './api/email-queries';
import { EmailRows } from './email-rows';

const PAGE_SIZE = 20;

const isStatus = (value: string): value is EmailStatus => (EMAIL_STATUSES as readonly string[]).includes(value);

/** 'Correos': every message the shop sent, is sending or could not send, newest first, with 'Reenviar'. */
export function EmailListPage() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const list = useQuery(emailQueries.list({ page, limit: PAGE_SIZE, status, order: '' }));
  const emails = list.data?.emails ?? [];

  return (
    <div className="page" data-testid="email-list-page">
      <PageHeader title="Correos" description="Lo que la tienda envió, lo que espera y por qué falló." />
      {list.data && !list.data.mailConfigured && (
        <Banner kind="warning">
          Sin servidor de correo configurado (SMTP_HOST): los correos quedan en la bandeja de salida y se envían cuando se configure.
        </Banner>
      )}
      <section className="card filters" aria-label="Filtros de correos">
        <SelectField
          id="email-status"
          label="Estado"
          value={status}
          onChange={(value) => {
            setStatus(isStatus(value) ? value : '');
            setPage(1);
          }}
        >
          <option value="">Todos</option>
          {EMAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {EMAIL_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw size={16} aria-hidden="true" className={list.isFetching ? 'spin' : undefined} /> Actualizar
        </button>
      </section>
      <section className="card table-card" aria-busy={list.isFetching}>
        <TableStates
          pending={list.isPending}
          loadingLabel="Cargando correos..."
          error={
            list.isError && (
              <ErrorState message={`Error al cargar los correos: ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
            )
          }
          empty={emails.length === 0}
          emptyTitle="No hay correos"
          emptyText={status ? 'No hay correos con este estado.' : 'Todavía no se generó ningún correo.'}
        >
          <EmailRows emails={emails} mailConfigured={list.data?.mailConfigured ?? true} showOrder testId="emails-table" />
        </TableStates>
        <Pagination page={page} totalPages={list.data?.totalPages ?? 0} onChange={setPage} label="Páginas de correos" />
      </section>
    </div>
  );
}
