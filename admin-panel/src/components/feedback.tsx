import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Inbox, RefreshCw } from 'lucide-react';

export function Spinner({ label }: { label: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

export function ErrorState({
  message,
  onRetry,
  retryLabel = 'Reintentar',
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="state state-error" role="alert">
      <AlertTriangle size={28} aria-hidden="true" />
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          <RefreshCw size={16} aria-hidden="true" /> {retryLabel}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <Inbox size={32} aria-hidden="true" />
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

/** Inline banner for success / error / warning messages. */
export function Banner({ kind, children, onClose }: { kind: 'success' | 'error' | 'warning'; children: ReactNode; onClose?: () => void }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'success' ? 'status' : 'alert'}>
      {kind === 'success' ? <CheckCircle2 size={18} aria-hidden="true" /> : <AlertTriangle size={18} aria-hidden="true" />}
      <span className="alert-text">{children}</span>
      {onClose && (
        <button type="button" className="alert-close" onClick={onClose} aria-label="Cerrar mensaje">
          ×
        </button>
      )}
    </div>
  );
}
