import { useState, type ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@shop/client-kit';
import { useProductReviews, type ReviewFilters as Filters } from '../api/product-reviews';
import { reviewCountText } from '../review-text';
import { ReviewFilters } from './review-filters';
import { ReviewItem } from './review-item';
import { ReviewSummary } from './review-summary';

const filtered = (filters: Filters) => Boolean(filters.fit || filters.size);

/**
 * The inside of "Opiniones" (its own chunk, loaded by product-reviews.tsx): the summary, the filters (how it fitted,
 * the size bought) and the published reviews, newest first, 10 at a time.
 */
export default function ReviewsBody({ productId }: { productId: string }) {
  const [filters, setFilters] = useState<Filters>({});
  const query = useProductReviews(productId, filters);
  const first = query.data?.pages[0];
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const clearFilters = () => setFilters({});

  if (!first && query.isError) {
    return (
      <div className="notice notice--error review-state" data-testid="reviews-error">
        <p>{errorMessage(query.error)}</p>
        <div className="review-state__actions">
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void query.refetch()}>
            Reintentar
          </button>
          {filtered(filters) && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={clearFilters}>
              Ver todas las opiniones
            </button>
          )}
        </div>
      </div>
    );
  }
  if (!first) return <Spinner label="Cargando opiniones..." />;
  if (first.summary.count === 0) {
    return (
      <p className="review-empty muted" data-testid="reviews-empty">
        Todavía no hay opiniones de este producto.
      </p>
    );
  }

  const busy = query.isPlaceholderData;
  let list: ReactNode;
  if (reviews.length > 0) {
    list = (
      <ul className={`review-list${busy ? ' review-list--busy' : ''}`} aria-busy={busy || undefined} data-testid="review-list">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
    );
  } else {
    list = (
      <div className="review-empty" data-testid="reviews-none-filtered">
        <p className="muted">No hay opiniones con este filtro.</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={clearFilters}>
          Ver todas las opiniones
        </button>
      </div>
    );
  }

  return (
    <div className="product-reviews__layout">
      <ReviewSummary summary={first.summary} />
      <div className="product-reviews__list">
        <ReviewFilters productId={productId} filters={filters} sizes={first.sizes} onChange={setFilters} />
        <p className="review-list__count muted small" aria-live="polite" data-testid="reviews-shown">
          {filtered(filters) && !busy ? `${reviewCountText(first.total)} con este filtro` : ''}
        </p>
        {list}
        {query.isFetchNextPageError && (
          <p className="field-error" data-testid="reviews-more-error">
            {errorMessage(query.error)}
          </p>
        )}
        {query.hasNextPage && !busy && (
          <button
            type="button"
            className="btn btn--outline review-more"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage || undefined}
          >
            {query.isFetchingNextPage ? 'Cargando...' : 'Ver más opiniones'}
          </button>
        )}
      </div>
    </div>
  );
}
