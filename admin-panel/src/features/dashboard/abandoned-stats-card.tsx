import { useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { formatPrice } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePermission } from '@/features/auth';
import { abandonedQueries } from '@/features/abandoned';
import { DashboardPanel, PanelBody } from './dashboard-panel';

/** The dashboard's 'Carritos abandonados' (orders.view): abandoned, recovered and revenue recovered in the period. */
export function AbandonedStatsCard({ days = 30 }: { days?: number }) {
  const allowed = usePermission('orders.view');
  const stats = useQuery({ ...abandonedQueries.stats(days), enabled: allowed, retry: 0 });
  if (!allowed) return null;
  const s = stats.data;
  return (
    <DashboardPanel
      headingId="abandoned-stats-title"
      testId="abandoned-stats-card"
      icon={ShoppingCart}
      title={`Carritos (últimos ${days} días)`}
    >
      <PanelBody
        pending={stats.isPending}
        error={stats.isError ? errorMessage(stats.error, 'Error al obtener los carritos') : null}
        empty={false}
        emptyText=""
      >
        {s && (
          <dl className="abandoned-stats">
            <div>
              <dt>Abandonados</dt>
              <dd data-testid="stat-abandoned">{s.abandoned}</dd>
            </div>
            <div>
              <dt>Recuperados</dt>
              <dd data-testid="stat-recovered">{s.recovered}</dd>
            </div>
            <div>
              <dt>Ventas recuperadas</dt>
              <dd data-testid="stat-recovered-revenue">{formatPrice(s.recoveredRevenue)}</dd>
            </div>
          </dl>
        )}
        <Link to={paths.abandoned}>Ver carritos abandonados</Link>
      </PanelBody>
    </DashboardPanel>
  );
}
