import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MessageSquareHeart } from 'lucide-react';
import { REVIEW_MSG, reviewInputSchema, type ReviewInvitationAnswer } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { ErrorNotice } from '@/components/form-parts';
import { NarrowPage } from '@/components/narrow-page';
import { ProductPicture } from '@/components/product-picture';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useReviewInvitation } from '../api/review-invitation';
import { ReviewForm } from './review-form';

type InvitationLine = ReviewInvitationAnswer['lines'][number];

/** The server's thanks where the form was: focused, so that it is read at once. */
function Thanks({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} className="notice notice--success" role="status" tabIndex={-1} data-testid="review-sent">
      {message}
    </p>
  );
}

function LineToReview({ token, line }: { token: string; line: InvitationLine }) {
  const [done, setDone] = useState<string | null>(null);
  const headingId = `review-line-${line.index}`;
  const variant = [line.size ? `Talle ${line.size}` : '', line.color].filter(Boolean).join(' · ');
  return (
    <li className="review-line" data-testid="review-line">
      <div className="review-line__product">
        <ProductPicture src={line.image ?? ''} alt="" sizes="64px" width={64} height={80} className="review-line__thumb thumb" />
        <div>
          <h2 id={headingId} className="review-line__title">
            {line.title}
          </h2>
          {variant && (
            <p id={`${headingId}-variant`} className="muted small review-line__variant">
              {variant}
            </p>
          )}
        </div>
      </div>
      {line.reviewed ? (
        <p className="notice notice--success" data-testid="review-already">
          Ya opinaste sobre esta prenda. ¡Gracias!
        </p>
      ) : done ? (
        <Thanks message={done} />
      ) : (
        <ReviewForm token={token} line={line} labelledBy={variant ? `${headingId} ${headingId}-variant` : headingId} onDone={setDone} />
      )}
    </li>
  );
}

/**
 * /opinar/{token}: the link of the review e-mail (signed, 60 days, no account). Greets her, then one form per garment
 * of the delivered order that she has not reviewed yet.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const valid = token !== '' && reviewInputSchema.shape.token.safeParse(token).success;
  const invitation = useReviewInvitation(token, valid);

  useEffect(() => {
    document.title = 'Tu opinión';
  }, []);

  const failure = !valid ? REVIEW_MSG.badToken : invitation.isError ? errorMessage(invitation.error) : null;
  const answer = invitation.data;
  return (
    <NarrowPage icon={MessageSquareHeart} title="Tu opinión" testId="review-invitation-page" cardClass="review-invite">
      <ErrorNotice error={failure} />
      {valid && invitation.isLoading && <Spinner label="Buscando tu pedido..." />}
      {answer && (
        <>
          <p className="review-invite__hello" data-testid="review-hello">
            {answer.firstName ? `Hola ${answer.firstName}: ` : 'Hola: '}¿cómo te quedó tu pedido {answer.orderNumber}?
          </p>
          {answer.lines.length > 0 ? (
            <>
              <p className="muted small">
                Tu opinión se publica con tu nombre y la inicial de tu apellido, y ayuda a otras clientas a elegir su talle.
              </p>
              <ul className="review-lines">
                {answer.lines.map((line) => (
                  <LineToReview key={line.index} token={token} line={line} />
                ))}
              </ul>
            </>
          ) : (
            <p className="notice notice--warning" data-testid="review-not-delivered">
              Vas a poder opinar cuando el pedido figure como entregado.
            </p>
          )}
        </>
      )}
      <Link className="btn btn--ghost btn--block" to={paths.home}>
        Volver a la tienda
      </Link>
    </NarrowPage>
  );
}
