import { useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ModalFrame } from '@/components/modal-frame';

interface PhotoDialogProps {
  url: string;
  index: number;
  count: number;
  author: string;
  onClose: () => void;
}

/** One photo at full size, in a modal dialog (focus on "Cerrar", kept inside, Escape closes, back to its thumbnail). */
function PhotoDialog({ url, index, count, author, onClose }: PhotoDialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const title = count > 1 ? `Foto ${index + 1} de ${count} de la opinión de ${author}` : `Foto de la opinión de ${author}`;
  return createPortal(
    <ModalFrame
      className="review-photo-dialog"
      labelledBy="review-photo-title"
      testId="review-photo-dialog"
      initialFocus={closeRef}
      onClose={onClose}
    >
      <h2 id="review-photo-title" className="review-photo-dialog__title">
        {title}
      </h2>
      <img className="review-photo-dialog__image" src={url} alt={`Foto ${index + 1} que subió ${author} con su opinión`} />
      <button ref={closeRef} type="button" className="btn btn--outline review-photo-dialog__close" onClick={onClose}>
        Cerrar
      </button>
    </ModalFrame>,
    document.body,
  );
}

/** The photos of a published review: thumbnails, each a button that opens it at full size. */
export function ReviewPhotos({ photos, author }: { photos: readonly { url: string }[]; author: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const shown = open === null ? undefined : photos[open];
  if (photos.length === 0) return null;
  return (
    <>
      <ul className="review__photos" data-testid="review-photos">
        {photos.map((photo, index) => (
          <li key={photo.url}>
            <button
              type="button"
              className="review__photo"
              onClick={() => setOpen(index)}
              aria-label={`Ver foto ${index + 1} de la opinión de ${author}`}
            >
              <img src={photo.url} alt="" loading="lazy" decoding="async" width={72} height={72} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && shown && <PhotoDialog url={shown.url} index={open} count={photos.length} author={author} onClose={close} />}
    </>
  );
}
