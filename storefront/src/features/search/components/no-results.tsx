import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Category } from '@shop/shared';
import { paths } from '@/config/paths';
import { categoryLabel, ProductGrid } from '@/features/products';
import { bestSellerQueries } from '../api/get-best-sellers';

const BEST_SELLERS = 4;

/** A search that found nothing: the shop's categories and, when there are any, its best sellers. */
export function NoResults({ term, categories }: { term: string; categories: readonly Category[] }) {
  const bestSellers = useQuery(bestSellerQueries.list(BEST_SELLERS));
  const products = bestSellers.data ?? [];
  const shown = categories.filter((category) => category.name);
  return (
    <div className="no-results" data-testid="search-empty">
      <p className="no-results__title" role="status">
        No encontramos productos para «{term}»
      </p>
      {shown.length > 0 && (
        <nav aria-labelledby="no-results-categories">
          <h2 id="no-results-categories" className="no-results__heading">
            Mirá nuestras categorías
          </h2>
          <ul className="chip-row no-results__categories">
            {shown.map((category) => (
              <li key={category.name}>
                <Link className="chip" to={paths.category(category.name)}>
                  {categoryLabel(category.name, categories)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {products.length > 0 && (
        <section aria-labelledby="no-results-best-sellers" data-testid="best-sellers">
          <h2 id="no-results-best-sellers" className="no-results__heading">
            Los más vendidos
          </h2>
          <ProductGrid products={products} categories={categories} />
        </section>
      )}
    </div>
  );
}
