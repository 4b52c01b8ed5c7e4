import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

interface NarrowPageProps {
  icon: LucideIcon;
  title: string;
  testId: string;
  /** The card's own class, beside `card`. */
  cardClass: string;
  children: ReactNode;
}

/** A short page of its own (a link from an e-mail, a policy): a centred icon and title over one card. */
export function NarrowPage({ icon: Icon, title, testId, cardClass, children }: NarrowPageProps) {
  return (
    <div className="container page page--narrow" data-testid={testId}>
      <header className="page__header center">
        <Icon size={44} aria-hidden="true" className="page__icon" />
        <h1 className="page__title">{title}</h1>
      </header>
      <div className={`card ${cardClass}`}>{children}</div>
    </div>
  );
}
