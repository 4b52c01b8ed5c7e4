import { lazy, Suspense, useState } from 'react';
import type { Category, Product } from '@shop/shared';
import { categoryLabel } from '../product-display';
import { ProductCard } from './product-card';

const QuickView = lazy(() => import('./quick-view'));

/** The first row of cards at every width (the grid has at most 4 columns) is fetched at once, with high priority. */
export const PRIORITY_CARDS = 4;

interface ProductGridProps {
  products: readonly Product[];
  categories: readonly Category[];
  /** How many cards get high priority: 0 where the grid starts below the first screen (home, under the hero). */
  priorityCount?: number;
}

export function ProductGrid({ products, categories, priorityCount = PRIORITY_CARDS }: ProductGridProps) {
  const [preview, setPreview] = useState<Product | null>(null);
  return (
    <>
      <ul className="product-grid" data-testid="product-grid">
        {products.map((product, index) => (
          <li key={product._id}>
            <ProductCard
              product={product}
              categoryName={categoryLabel(product.category, categories)}
              onQuickView={setPreview}
              priority={index < priorityCount}
            />
          </li>
        ))}
      </ul>
      {preview && (
        <Suspense fallback={null}>
          <QuickView product={preview} categoryName={categoryLabel(preview.category, categories)} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true" data-testid="product-grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="product-card product-card--skeleton">
            <div className="skeleton skeleton--media" />
            <div className="product-card__body">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
