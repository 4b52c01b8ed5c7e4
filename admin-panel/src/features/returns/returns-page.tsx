import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RETURN_STATUSES, returnStatusLabel } from '@shop/shared';
import { QueryStates } from '@/components/data-table';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { ChoiceField, choicesOf } from '@/components/select-field';
import { useChoiceFilter } from '@/hooks/use-choice-filter';
import { returnQueries } from './api/return-queries';
import { ReturnDetail } from './return-detail';

const STATUS_CHOICES = choicesOf(RETURN_STATUSES, returnStatusLabel);

const TEXTS = { loading: 'Cargando cambios...', failure: 'Error al cargar los cambios', emptyTitle: 'No hay pedidos de cambio' };

/** 'Cambios y devoluciones': the shoppers' requests by status (all of them by default, newest first), each with its next steps. */
export function ReturnsPage() {
  const status = useChoiceFilter(STATUS_CHOICES);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery(returnQueries.list(status.value));
  const requests = list.data?.returns ?? [];
  const open = requests.find((r) => r._id === openId) ?? null;

  const emptyText = status.value ? `Ninguno en «${returnStatusLabel(status.value)}».` : 'Todavía ninguna clienta pidió un cambio.';
  return (
    <div className="page" data-testid="returns-page">
      <PageHeader
        title="Cambios y devoluciones"
        description="Los pedidos de cambio de talle o devolución que hacen las clientas desde el seguimiento."
      />
      <FilterBar label="Filtros de cambios" query={list}>
        <ChoiceField id="return-status" label="Estado" all="Todos" {...status} />
      </FilterBar>
      <QueryStates query={list} texts={{ ...TEXTS, emptyText }} empty={requests.length === 0}>
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
      </QueryStates>
    </div>
  );
}
