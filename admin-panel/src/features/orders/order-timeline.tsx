import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { SYSTEM_ACTOR_NAME, fulfillmentLabel, statusLabel, type Order, type OrderEvent } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { orderQueries } from './api/order-queries';
import { formatDateTime } from '@/lib/format-date';

interface Entry {
  key: string;
  at: string;
  /** Keeps the creation first and the last-update and payment entries after the changes of the same instant. */
  rank: number;
  done?: boolean;
  body: ReactNode;
}

function changeText(event: OrderEvent): string {
  if (event.step) return `Entrega: ${fulfillmentLabel(event.step)}`;
  if (event.from === event.to) return `Nota en ${statusLabel(event.to)}`;
  return `${event.from ? statusLabel(event.from) : 'Sin estado'} → ${statusLabel(event.to)}`;
}

/** Who made a change: a staff member by name; an automatic one by what made it (the hold sweep, Mercado Pago…). */
function actorText(by: OrderEvent['by']): string {
  if (by.kind !== 'system') return by.name || 'Personal';
  return by.name && by.name !== SYSTEM_ACTOR_NAME ? `${by.name} (automático)` : 'Sistema (automático)';
}

/** Notes the server writes when staff must act (a Mercado Pago payment that does not match, a late approval). */
const ATTENTION_PREFIX = 'ATENCIÓN:';

function eventEntry(event: OrderEvent, index: number): Entry {
  const who = actorText(event.by);
  const attention = event.note?.startsWith(ATTENTION_PREFIX) ?? false;
  return {
    key: `event-${index}`,
    at: event.at,
    rank: 1,
    done: event.step ? event.step === 'delivered' : event.to === 'paid',
    body: (
      <>
        <strong>{changeText(event)}</strong>
        <span className="cell-sub">
          {formatDateTime(event.at)} · por {who}
        </span>
        {event.note && <span className={attention ? 'timeline-note timeline-note-attention' : 'timeline-note'}>{event.note}</span>}
      </>
    ),
  };
}

/** The order's timeline: created, every recorded status change (who, when, from → to, note), last update, paid. */
export function OrderTimeline({ order, paid }: { order: Order; paid: boolean }) {
  const history = useQuery({ ...orderQueries.history(order._id), staleTime: 0 });
  const entries: Entry[] = [
    {
      key: 'created',
      at: order.createdAt,
      rank: 0,
      body: (
        <>
          <strong>Orden creada</strong>
          <span className="cell-sub">{formatDateTime(order.createdAt)}</span>
        </>
      ),
    },
    ...(history.data ?? []).map(eventEntry),
  ];
  if (order.updatedAt !== order.createdAt) {
    entries.push({
      key: 'updated',
      at: order.updatedAt,
      rank: 2,
      body: (
        <>
          <strong>Última actualización</strong>
          <span className="cell-sub">{formatDateTime(order.updatedAt)}</span>
        </>
      ),
    });
  }
  if (paid && order.paidAt) {
    entries.push({
      key: 'paid',
      at: order.paidAt,
      rank: 2,
      done: true,
      body: (
        <>
          <strong>Pago confirmado</strong>
          <span className="cell-sub">{formatDateTime(order.paidAt)}</span>
        </>
      ),
    });
  }
  const time = (iso: string) => Date.parse(iso) || 0;
  entries.sort((a, b) => time(a.at) - time(b.at) || a.rank - b.rank);

  return (
    <section className="card" aria-labelledby="timeline-title" data-testid="order-timeline">
      <h2 id="timeline-title" className="card-title with-icon">
        <Clock size={18} aria-hidden="true" /> Historial
      </h2>
      <ol className="timeline">
        {entries.map((entry) => (
          <li key={entry.key} className={entry.done ? 'done' : undefined}>
            {entry.body}
          </li>
        ))}
      </ol>
      {history.isPending && (
        <p className="cell-sub" role="status">
          Cargando cambios de estado...
        </p>
      )}
      {history.isError && (
        <div className="timeline-error" role="alert">
          <span>{errorMessage(history.error, 'No se pudo cargar el historial de cambios')}</span>
          <button type="button" className="btn btn-ghost" onClick={() => void history.refetch()}>
            Reintentar
          </button>
        </div>
      )}
    </section>
  );
}
