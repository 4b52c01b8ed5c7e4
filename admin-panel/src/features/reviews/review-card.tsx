import { Link } from 'react-router-dom';
import { REVIEW_FIT_LABELS, REVIEW_STATUS_LABELS, type StaffReview } from '@shop/shared';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { ReviewActions, type ReviewNotice } from './review-actions';
import { ReviewCardPhotos } from './review-card-photos';

/** "★★★★☆ 4/5" (the stars clamped to 0-5). */
export function starsText(stars: number): string {
  const n = Math.max(0, Math.min(5, Math.round(stars)));
  return `${'★'.repeat(n)}${'☆'.repeat(5 - n)} ${n}/5`;
}

/** The stars as text, read out as "4 de 5 estrellas". */
function Stars({ stars }: { stars: number }) {
  const n = Math.max(0, Math.min(5, Math.round(stars)));
  return (
    <span className="review-stars" role="img" aria-label={`${n} de 5 estrellas`}>
      {starsText(n)}
    </span>
  );
}

/** Size and colour bought: "Talle 90 · Negro". */
const boughtText = (r: StaffReview) => [r.size ? `Talle ${r.size}` : null, r.color || null].filter(Boolean).join(' · ') || '—';

/**
 * One review as staff read it: the stars, title and text, how it fitted and what she bought, who wrote it (her
 * e-mail too), about which product and order, and the shop's reply; the moderation for those allowed.
 */
export function ReviewCard({ review, onDone }: { review: StaffReview; onDone: ReviewNotice }) {
  const can = useCan();
  const headingId = `review-${review.id}-title`;
  return (
    <li className="card review-card" data-testid="review-card">
      <div className="review-card__head">
        <Stars stars={review.stars} />
        <span className={`badge review-status-${review.status}`}>{REVIEW_STATUS_LABELS[review.status]}</span>
      </div>
      <h2 className="review-card__title" id={headingId}>
        {review.title || <span className="muted">Sin título</span>}
      </h2>
      {review.text ? (
        <p className="review-card__text">{review.text}</p>
      ) : (
        <p className="muted">Sin texto (solo las estrellas y el calce).</p>
      )}
      <ReviewCardPhotos review={review} canModerate={can('reviews.moderate')} onDone={onDone} />
      <dl className="review-card__facts">
        <dt>Calce</dt>
        <dd>{REVIEW_FIT_LABELS[review.fit]}</dd>
        <dt>Compró</dt>
        <dd>{boughtText(review)}</dd>
        <dt>Talle habitual</dt>
        <dd>{review.usualSize || 'No lo indicó'}</dd>
        <dt>Autora</dt>
        <dd>
          {review.author}
          {review.verified ? ' (compra verificada)' : ''} · {review.email}
        </dd>
        <dt>Producto</dt>
        <dd>
          {can('products.manage') ? <Link to={paths.productEdit(review.productId)}>{review.productTitle}</Link> : review.productTitle}
        </dd>
        <dt>Pedido</dt>
        <dd>{can('orders.view') ? <Link to={paths.order(review.orderId)}>{review.orderNumber}</Link> : review.orderNumber}</dd>
        <dt>Fecha</dt>
        <dd>{formatDate(review.createdAt)}</dd>
        {review.status === 'rejected' && review.reason && (
          <>
            <dt>Motivo del rechazo</dt>
            <dd>{review.reason} (no se le muestra a la compradora)</dd>
          </>
        )}
      </dl>
      {review.reply && (
        <div className="review-card__reply">
          <p className="review-card__reply-head">
            Respuesta de la tienda <span className="muted">· {formatDateTime(review.reply.at)}</span>
          </p>
          <p>{review.reply.text}</p>
        </div>
      )}
      {can('reviews.moderate') && <ReviewActions review={review} onDone={onDone} />}
    </li>
  );
}
