import { REVIEW_MSG, type StaffReview } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Banner } from '@/components/feedback';
import { useModerateReview } from './api/reviews';
import { reviewName, type ReviewNotice } from './review-actions';

interface ReviewCardPhotosProps {
  review: StaffReview;
  /** reviews.moderate: may hide and show her photos. */
  canModerate: boolean;
  onDone: ReviewNotice;
}

/**
 * Her photos on a review's card: each thumbnail opens the photo at full size; who moderates hides one from the shop
 * ("Ocultar foto") or shows it again. A hidden photo stays here, marked, and is never in the public answer.
 */
export function ReviewCardPhotos({ review, canModerate, onDone }: ReviewCardPhotosProps) {
  const moderate = useModerateReview();
  const photos = review.photos ?? [];
  if (photos.length === 0) return null;
  const name = reviewName(review);

  const toggle = (index: number) => {
    const hiding = !photos[index]?.hidden;
    const hiddenPhotos = photos.flatMap((photo, i) => ((i === index ? hiding : photo.hidden) ? [i] : []));
    moderate.mutate(
      { id: review.id, change: { hiddenPhotos } },
      { onSuccess: () => onDone(hiding ? 'Foto oculta: no se muestra en la tienda' : 'Foto visible en la tienda') },
    );
  };

  return (
    <div className="review-card__photos">
      <h3 className="review-card__photos-title">Fotos de la compradora</h3>
      {moderate.isError && <Banner kind="error">{errorMessage(moderate.error, REVIEW_MSG.photoIndex)}</Banner>}
      <ul className="review-photo-list" data-testid="review-card-photos">
        {photos.map((photo, index) => (
          <li key={photo.url} className={`review-photo${photo.hidden ? ' review-photo--hidden' : ''}`} data-testid="review-card-photo">
            <a
              href={photo.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Ver la foto ${index + 1} de ${name} en tamaño completo`}
            >
              <img src={photo.url} alt={`Foto ${index + 1} de ${name}`} width={96} height={96} loading="lazy" />
            </a>
            {photo.hidden && <span className="badge review-photo__badge">Oculta en la tienda</span>}
            {canModerate && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={moderate.isPending}
                onClick={() => toggle(index)}
                aria-label={`${photo.hidden ? 'Mostrar' : 'Ocultar'} foto ${index + 1} de ${name}`}
              >
                {photo.hidden ? 'Mostrar foto' : 'Ocultar foto'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
