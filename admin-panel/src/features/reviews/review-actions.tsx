import { useState, type FormEvent } from 'react';
import { REVIEW_LIMITS, type ReviewModeration, type StaffReview } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Banner, SaveFooter } from '@/components/feedback';
import { useModerateReview } from './api/reviews';
import { RejectDialog } from './reject-dialog';

/** What the page announces after a change ("Opinión aprobada"). */
export type ReviewNotice = (text: string) => void;

/** How a review is named in buttons and dialogs: its title, else its author. */
export const reviewName = (review: StaffReview) =>
  review.title ? `«${review.title}» de ${review.author}` : `La opinión de ${review.author}`;

/** "Responder como la tienda": the shop's answer, published under the review; emptied, it is taken away. */
function ReplyForm({ review, onClose, onDone }: { review: StaffReview; onClose: () => void; onDone: ReviewNotice }) {
  const moderate = useModerateReview();
  const [text, setText] = useState(review.reply?.text ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = `review-reply-${review.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const reply = text.trim() === '' ? null : text.trim();
    if (reply === null && !review.reply) return setMessage({ ok: false, text: 'Escribí la respuesta' });
    moderate.mutate(
      { id: review.id, change: { reply } },
      {
        onSuccess: () => {
          onDone(reply === null ? 'Respuesta quitada' : 'Respuesta guardada');
          onClose();
        },
        onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'No se pudo guardar la respuesta') }),
      },
    );
  }

  return (
    <form className="review-reply-form" onSubmit={submit} aria-label={`Respuesta de la tienda a ${reviewName(review)}`}>
      <div className="field">
        <label htmlFor={id}>Respuesta de la tienda</label>
        <textarea
          id={id}
          rows={3}
          maxLength={REVIEW_LIMITS.reply}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint`}
          autoFocus
        />
        <p className="hint" id={`${id}-hint`}>
          Se publica debajo de la opinión, firmada por la tienda.{review.reply ? ' Dejala vacía para quitarla.' : ''}
        </p>
      </div>
      <div className="review-actions__row">
        <SaveFooter message={message} pending={moderate.isPending} label="Guardar respuesta" />
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={moderate.isPending}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/**
 * The moderation of one review (reviews.moderate): approve it (or publish a rejected one after all), reject it with
 * a reason (or take a published one down), and answer it as the shop.
 */
export function ReviewActions({ review, onDone }: { review: StaffReview; onDone: ReviewNotice }) {
  const moderate = useModerateReview();
  const [rejecting, setRejecting] = useState(false);
  const [replying, setReplying] = useState(false);
  const name = reviewName(review);
  const replyLabel = review.reply ? 'Editar la respuesta' : 'Responder como la tienda';

  // An approved or rejected review leaves its tab (this card unmounts as the list is read again): the promise, unlike
  // mutate's callbacks, still tells the page. A failure shows from the mutation's state.
  const send = (change: ReviewModeration, done: string) =>
    void moderate.mutateAsync({ id: review.id, change }).then(
      () => {
        setRejecting(false);
        onDone(done);
      },
      () => undefined,
    );

  return (
    <div className="review-actions">
      {moderate.isError && !rejecting && <Banner kind="error">{errorMessage(moderate.error, 'No se pudo guardar la opinión')}</Banner>}
      {replying ? (
        <ReplyForm review={review} onClose={() => setReplying(false)} onDone={onDone} />
      ) : (
        <div className="review-actions__row">
          {review.status !== 'approved' && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={moderate.isPending}
              onClick={() => send({ status: 'approved' }, 'Opinión aprobada: ya está publicada')}
              aria-label={`Aprobar ${name}`}
            >
              Aprobar
            </button>
          )}
          {review.status !== 'rejected' && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={moderate.isPending}
              onClick={() => {
                moderate.reset();
                setRejecting(true);
              }}
              aria-label={`Rechazar ${name}`}
            >
              Rechazar
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={() => setReplying(true)} aria-label={`${replyLabel} a ${name}`}>
            {replyLabel}
          </button>
        </div>
      )}
      {rejecting && (
        <RejectDialog
          name={name}
          busy={moderate.isPending}
          error={moderate.error}
          onReject={(reason) => send({ status: 'rejected', reason }, 'Opinión rechazada')}
          onCancel={() => {
            moderate.reset();
            setRejecting(false);
          }}
        />
      )}
    </div>
  );
}
