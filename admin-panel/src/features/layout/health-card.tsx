import { useQuery } from '@tanstack/react-query';
import { Activity, RefreshCw } from 'lucide-react';
import type { Health, HealthPart } from '@shop/shared';
import { healthQueries } from './api/get-health';

type HealthState = 'checking' | 'connected' | 'degraded' | 'disconnected';

const LABELS: Record<HealthState, string> = {
  checking: 'Verificando...',
  connected: 'Conectado',
  degraded: 'Con fallas',
  disconnected: 'Desconectado',
};

const PART_NAMES = { database: 'Base de datos', redis: 'Redis' } as const;
type PartName = keyof typeof PART_NAMES;

function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('es-AR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function formatLatency(ms: number): string {
  return `${ms < 10 ? ms.toLocaleString('es-AR', { maximumFractionDigits: 1 }) : Math.round(ms).toLocaleString('es-AR')} ms`;
}

/** The parts the server reported (the database always, Redis when the shop uses it), in a fixed order. */
function partsOf(body: Health): [PartName, HealthPart][] {
  const parts: [PartName, HealthPart][] = [];
  for (const name of ['database', 'redis'] as const) {
    const part = body.checks?.[name];
    if (part) parts.push([name, part]);
  }
  return parts;
}

function stateOf(body: Health | null): HealthState {
  if (!body) return 'disconnected';
  if (body.status === 'ok') return 'connected';
  // 'degraded' (Redis down) and 'error' (database down, 503): the server answers, a part of it does not.
  return body.checks ? 'degraded' : 'disconnected';
}

/** Backend status: checked on load, every 30 s and on click; says which part fails. */
export function HealthCard() {
  const query = useQuery(healthQueries.status());
  const body = query.data?.body ?? null;
  // While checking again, the last answer stays on screen (the refresh icon spins).
  const state: HealthState = !query.data ? 'checking' : stateOf(body);
  const parts = query.data && body ? partsOf(body) : [];

  return (
    <button
      type="button"
      className={`status-chip health-card health-${state}`}
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
      data-testid="health-card"
      aria-live="polite"
      title="Verificar ahora"
    >
      <span className="health-icon" aria-hidden="true">
        <Activity size={18} />
      </span>
      <span className="health-text">
        <span className="health-name">Servidor (API)</span>
        <span className="health-state">
          <span className="health-dot" aria-hidden="true" /> {LABELS[state]}
        </span>
        {parts.length > 0 && (
          <span className="health-parts">
            {parts.map(([name, part]) => (
              <span key={name} className={`health-part health-part-${part.status}`} data-testid={`health-part-${name}`}>
                <span className="health-dot" aria-hidden="true" />
                {PART_NAMES[name]}: {part.status === 'up' ? formatLatency(part.latencyMs) : 'Caído'}
              </span>
            ))}
          </span>
        )}
        {query.data && !body && <span className="health-detail">El servidor no responde</span>}
        {query.data && <span className="health-time">Última verificación: {formatTime(query.data.checkedAt)}</span>}
      </span>
      <RefreshCw size={16} aria-hidden="true" className={query.isFetching ? 'spin' : undefined} />
      <span className="visually-hidden">Verificar estado ahora</span>
    </button>
  );
}
