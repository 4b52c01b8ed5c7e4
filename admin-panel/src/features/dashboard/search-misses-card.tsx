import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { usePermission } from '@/features/auth';
import { formatDateTimeAR } from '@/lib/format-date';
import { insightQueries } from './api/insight';
import { DashboardPanel, PanelBody, RankItem } from './dashboard-panel';

/** The card looks back one week. */
export const SEARCH_MISS_DAYS = 7;

/**
 * 'Búsquedas sin resultados': what shoppers searched the catalogue for and did not find in the last week, the most
 * searched first (ideas for products to add, or words to put in titles).
 */
export function SearchMissesCard() {
  const allowed = usePermission('insight.view');
  const misses = useQuery({ ...insightQueries.searchMisses(SEARCH_MISS_DAYS), enabled: allowed, retry: 0 });
  if (!allowed) return null;
  const terms = [...(misses.data ?? [])].sort((a, b) => b.searches - a.searches);
  return (
    <DashboardPanel
      headingId="search-misses-title"
      testId="search-misses-card"
      icon={SearchX}
      title={`Búsquedas sin resultados (últimos ${SEARCH_MISS_DAYS} días)`}
    >
      <PanelBody
        pending={misses.isPending}
        error={misses.isError ? errorMessage(misses.error, 'Error al obtener las búsquedas sin resultados') : null}
        empty={terms.length === 0}
        emptyText={`Todas las búsquedas de los últimos ${SEARCH_MISS_DAYS} días encontraron productos.`}
      >
        <ol className="rank-list">
          {terms.map((t, i) => (
            <RankItem
              key={t.term}
              rank={i + 1}
              title={t.term}
              sub={`Última vez: ${formatDateTimeAR(t.lastSearchedAt)}`}
              count={`${t.searches} ${t.searches === 1 ? 'vez' : 'veces'}`}
            />
          ))}
        </ol>
      </PanelBody>
    </DashboardPanel>
  );
}
