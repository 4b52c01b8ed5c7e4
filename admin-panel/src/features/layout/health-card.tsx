import { useQuery } from '@tanstack/react-query';
import { Activity, RefreshCw } from 'lucide-react';
import { healthQueries } from './api/get-health';

type HealthState = 'checking' | 'connected' | 'disconnected';

const LABELS: Record<HealthState, string> = {
  checking: 'Verificando...',
  connected: 'Conectado',
  disconnected: 'Desconectado',
};

function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('es-AR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Backend status: checked on load, every 30 s and on click (spec §4 "Backend health"). */
export function HealthCard() {
  const query = useQuery(healthQueries.status());
  const state: HealthState =
    query.isFetching || !query.data ? 'checking' : query.data.body && query.data.body.status !== 'error' ? 'connected' : 'disconnected';

  return (
    <button
      type="button"
      className={`health-card health-${state}`}
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
        {query.data && <span className="health-time">Última verificación: {formatTime(query.data.checkedAt)}</span>}
      </span>
      <RefreshCw size={16} aria-hidden="true" className={query.isFetching ? 'spin' : undefined} />
      <span className="visually-hidden">Verificar estado ahora</span>
    </button>
  );
}
