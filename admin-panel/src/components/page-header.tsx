import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  /** Muted line under the title. */
  description?: ReactNode;
  /** Shown above the title (a back link). */
  before?: ReactNode;
  /** Buttons or links on the right. */
  children?: ReactNode;
}

/** The heading row every admin page starts with. */
export function PageHeader({ title, description, before, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        {before}
        <h1>{title}</h1>
        {description && <p className="muted">{description}</p>}
      </div>
      {children}
    </header>
  );
}
