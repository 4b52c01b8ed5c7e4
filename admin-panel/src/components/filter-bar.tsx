import type { ReactNode } from 'react';
import { RefreshButton } from './refresh-button';

interface FilterBarProps {
  /** The bar's name for screen readers: 'Filtros de correos'. */
  label: string;
  /** The list's query, asked again by 'Actualizar' at the end of the bar; without it, no such button. */
  query?: { isFetching: boolean; refetch: () => Promise<unknown> };
  /** The filters. */
  children: ReactNode;
}

/** A list page's filters card: its fields, then 'Actualizar'. */
export function FilterBar({ label, query, children }: FilterBarProps) {
  return (
    <section className="card filters" aria-label={label}>
      {children}
      {query && <RefreshButton busy={query.isFetching} onClick={() => void query.refetch()} />}
    </section>
  );
}
