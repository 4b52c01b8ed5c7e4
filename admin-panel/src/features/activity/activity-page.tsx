import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { ACTIVITY_KINDS, type ActivityKind } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DataTable, TableStates } from '@/components/data-table';
import { ErrorState } from '@/components/feedback';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { SelectField } from '@/components/select-field';
import { formatDateTimeAR } from '@/lib/format-date';
import { staffQueries } from '@/features/team';
import { activityQueries } from './api/activity-queries';
import { ACTIVITY_KIND_LABELS } from './activity-labels';

const PAGE_SIZE = 25;

const isKind = (value: string): value is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(value);

/** 'Actividad' (owner only): every change staff made, newest first, by person and kind of work. */
export function ActivityPage() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<ActivityKind | ''>('');
  const [staffId, setStaffId] = useState<number | null>(null);
  const list = useQuery(activityQueries.list({ page, limit: PAGE_SIZE, kind, staffId }));
  const staff = useQuery(staffQueries.list());
  const entries = list.data?.activity ?? [];
  const filtered = kind !== '' || staffId !== null;

  return (
    <div className="page" data-testid="activity-page">
      <PageHeader title="Actividad" description="Qué cambió cada persona del equipo, de lo más nuevo a lo más viejo." />
      <section className="card filters" aria-label="Filtros de actividad">
        <SelectField
          id="activity-staff"
          label="Persona"
          value={staffId === null ? '' : String(staffId)}
          onChange={(value) => {
            setStaffId(value ? Number(value) : null);
            setPage(1);
          }}
        >
          <option value="">Todas las personas</option>
          {(staff.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="activity-kind"
          label="Tipo"
          value={kind}
          onChange={(value) => {
            setKind(isKind(value) ? value : '');
            setPage(1);
          }}
        >
          <option value="">Todos los tipos</option>
          {ACTIVITY_KINDS.map((k) => (
            <option key={k} value={k}>
              {ACTIVITY_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw size={16} aria-hidden="true" className={list.isFetching ? 'spin' : undefined} /> Actualizar
        </button>
      </section>
      <section className="card table-card" aria-label="Actividad del equipo" aria-busy={list.isFetching}>
        <TableStates
          pending={list.isPending}
          loadingLabel="Cargando la actividad..."
          error={
            list.isError && (
              <ErrorState message={`Error al cargar la actividad: ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
            )
          }
          empty={entries.length === 0}
          emptyTitle="Sin actividad"
          emptyText={filtered ? 'No hay cambios con estos filtros.' : 'Todavía nadie del equipo hizo cambios.'}
        >
          <DataTable testId="activity-table" caption="Actividad del equipo" columns={['Fecha', 'Persona', 'Qué hizo', 'Sobre']}>
            {entries.map((entry, i) => (
              <tr key={`${entry.at}-${entry.staffId}-${i}`} data-testid="activity-row">
                <td data-label="Fecha" className="nowrap">
                  {formatDateTimeAR(entry.at)}
                </td>
                <td data-label="Persona">{entry.staffName}</td>
                <td data-label="Qué hizo">
                  <div className="activity-summary">
                    <span>{entry.summary}</span>
                    <span className="badge activity-kind">{ACTIVITY_KIND_LABELS[entry.kind]}</span>
                  </div>
                </td>
                <td data-label="Sobre" className="cell-break">
                  {entry.target ?? <span className="muted">—</span>}
                </td>
              </tr>
            ))}
          </DataTable>
        </TableStates>
        <Pagination page={page} totalPages={list.data?.totalPages ?? 0} onChange={setPage} label="Páginas de actividad" />
      </section>
    </div>
  );
}
