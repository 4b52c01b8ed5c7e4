import { REVIEW_FIT_LABELS, REVIEW_FITS, type ReviewFit } from '@shop/shared';
import type { ReviewFilters as Filters } from '../api/product-reviews';

interface ReviewFiltersProps {
  productId: string;
  filters: Filters;
  /** The sizes with published reviews (the server's `sizes`). */
  sizes: readonly string[];
  onChange: (filters: Filters) => void;
}

/** "Cómo le quedó" as toggle buttons and the size bought as a list: each change asks the server again. */
export function ReviewFilters({ productId, filters, sizes, onChange }: ReviewFiltersProps) {
  const sizeChoices = sizes.filter((s) => s.trim() !== '');
  const fitChoices: { value: ReviewFit | undefined; label: string }[] = [
    { value: undefined, label: 'Todas' },
    ...REVIEW_FITS.map((fit) => ({ value: fit, label: REVIEW_FIT_LABELS[fit] })),
  ];
  const sizeId = `review-size-${productId}`;
  return (
    <div className="review-filters" data-testid="review-filters">
      <div className="review-filters__fit" role="group" aria-labelledby={`${sizeId}-fit`}>
        <span id={`${sizeId}-fit`} className="review-filters__label">
          Cómo les quedó
        </span>
        <div className="chip-row">
          {fitChoices.map((choice) => (
            <button
              key={choice.label}
              type="button"
              className={`chip review-chip${filters.fit === choice.value ? ' chip--active' : ''}`}
              aria-pressed={filters.fit === choice.value}
              onClick={() => onChange({ ...filters, fit: choice.value })}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>
      {(sizeChoices.length > 1 || filters.size) && (
        <div className="review-filters__size">
          <label htmlFor={sizeId} className="review-filters__label">
            Talle comprado
          </label>
          <select
            id={sizeId}
            value={filters.size ?? ''}
            onChange={(event) => onChange({ ...filters, size: event.target.value || undefined })}
          >
            <option value="">Todos los talles</option>
            {sizeChoices.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
