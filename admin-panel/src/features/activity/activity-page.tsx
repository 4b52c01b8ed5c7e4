import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_KINDS } from '@shop/shared';
import { DataTable, TableCard } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { FilterBar } from '@/components/filter-bar';
import { ChoiceField, choicesOf } from '@/components/select-field';
import { useChoiceFilter } from '@/hooks/use-choice-filter';
import { formatDateTimeAR } from '@/lib/format-date';
import { staffQueries } from '@/features/team';
import { activityQueries } from './api/activity-queries';
import { ACTIVITY_KIND_LABELS } from './activity-labels';

const PAGE_SIZE = 25;

const TEXTS = { loading: 'Cargando la actividad...', failure: 'Error al cargar la actividad', emptyTitle: 'Sin actividad' };

const KIND_CHOICES = choicesOf(ACTIVITY_KINDS, (k) => ACTIVITY_KIND_LABELS[k]);

/** 'Actividad' (owner only): every change staff made, newest first, by person and kind of work. */
export function ActivityPage() {
  const [page, setPage] = useState(1);
  const staff = useQuery(staffQueries.list());
  const person = useChoiceFilter(
    (staff.data ?? []).map((member) => ({ value: String(member.id), label: member.name })),
    () => setPage(1),
  );
  const kind = useChoiceFilter(KIND_CHOICES, () => setPage(1));
  const staffId = person.value ? Number(person.value) : null;
  const list = useQuery(activityQueries.list({ page, limit: PAGE_SIZE, kind: kind.value, staffId }));
  const entries = list.data?.activity ?? [];
  const filtered = kind.value !== '' || staffId !== null;

  return (
    <div className="page" data-testid="activity-page">
      <PageHeader title="Actividad" description="Qué cambió cada persona del equipo, de lo más nuevo a lo más viejo." />
      <FilterBar label="Filtros de actividad" query={list}>
        <ChoiceField id="activity-staff" label="Persona" all="Todas las personas" {...person} />
        <ChoiceField id="activity-kind" label="Tipo" all="Todos los tipos" {...kind} />
      </FilterBar>
      <TableCard
        query={list}
        texts={{ ...TEXTS, emptyText: filtered ? 'No hay cambios con estos filtros.' : 'Todavía nadie del equipo hizo cambios.' }}
        empty={entries.length === 0}
        label="Actividad del equipo"
        footer={<Pagination page={page} totalPages={list.data?.totalPages ?? 0} onChange={setPage} label="Páginas de actividad" />}
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
      </TableCard>
    </div>
  );
}
