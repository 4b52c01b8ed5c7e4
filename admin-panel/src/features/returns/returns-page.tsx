import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RETURN_STATUSES, returnStatusLabel, type ReturnStatus } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { EmptyState, ErrorState, Spinner } from '@/components/feedback';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { ChoiceField } from '@/components/select-field';
import { returnQueries } from './api/return-queries';
import { ReturnDetail } from './return-detail';

const STATUS_CHOICES = RETURN_STATUSES.map((s) => ({ value: s, label: returnStatusLabel(s) }));
const isStatus = (value: string): value is ReturnStatus => (RETURN_STATUSES as readonly string[]).includes(value);

/** 'Cambios y devoluciones': the shoppers' requests by status (all of them by default, newest first), each with its next steps. */
export function ReturnsPage() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery(returnQueries.list(status));
  const requests = list.data?.returns ?? [];
  const open = requests.find((r) => r._id === openId) ?? null;

  return (
    <div className="page" data-testid="returns-page">
      <PageHeader
        title="Cambios y devoluciones"
        description="Los pedidos de cambio de talle o devolución que hacen las clientas desde el seguimiento."
      />
      <section className="card filters" aria-label="Filtros de cambios">
        <ChoiceField
          id="return-status"
          label="Estado"
          value={status}
          onChange={(value) => setStatus(isStatus(value) ? value : '')}
          all="Todos"
          choices={STATUS_CHOICES}
        />
        <RefreshButton busy={list.isFetching} onClick={() => void list.refetch()} />
      </section>
      {list.isPending ? (
        <Spinner label="Cargando cambios..." />
      ) : list.isError ? (
        <ErrorState message={`Error al cargar los cambios: ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
      ) : requests.length === 0 ? (
        <EmptyState title="No hay pedidos de cambio">
          <p className="muted">{status ? `Ninguno en «${returnStatusLabel(status)}».` : 'Todavía ninguna clienta pidió un cambio.'}</p>
        </EmptyState>
      ) : (
        <div className="returns-layout">
          <ul className="card returns-queue" aria-label="Pedidos de cambio" data-testid="returns-queue">
            {requests.map((request) => (
              <li key={request._id}>
                <button
                  type="button"
                  className={`returns-queue__item${request._id === openId ? ' is-open' : ''}`}
                  aria-pressed={request._id === openId}
                  onClick={() => setOpenId(request._id)}
                >
                  <strong>{request.number}</strong>
                  <span>
                    {request.orderNumber} · {request.customer.name}
                  </span>
                  <span className={`badge return-status-${request.status}`}>{returnStatusLabel(request.status)}</span>
                </button>
              </li>
            ))}
          </ul>
          {open ? (
            <ReturnDetail key={open._id} request={open} />
          ) : (
            <p className="muted returns-hint">Elegí un pedido de cambio para ver el detalle.</p>
          )}
        </div>
      )}
    </div>
  );
}
