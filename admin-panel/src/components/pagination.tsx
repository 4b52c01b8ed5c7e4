import { ChevronLeft, ChevronRight } from 'lucide-react';
import { LIMITS, pageWindow } from '@shop/shared';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}

/** Previous / numbered (at most 5) / next buttons; hidden when there is one page. */
export function Pagination({ page, totalPages, onChange, label }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft size={16} aria-hidden="true" />
        <span>Anterior</span>
      </button>
      <ul>
        {pageWindow(page, totalPages, LIMITS.maxPageButtons).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`page-button${n === page ? ' active' : ''}`}
              onClick={() => onChange(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Página ${n}`}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
        <span>Siguiente</span>
        <ChevronRight size={16} aria-hidden="true" />
      </button>
    </nav>
  );
}
