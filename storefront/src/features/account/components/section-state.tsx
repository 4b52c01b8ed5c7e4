import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@shop/client-kit';
import { Spinner } from '@/components/spinner';

interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}

/** One section of her account: a card named by its heading. */
export function AccountSection({ id, title, children, testId }: SectionProps) {
  return (
    <section className="card account-section" aria-labelledby={`${id}-title`} data-testid={testId ?? id}>
      <h2 id={`${id}-title`} className="account-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A section's data: the spinner while it loads, its error with "Reintentar", else what it shows. */
export function QueryState<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) {
    return (
      <div className="state-box state-box--error" role="alert">
        <p>{errorMessage(query.error)}</p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void query.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** 'Quitar' on an item of a section's list, named for screen readers by what it takes away; it waits while busy. */
export function RemoveButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--ghost btn--sm" aria-label={label} disabled={busy} onClick={onClick}>
      Quitar
    </button>
  );
}
