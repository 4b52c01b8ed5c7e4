import { useQuery } from '@tanstack/react-query';
import { MessageSquareQuote } from 'lucide-react';
import { paths } from '@/config/paths';
import { WaitingCard } from '@/components/waiting-card';
import { usePermission } from '@/features/auth';
import { WAITING_FILTERS, reviewQueries } from './api/reviews';

/**
 * How many reviews wait for approval, for those who approve them (reviews.moderate: owner, catalog); undefined while
 * loading or not allowed. The same query as the page's first view, so both share one answer.
 */
function useReviewsWaiting(): { allowed: boolean; pending: number | undefined; loading: boolean } {
  const allowed = usePermission('reviews.moderate');
  const list = useQuery({ ...reviewQueries.list(WAITING_FILTERS), enabled: allowed, retry: 0 });
  return { allowed, pending: list.data?.pending, loading: list.isPending };
}

/** Dashboard figure: reviews waiting for approval, linking to 'Opiniones'. */
export function ReviewsWaitingCard() {
  const { allowed, pending, loading } = useReviewsWaiting();
  if (!allowed) return null;
  const waiting = 'Se publican cuando las aprobás';
  return (
    <WaitingCard
      to={paths.reviews}
      icon={MessageSquareQuote}
      label="Opiniones por aprobar"
      count={pending ?? 0}
      loading={loading}
      waiting={waiting}
    />
  );
}

/** The sidebar's count of reviews waiting for approval; nothing when none wait (or while it loads). */
export function ReviewsNavBadge() {
  const { pending } = useReviewsWaiting();
  if (!pending) return null;
  return (
    <span className="nav-badge" data-testid="reviews-nav-badge">
      {pending > 99 ? '99+' : pending}
      <span className="visually-hidden"> por aprobar</span>
    </span>
  );
}
