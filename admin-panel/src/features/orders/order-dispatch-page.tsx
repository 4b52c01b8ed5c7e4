import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PackageCheck, Printer } from 'lucide-react';
import { DISPATCH_TYPES, formatPrice, shopDayRange, shopIsoDay, type BulkFulfillmentAnswer, type DispatchType } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { BackLink } from '@/components/back-link';
import { InputField } from '@/components/form-field';
import { Banner, EmptyState, Loaded } from '@/components/feedback';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { RefreshButton } from '@/components/refresh-button';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { orderQueries } from './api/order-queries';
import { DispatchGroupSheet } from './dispatch-group';
import { useFulfillOrders } from './api/fulfill-order';

/** What "Marcar entregado" did: how many were delivered, and each order refused with its reason. */
function DeliveredOutcome({ outcome, onClose }: { outcome: BulkFulfillmentAnswer; onClose: () => void }) {
  const delivered = outcome.orders.length;
  return (
    <Banner kind={outcome.refused.length > 0 ? 'error' : 'success'} onClose={onClose}>
      {delivered === 1 ? '1 pedido marcado entregado.' : `${delivered} pedidos marcados entregados.`}
      {outcome.refused.map((r) => (
        <span key={r.id} className="cell-sub" data-testid="dispatch-refused">
          No se marcó {r.orderNumber ? `#${r.orderNumber}` : r.id}: {r.message}
        </span>
      ))}
    </Banner>
  );
}

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

/** The sheet's day as staff read it (dd/mm/aaaa), '' for a day that cannot be read. */
const dayLabel = (day: string) => formatDate(shopDayRange(day)?.start.toISOString());

/** A page number from the address: 1 unless a whole number from 1 up. */
const pageOf = (value: string | null) => (value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1);

/** "Hoja de reparto": the orders still to hand over, by zone (home deliveries) or by meeting point (pickups), to print. */
export function OrderDispatchPage() {
  const [params, setParams] = useSearchParams();
  const type: DispatchType = params.get('type') === 'pickup' ? 'pickup' : 'delivery';
  const today = shopIsoDay();
  const date = shopDayRange(params.get('date') ?? '') ? (params.get('date') ?? today) : today;
  const page = pageOf(params.get('page'));
  const sheet = SHEETS[type];
  const query = useQuery({ ...orderQueries.dispatch({ type, date, page }), staleTime: 0 });
  const totalPages = query.data?.totalPages ?? 1;
  /** A new sheet (type or day) starts on its first page; the day is kept in the address only when it is not today. */
  const show = (next: { type?: DispatchType; date?: string; page?: number }) => {
    const day = next.date ?? date;
    const wanted: Record<string, string> = { type: next.type ?? type };
    if (day !== today) wanted.date = day;
    if ((next.page ?? 1) > 1) wanted.page = String(next.page);
    setParams(wanted, { replace: true });
  };
  const groups = (query.data?.groups ?? []).filter((group) => group.orders.length > 0);
  const orderCount = groups.reduce((sum, group) => sum + group.orders.length, 0);
  const toCollect = groups.reduce((sum, group) => sum + group.toCollect, 0);
  const deliver = useFulfillOrders();
  const [outcome, setOutcome] = useState<BulkFulfillmentAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const markDelivered = (ids: string[]) => {
    setOutcome(null);
    setFailure(null);
    deliver.mutate({ ids, step: 'delivered' }, { onSuccess: setOutcome, onError: (error) => setFailure(errorMessage(error)) });
  };
  const allIds = groups.flatMap((group) => group.orders.map((order) => order._id));
  const markSheet = () => {
    if (window.confirm(`¿Marcar entregados los ${allIds.length} pedidos de esta hoja?`)) markDelivered(allIds);
  };

  return (
    <div className={`page dispatch-page dispatch-${type}`} data-testid="dispatch-page">
      <PageHeader
        title="Hoja de reparto"
        description={
          <>
            {sheet.label} · pedidos hasta el {dayLabel(date)}
            {query.data && ` · generada el ${formatDateTime(query.data.generatedAt)}`}
          </>
        }
        before={
          <BackLink to={paths.orders} noPrint>
            Volver a órdenes
          </BackLink>
        }
      >
        <div className="page-header-actions no-print">
          <RefreshButton busy={query.isFetching} onClick={() => void query.refetch()} />
          <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={groups.length === 0}>
            <Printer size={16} aria-hidden="true" /> Imprimir
          </button>
          <button type="button" className="btn btn-success" onClick={markSheet} disabled={allIds.length === 0 || deliver.isPending}>
            <PackageCheck size={16} aria-hidden="true" /> {deliver.isPending ? 'Marcando...' : 'Marcar entregado todo'}
          </button>
        </div>
      </PageHeader>
      {outcome && (
        <div className="no-print">
          <DeliveredOutcome outcome={outcome} onClose={() => setOutcome(null)} />
        </div>
      )}
      {failure && (
        <div className="no-print">
          <Banner kind="error" onClose={() => setFailure(null)}>
            Error al marcar entregado: {failure}
          </Banner>
        </div>
      )}

      <div className="dispatch-controls no-print">
        <div className="segmented" role="group" aria-label="Qué pedidos ver">
          {DISPATCH_TYPES.map((t) => (
            <button key={t} type="button" aria-pressed={t === type} onClick={() => show({ type: t })}>
              {SHEETS[t].label}
            </button>
          ))}
        </div>
        <InputField
          id="dispatch-date"
          label="Día de la hoja"
          type="date"
          value={date}
          onChange={(value) => show({ date: value || today })}
          hint="Pedidos hechos hasta ese día que todavía no se entregaron."
        />
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
              {totalPages > 1 && (
                <span>
                  {' '}
                  · Página {page} de {totalPages} ({count(query.data?.totalOrders ?? 0, ['pedido', 'pedidos'])} en total)
                </span>
              )}
            </p>
            {groups.map((group) => (
              <DispatchGroupSheet key={group.id || 'none'} group={group} type={type} onDeliver={markDelivered} busy={deliver.isPending} />
            ))}
            <div className="no-print">
              <Pagination
                page={page}
                totalPages={totalPages}
                onChange={(next) => show({ page: next })}
                label="Páginas de la hoja de reparto"
              />
            </div>
          </>
        )}
      </Loaded>
    </div>
  );
}
