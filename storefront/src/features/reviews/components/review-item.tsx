import { BadgeCheck } from 'lucide-react';
import { REVIEW_FIT_LABELS, type Review } from '@shop/shared';
import { formatReviewDate } from '../review-text';
import { ReviewPhotos } from './review-photos';
import { Stars } from './stars';

/** One published review: stars, title, text, who (a verified buyer), what she bought and the shop's reply. */
export function ReviewItem({ review }: { review: Review }) {
  const bought = [review.size ? `Talle comprado: ${review.size}` : '', review.color ? `Color: ${review.color}` : ''].filter(Boolean);
  const date = formatReviewDate(review.createdAt);
  return (
    <article className="review" data-testid="review">
      <header className="review__header">
        <Stars value={review.stars} />
        {review.title && <h3 className="review__title">{review.title}</h3>}
      </header>
      {review.text && <p className="review__text">{review.text}</p>}
      <ReviewPhotos photos={review.photos ?? []} author={review.author} />
      <p className="review__who">
        <span className="review__author">{review.author}</span>
        {review.verified && (
          <span className="review__verified">
            <BadgeCheck size={16} aria-hidden="true" />
            Compra verificada
          </span>
        )}
        {date && (
          <time className="muted" dateTime={review.createdAt}>
            {date}
          </time>
        )}
      </p>
      <ul className="review__facts">
        {bought.length > 0 && <li>{bought.join(' · ')}</li>}
        <li>Cómo le quedó: {REVIEW_FIT_LABELS[review.fit]}</li>
        {review.usualSize && <li>Su talle habitual: {review.usualSize}</li>}
      </ul>
      {review.reply && (
        <div className="review__reply" data-testid="review-reply">
          <p className="review__reply-title">Respuesta de la tienda</p>
          <p className="review__reply-text">{review.reply.text}</p>
        </div>
      )}
    </article>
  );
}
