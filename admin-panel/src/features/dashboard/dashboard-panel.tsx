import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface DashboardPanelProps {
  headingId: string;
  testId: string;
  icon: LucideIcon;
  title: string;
  /** A button or link on the right of the heading. */
  action?: ReactNode;
  /** A class beside `card` (the cards that span the grid). */
  className?: string;
  children: ReactNode;
}

/** A card of the dashboard with its icon heading. */
export function DashboardPanel({ headingId, testId, icon: Icon, title, action, className, children }: DashboardPanelProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={headingId} data-testid={testId}>
      <div className="card-header">
        <h2 id={headingId} className="with-icon">
          <Icon size={18} aria-hidden="true" /> {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

interface PanelBodyProps {
  pending: boolean;
  /** Why the list could not be read (shown as an alert); absent when it was read. */
  error?: string | null;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A dashboard panel's body: a loading line, the error, the empty text, or the list. */
export function PanelBody({ pending, error, empty, emptyText, children }: PanelBodyProps) {
  if (pending) return <p className="muted">Cargando...</p>;
  if (error) {
    return (
      <p className="export-error" role="alert">
        {error}
      </p>
    );
  }
  if (empty) return <p className="muted">{emptyText}</p>;
  return children;
}

interface RankItemProps {
  /** Its place in the list, from 1. */
  rank: number;
  title: ReactNode;
  /** The line under the title. */
  sub: ReactNode;
  /** The figure on the right ('9 vistas'). */
  count: ReactNode;
}

/** One row of a dashboard ranking (`<ol className="rank-list">`): place, title, its detail and its figure. */
export function RankItem({ rank, title, sub, count }: RankItemProps) {
  return (
    <li>
      <span className="rank">{rank}</span>
      <span className="rank-main">
        <strong>{title}</strong>
        <span className="cell-sub">{sub}</span>
      </span>
      <span className="rank-count">{count}</span>
    </li>
  );
}
