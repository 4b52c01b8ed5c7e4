import { MailX } from 'lucide-react';
import { REVIEW_MSG, reviewInputSchema } from '@shop/shared';
import { UnsubscribePage } from '@/components/unsubscribe-page';
import { useUnsubscribeReviews } from '../api/review-invitation';

const PAGE = { icon: MailX, title: 'Pedidos de opinión', tab: 'Opiniones', testId: 'review-unsubscribe-page' };
const TOKEN = {
  valid: (token: string) => token !== '' && reviewInputSchema.shape.token.safeParse(token).success,
  bad: REVIEW_MSG.badToken,
};

/** /opinar/baja?token=…: the review e-mail's opt-out. Sends the token once and says how it went. */
export default function ReviewUnsubscribePage() {
  const unsubscribe = useUnsubscribeReviews();
  return (
    <UnsubscribePage
      page={PAGE}
      token={TOKEN}
      unsubscribe={unsubscribe}
      waiting="Dándote de baja..."
      doneTestId="review-unsubscribe-done"
    />
  );
}
