import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EMAIL_STATUSES, EMAIL_STATUS_LABELS } from '@shop/shared';
import { Banner } from '@/components/feedback';
import { TableCard } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { FilterBar } from '@/components/filter-bar';
import { ChoiceField, choicesOf } from '@/components/select-field';
import { useChoiceFilter } from '@/hooks/use-choice-filter';
import { emailQueries } from './api/email-queries';
import { EmailRows } from './email-rows';

const PAGE_SIZE = 20;

const TEXTS = { loading: 'Cargando correos...', failure: 'Error al cargar los correos', emptyTitle: 'No hay correos' };

const STATUS_CHOICES = choicesOf(EMAIL_STATUSES, (s) => EMAIL_STATUS_LABELS[s]);

/** 'Correos': every message the shop sent, is sending or could not send, newest first, with 'Reenviar'. */
export function EmailListPage() {
  const [page, setPage] = useState(1);
  const status = useChoiceFilter(STATUS_CHOICES, () => setPage(1));
  const list = useQuery(emailQueries.list({ page, limit: PAGE_SIZE, status: status.value, order: '' }));
  const emails = list.data?.emails ?? [];

  return (
    <div className="page" data-testid="email-list-page">
      <PageHeader title="Correos" description="Lo que la tienda envió, lo que espera y por qué falló." />
      {list.data && !list.data.mailConfigured && (
        <Banner kind="warning">
          Sin servidor de correo configurado (SMTP_HOST): los correos quedan en la bandeja de salida y se envían cuando se configure.
        </Banner>
      )}
      <FilterBar label="Filtros de correos" query={list}>
        <ChoiceField id="email-status" label="Estado" all="Todos" {...status} />
      </FilterBar>
      <TableCard
        query={list}
        texts={{ ...TEXTS, emptyText: status.value ? 'No hay correos con este estado.' : 'Todavía no se generó ningún correo.' }}
        empty={emails.length === 0}
        footer={<Pagination page={page} totalPages={list.data?.totalPages ?? 0} onChange={setPage} label="Páginas de correos" />}
      >
        <EmailRows emails={emails} mailConfigured={list.data?.mailConfigured ?? true} showOrder testId="emails-table" />
      </TableCard>
    </div>
  );
}
