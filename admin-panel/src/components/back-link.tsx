import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';

interface BackLinkProps {
  to: string;
  /** 'Volver a productos'. */
  children: ReactNode;
  /** Left out when printing ('no-print'). */
  noPrint?: boolean;
}

/** The link back to the screen a page belongs to, above its title, with its arrow. */
export function BackLink({ to, children, noPrint = false }: BackLinkProps) {
  return (
    <Link to={to} className={noPrint ? 'back-link no-print' : 'back-link'}>
      <ArrowLeft size={16} aria-hidden="true" /> {children}
    </Link>
  );
}
