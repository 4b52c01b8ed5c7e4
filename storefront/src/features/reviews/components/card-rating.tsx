import type { Product } from '@shop/shared';
import { reviewCountText } from '../review-text';
import { Stars } from './stars';

/** A card's stars and count, "(3)", under its title; nothing for a product without published reviews. */
export function CardRating({ rating }: { rating: Product['rating'] }) {
  if (!rating || rating.count < 1) return null;
  return (
    <p className="card-rating" data-testid="card-rating">
      <Stars value={rating.average} size={14} />
      <span className="card-rating__count" aria-hidden="true">
        ({rating.count})
      </span>
      <span className="visually-hidden">{reviewCountText(rating.count)}</span>
    </p>
  );
}
