import type { ReactNode } from 'react';
import { EmptyState, Spinner } from './feedback';

interface TableStatesProps {
  pending: boolean;
  loadingLabel: string;
  /** What to show instead of the table when loading failed; null when it did not. */
  error: ReactNode;
  empty: boolean;
  emptyTitle: string;
  emptyText: string;
  /** The table. */
  children: ReactNode;
}

/** Loading, failed, empty or the table: the four states of a list page's table card. */
export function TableStates({ pending, loadingLabel, error, empty, emptyTitle, emptyText, children }: TableStatesProps) {
  if (pending) return <Spinner label={loadingLabel} />;
  if (error) return error;
  if (empty) {
    return (
      <EmptyState title={emptyTitle}>
        <p className="muted">{emptyText}</p>
      </EmptyState>
    );
  }
  return children;
}

interface DataTableProps {
  testId: string;
  caption: string;
  /** Column headings, in order. */
  columns: ReactNode[];
  /** The rows. */
  children: ReactNode;
}

/** A responsive table that scrolls sideways on small screens, with a caption for screen readers. */
export function DataTable({ testId, caption, columns, children }: DataTableProps) {
  return (
    <div className="table-scroll">
      <table className="table responsive" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
