import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Inbox, RefreshCw } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';

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

/** An error banner that fields or a form point at (aria-describedby) by its id; nothing without a message. */
export function LinkedError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <div id={id}>
      <Banner kind="error">{children}</Banner>
    </div>
  );
}

interface LoadedProps<T> {
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  /** While loading: 'Cargando remito...'. */
  loading: string;
  /** The failure's message, shown with 'Reintentar'. */
  errorText: (error: unknown) => string;
  /** What a failure that is an answer shows instead (an order not found); null for the others. */
  refusal?: (error: unknown) => ReactNode;
  /** Shown in a card instead of the content when the answer has nothing to show. */
  empty?: ReactNode;
  /** What the answer shows. */
  children: (data: T) => ReactNode;
}

/** A screen fed by one query: its spinner, its failure or its empty state in a card, or what the answer shows. */
export function Loaded<T>({ query, loading, errorText, refusal, empty, children }: LoadedProps<T>) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined) {
    return (
      <div className="card">
        {refusal?.(query.error) ?? <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />}
      </div>
    );
  }
  if (empty) return <div className="card">{empty}</div>;
  return children(query.data);
}

/** A form's error message, announced when it appears (nothing while there is none). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}

/** A settings form's last answer (saved, or why not) and its submit button, which says when it is saving. */
export function SaveFooter({
  message,
  pending,
  label,
}: {
  message: { ok: boolean; text: string } | null;
  pending: boolean;
  label: string;
}) {
  return (
    <>
      {message && (
        <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Guardando…' : label}
      </button>
    </>
  );
}

interface QueryNoteProps {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** While it loads: 'Cargando la factura…'. */
  loading: string;
  /** Said when the failure does not say why: 'Error al cargar la factura'. */
  failure: string;
}

/** A card's query while it loads, or why it failed (announced); nothing once it has answered. */
export function QueryNote({ query, loading, failure }: QueryNoteProps) {
  if (query.isPending) return <p className="muted">{loading}</p>;
  if (!query.isError) return null;
  return (
    <p className="field-error" role="alert">
      {errorMessage(query.error, failure)}
    </p>
  );
}
