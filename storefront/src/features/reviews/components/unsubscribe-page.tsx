import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MailX } from 'lucide-react';
import { REVIEW_MSG, reviewInputSchema } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { NarrowPage } from '@/components/narrow-page';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useUnsubscribeReviews } from '../api/review-invitation';

/** /opinar/baja?token=…: the review e-mail's opt-out. Sends the token once and says how it went. */
export default function ReviewUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = token !== '' && reviewInputSchema.shape.token.safeParse(token).success;
  const unsubscribe = useUnsubscribeReviews();
  const { mutate } = unsubscribe;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    document.title = 'Darte de baja · Opiniones';
  }, []);

  useEffect(() => {
    // Once per token, also when an effect runs twice (development's strict mode).
    if (!valid || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [valid, token, mutate]);

  const failure = valid ? (unsubscribe.isError ? errorMessage(unsubscribe.error) : null) : REVIEW_MSG.badToken;
  return (
    <NarrowPage icon={MailX} title="Pedidos de opinión" testId="review-unsubscribe-page" cardClass="unsubscribe">
      {unsubscribe.data && (
        <p className="notice notice--success" role="status" data-testid="review-unsubscribe-done">
          {unsubscribe.data.message}
        </p>
      )}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {!unsubscribe.data && !failure && <Spinner label="Dándote de baja..." />}
      <Link className="btn btn--primary" to={paths.home}>
        Volver a la tienda
      </Link>
    </NarrowPage>
  );
}
