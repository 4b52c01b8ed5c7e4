import type { ReactNode } from 'react';
import { errorMessage } from '@shop/client-kit';
import { EmptyState, ErrorState, Spinner } from './feedback';

interface TableStatesProps {
  pending: boolean;
  loadingLabel: string;
  /** What to show instead of the table when loading failed; null when it did not. */
  error: ReactNode;
  empty: boolean;
  emptyTitle: string;
  /** Under the empty state's title; nothing when empty. */
  emptyText?: string;
  /** The table. */
  children: ReactNode;
}

/** Loading, failed, empty or the table: the four states of a list page's table card. */
export function TableStates({ pending, loadingLabel, error, empty, emptyTitle, emptyText, children }: TableStatesProps) {
  if (pending) return <Spinner label={loadingLabel} />;
  if (error) return error;
  if (empty) {
    return <EmptyState title={emptyTitle}>{emptyText && <p className="muted">{emptyText}</p>}</EmptyState>;
  }
  return children;
}

/** What a list's query tells its table: loading, failed (and why), fetching again; and how to ask again. */
export interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The words of a list's four states. */
export interface ListTexts {
  /** While the first page loads. */
  loading: string;
  /** The error message's start, before the reason ('Error al cargar los cupones'); without it the message is the reason alone. */
  failure?: string;
  emptyTitle: string;
  /** Under the empty title; none when empty. */
  emptyText?: string;
}

interface QueryStatesProps {
  query: ListQuery;
  texts: ListTexts;
  empty: boolean;
  /** Whether a failed load is told here, with 'Reintentar' (false when the page tells it elsewhere). */
  showError?: boolean;
  /** The list. */
  children: ReactNode;
}

/** The four states of a list fed by one query: its spinner, its error with 'Reintentar', its empty state, or the list. */
export function QueryStates({ query, texts, empty, showError = true, children }: QueryStatesProps) {
  const message = () => (texts.failure ? `${texts.failure}: ${errorMessage(query.error)}` : errorMessage(query.error));
  return (
    <TableStates
      pending={query.isPending}
      loadingLabel={texts.loading}
      error={query.isError && showError && <ErrorState message={message()} onRetry={() => void query.refetch()} />}
      empty={empty}
      emptyTitle={texts.emptyTitle}
      emptyText={texts.emptyText}
    >
      {children}
    </TableStates>
  );
}

interface TableCardProps extends Omit<QueryStatesProps, 'children'> {
  /** The card's name for screen readers, when it has no visible title. */
  label?: string;
  /** A visible title naming the card, and its id. */
  title?: { id: string; text: string };
  testId?: string;
  /** The table. */
  children: ReactNode;
  /** Under the table (the pagination). */
  footer?: ReactNode;
}

/** A list page's table card: busy while its query fetches, with the list's four states and an optional title and footer. */
export function TableCard({ label, title, testId, children, footer, ...states }: TableCardProps) {
  return (
    <section
      className="card table-card"
      aria-label={label}
      aria-labelledby={title?.id}
      aria-busy={states.query.isFetching}
      data-testid={testId}
    >
      {title && (
        <h2 id={title.id} className="card-title">
          {title.text}
        </h2>
      )}
      <QueryStates {...states}>{children}</QueryStates>
      {footer}
    </section>
  );
}

interface DataTableProps {
  testId: string;
  caption: string;
  /** Column headings, in order. */
  columns: ReactNode[];
  /** The rows. */
  children: ReactNode;
  /**
   * A table wide enough to scroll sideways on a desktop too: its scrolling box takes the keyboard focus (a named
   * region), so that it can be scrolled without a mouse.
   */
  wide?: boolean;
}

/** A responsive table that scrolls sideways on small screens, with a caption for screen readers. */
export function DataTable({ testId, caption, columns, children, wide = false }: DataTableProps) {
  return (
    <div className="table-scroll" {...(wide ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}>
      <table className="table responsive" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A table's head: one row of column headings, in order. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
