import type { ReactNode } from 'react';

interface DetailCardProps {
  /** Id of the heading, which names the section. */
  headingId: string;
  title: ReactNode;
  /** Decorative icon before the title. */
  icon?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A card section named by its own heading (detail pages). */
export function DetailCard({ headingId, title, icon, testId, children }: DetailCardProps) {
  return (
    <section className="card" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={icon ? 'card-title with-icon' : 'card-title'}>
        {icon}
        {icon && ' '}
        {title}
      </h2>
      {children}
    </section>
  );
}
