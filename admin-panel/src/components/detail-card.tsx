import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface DetailCardProps {
  /** Id of the heading, which names the section. */
  headingId: string;
  title: ReactNode;
  /** Decorative icon before the title. */
  icon?: LucideIcon;
  testId?: string;
  /** More classes of the card: 'table-card'. */
  className?: string;
  children: ReactNode;
}

/** A card section named by its own heading (detail pages). */
export function DetailCard({ headingId, title, icon: Icon, testId, className, children }: DetailCardProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={Icon ? 'card-title with-icon' : 'card-title'}>
        {Icon && <Icon size={18} aria-hidden="true" />}
        {Icon && ' '}
        {title}
      </h2>
      {children}
    </section>
  );
}
