import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { DISPATCH_TYPES, formatPrice, type DispatchType } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { EmptyState, Loaded } from '@/components/feedback';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { formatDateTime } from '@/lib/format-date';
import { orderQueries } from './api/order-queries';
import { DispatchGroupSheet } from './dispatch-group';

const SHEETS: Record<DispatchType, { label: string; empty: string; grouped: string; group: [string, string] }> = {
  delivery: {
    label: 'Envíos a domicilio',
    empty: 'No hay envíos a domicilio por entregar',
    grouped: 'Cada zona se imprime en su propia página.',
    group: ['zona', 'zonas'],
  },
  pickup: {
    label: 'Retiros',
    empty: 'No hay retiros por entregar',
    grouped: 'Una lista por punto de encuentro.',
    group: ['punto de encuentro', 'puntos de encuentro'],
  },
};

const count = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;

/** "Hoja de reparto": the orders still to hand over, by zone (home deliveries) or by meeting point (pickups), to print. */
export function OrderDispatchPage() {
  const [params, setParams] = useSearchParams();
  const type: DispatchType = params.get('type') === 'pickup' ? 'pickup' : 'delivery';
  const sheet = SHEETS[type];
  const query = useQuery({ ...orderQueries.dispatch(type), staleTime: 0 });
  const groups = (query.data?.groups ?? []).filter((group) => group.orders.length > 0);
  const orderCount = groups.reduce((sum, group) => sum + group.orders.length, 0);
  const toCollect = groups.reduce((sum, group) => sum + group.toCollect, 0);

  return (
    <div className={`page dispatch-page dispatch-${type}`} data-testid="dispatch-page">
      <PageHeader
        title="Hoja de reparto"
        description={
          <>
            {sheet.label}
            {query.data && ` · generada el ${formatDateTime(query.data.generatedAt)}`}
          </>
        }
        before={
          <Link to={paths.orders} className="back-link no-print">
            <ArrowLeft size={16} aria-hidden="true" /> Volver a órdenes
          </Link>
        }
      >
        <div className="page-header-actions no-print">
          <RefreshButton busy={query.isFetching} onClick={() => void query.refetch()} />
          <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={groups.length === 0}>
            <Printer size={16} aria-hidden="true" /> Imprimir
          </button>
        </div>
      </PageHeader>

      <div className="segmented no-print" role="group" aria-label="Qué pedidos ver">
        {DISPATCH_TYPES.map((t) => (
          <button key={t} type="button" aria-pressed={t === type} onClick={() => setParams({ type: t }, { replace: true })}>
            {SHEETS[t].label}
          </button>
        ))}
      </div>

      <Loaded
        query={query}
        loading="Cargando hoja de reparto..."
        errorText={(error) => `Error al cargar la hoja de reparto: ${errorMessage(error)}`}
        empty={
          groups.length === 0 && (
            <EmptyState title={sheet.empty}>
              <p className="muted">Los pedidos que todavía no se entregaron aparecen acá, agrupados para imprimir.</p>
            </EmptyState>
          )
        }
      >
        {() => (
          <>
            <p className="dispatch-summary" data-testid="dispatch-summary">
              {count(orderCount, ['pedido', 'pedidos'])} en {count(groups.length, sheet.group)} · A cobrar en total:{' '}
              <strong>{formatPrice(toCollect)}</strong>
              <span className="muted no-print"> · {sheet.grouped}</span>
            </p>
            {groups.map((group) => (
              <DispatchGroupSheet key={group.id || 'none'} group={group} type={type} />
            ))}
          </>
        )}
      </Loaded>
    </div>
  );
}
