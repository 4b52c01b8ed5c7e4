import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS, type Category } from '@shop/shared';
import { ProductGrid, ProductGridSkeleton, type ProductListFilters, useProductPages } from '@/features/products';
import { CATALOG_TEXTS, catalogErrorText } from '../catalog-errors';

interface CatalogResultsProps {
  filters: ProductListFilters;
  categories: readonly Category[];
  /** What shows when nothing matches: a text (in the usual box), or an element of its own (the search's). */
  empty: ReactNode;
  /** Cards fetched with high priority (the grid's default: its first row); 0 below the first screen. */
  priorityCount?: number;
}

/** Loading, error (with the 2-second retry), empty, grid and 'Ver más productos' of the catalogue (home and category pages). */
export function CatalogResults({ filters, categories, empty, priorityCount }: CatalogResultsProps) {
  const query = useProductPages(filters);
  // A page of cards is the catalogue's heaviest render: when it arrives it is drawn as a deferred update, which React
  // splits into short slices, so the page stays responsive (taps, scrolling) meanwhile.
  const data = useDeferredValue(query.data);
  const [retrying, setRetrying] = useState(false);
  const retryTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  const retry = () => {
    setRetrying(true);
    retryTimer.current = window.setTimeout(() => {
      void query.refetch().finally(() => setRetrying(false));
    }, LIMITS.catalogueRetryMs);
  };

  if (retrying) {
    return (
      <div className="state-box" role="status" data-testid="catalog-retrying">
        <span className="spinner" aria-hidden="true" />
        <p>{CATALOG_TEXTS.retrying}</p>
      </div>
    );
  }
  if (query.isPending) return <ProductGridSkeleton />;
  if (query.isError && !query.data) {
    return (
      <div className="state-box state-box--error" role="alert" data-testid="catalog-error">
        <p>{catalogErrorText(query.error)}</p>
        <button type="button" className="btn btn--outline" onClick={retry}>
          Reintentar
        </button>
      </div>
    );
  }

  if (!data) return <ProductGridSkeleton />;
  const products = data.pages.flatMap((page) => page.payload);
  if (products.length === 0) {
    if (typeof empty !== 'string') return empty;
    return (
      <div className="state-box" data-testid="catalog-empty">
        <p>{empty}</p>
      </div>
    );
  }
  const showLoadMore = query.hasNextPage && products.length > LIMITS.loadMoreMinItems;
  return (
    <>
      <ProductGrid products={products} categories={categories} priorityCount={priorityCount} />
      {showLoadMore && (
        <div className="load-more">
          <button type="button" className="btn btn--outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Cargando...' : CATALOG_TEXTS.loadMore}
          </button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p className="field-error" role="alert">
          {catalogErrorText(query.error)}
        </p>
      )}
    </>
  );
}
