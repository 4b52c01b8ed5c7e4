import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/spinner';
import { useNearViewport } from '@/lib/when-idle';

// Its own chunk: the cards (on the home page) share this feature's index, and the section is far below the fold.
const ReviewsBody = lazy(() => import('./reviews-body'));

/**
 * "Opiniones" on the product page. The heading is there at once; the code and the reviews are asked for when the
 * section comes near the screen.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  const loading = <Spinner label="Cargando opiniones..." />;
  return (
    <section
      ref={sectionRef}
      id="opiniones"
      className="section product-reviews"
      aria-labelledby="reviews-title"
      data-testid="product-reviews"
    >
      <h2 id="reviews-title" className="section__title product-reviews__title">
        Opiniones
      </h2>
      {near ? (
        <Suspense fallback={loading}>
          <ReviewsBody productId={productId} />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
