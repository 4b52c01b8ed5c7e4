import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import type { WaitedSize } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { usePermission } from '@/features/auth';
import { insightQueries } from './api/insight';
import { DashboardPanel, PanelBody, RankItem } from './dashboard-panel';

function sizeText({ size, stock }: WaitedSize): string {
  const stockText = stock === 0 ? 'sin stock' : `stock actual: ${stock}`;
  return size === '' ? `Sin talle · ${stockText}` : `Talle ${size} · ${stockText}`;
}

/**
 * 'Talles más esperados': the sizes shoppers asked to hear about when they come back ("Avisame cuando vuelva"), most
 * waited first, each linking to its product's editor (no shopper data here: that is in the product's editor).
 */
export function WaitedSizesCard() {
  const allowed = usePermission('insight.view');
  const waited = useQuery({ ...insightQueries.waitedSizes(), enabled: allowed, retry: 0 });
  if (!allowed) return null;
  const sizes = waited.data ?? [];
  return (
    <DashboardPanel headingId="waited-sizes-title" testId="waited-sizes-card" icon={BellRing} title="Talles más esperados">
      <PanelBody
        pending={waited.isPending}
        error={waited.isError ? errorMessage(waited.error, 'Error al obtener los talles más esperados') : null}
        empty={sizes.length === 0}
        emptyText="Nadie está esperando que vuelva un talle."
      >
        <ol className="rank-list">
          {sizes.map((s, i) => (
            <RankItem
              key={`${s.productId}-${s.size}`}
              rank={i + 1}
              title={<Link to={paths.productEdit(s.productId)}>{s.title}</Link>}
              sub={sizeText(s)}
              count={`${s.waiting} ${s.waiting === 1 ? 'espera' : 'esperan'}`}
            />
          ))}
        </ol>
      </PanelBody>
    </DashboardPanel>
  );
}
