import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Category, type Product } from '@shop/shared';
import { useIdle } from '@/lib/when-idle';
import { productQueries } from '../api/product-queries';
import { ProductGrid } from './product-grid';

/** Other products of the same category, under the product: nothing until they arrive, or when there are none. */
export function RelatedProducts({ product, categories }: { product: Product; categories: readonly Category[] }) {
  // Below the fold: asked for once the page is drawn, so its pictures do not compete with the main one.
  const idle = useIdle();
  const related = useQuery({
    ...productQueries.list({ category: product.category, limit: LIMITS.relatedProducts + 1 }),
    enabled: idle,
  });
  const relatedProducts = (related.data?.payload ?? []).filter((p) => p._id !== product._id).slice(0, LIMITS.relatedProducts);
  if (relatedProducts.length === 0) return null;
  return (
    <section className="section related" aria-labelledby="related-title" data-testid="related-products">
      <h2 id="related-title" className="section__title">
        También te puede interesar
      </h2>
      <ProductGrid products={relatedProducts} categories={categories} />
    </section>
  );
}
