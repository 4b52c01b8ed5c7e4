import { useEffect, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, REVIEW_STATUSES, type ReviewStatus } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { EmptyState, ErrorState, Spinner } from '@/components/feedback';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { RefreshButton } from '@/components/refresh-button';
import { ChoiceField } from '@/components/select-field';
import { useCan } from '@/features/auth';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { reviewQueries, type ReviewFilters } from './api/reviews';
import { ReviewCard } from './review-card';
import { ReviewSettingsCard } from './review-settings-card';
import './reviews.css';

/** The tabs, one a status, in the order the work goes. */
const TAB_LABELS: Record<ReviewStatus, string> = {
  pending: 'Esperando aprobación',
  approved: 'Publicadas',
  rejected: 'Rechazadas',
};

const EMPTY_TEXT: Record<ReviewStatus, string> = {
  pending: 'No hay opiniones esperando aprobación.',
  approved: 'No hay opiniones publicadas.',
  rejected: 'No hay opiniones rechazadas.',
};

const STAR_CHOICES = ['5', '4', '3', '2', '1'].map((n) => ({ value: n, label: n === '1' ? '1 estrella' : `${n} estrellas` }));
const isStars = (value: string): value is ReviewFilters['stars'] => ['1', '2', '3', '4', '5'].includes(value);

/**
 * 'Opiniones': the verified buyers' reviews by status (those waiting first), each with what she bought and how it
 * fitted (reviews.view: every role). Owner and catalog approve, reject and reply (reviews.moderate); the owner also sets
 * when the invitation goes and what is published at once (settings.manage).
 */
export function ReviewsPage() {
  const can = useCan();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [stars, setStars] = useState<ReviewFilters['stars']>('');
  const [page, setPage] = useState(1);
  const list = useQuery(reviewQueries.list({ status, stars, page }));
  const notice = useTimedMessage();
  const reviews = list.data?.reviews ?? [];
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / Math.max(1, list.data.pageSize))) : 1;

  // The last review of a later page approved (or rejected) leaves that page empty: back to the last one with reviews.
  useEffect(() => {
    if (list.data && list.data.reviews.length === 0 && page > totalPages) setPage(totalPages);
  }, [list.data, page, totalPages]);

  const choose = (next: ReviewStatus) => {
    setStatus(next);
    setPage(1);
  };
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : REVIEW_STATUSES.length - 1;
    const next = REVIEW_STATUSES[(REVIEW_STATUSES.indexOf(status) + step) % REVIEW_STATUSES.length] ?? 'pending';
    choose(next);
    document.getElementById(`reviews-tab-${next}`)?.focus();
  }
  const done = (text: string) => notice.show({ kind: 'success', text }, LIMITS.bannerMs);

  return (
    <div className="page" data-testid="reviews-page">
      <PageHeader
        title="Opiniones"
        description={
          can('reviews.moderate')
            ? 'Lo que opinan las compradoras verificadas de cada prenda y de cómo les quedó el talle. Se publican en la página del producto cuando las aprobás.'
            : 'Lo que opinan las compradoras verificadas de cada prenda y de cómo les quedó el talle. Las aprueban la dueña y Catálogo.'
        }
      />
      <div className="tabs" role="tablist" aria-label="Estado de las opiniones">
        {REVIEW_STATUSES.map((s) => (
          <button
            key={s}
            id={`reviews-tab-${s}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={status === s}
            aria-controls="reviews-panel"
            tabIndex={status === s ? 0 : -1}
            onClick={() => choose(s)}
            onKeyDown={onTabKey}
          >
            {TAB_LABELS[s]}
            {s === 'pending' && list.data && list.data.pending > 0 && (
              <span className="review-tab-count" data-testid="reviews-pending-count">
                {list.data.pending}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="reviews-panel" aria-labelledby={`reviews-tab-${status}`} className="reviews-panel">
        <section className="card filters" aria-label="Filtros de opiniones">
          <ChoiceField
            id="review-stars"
            label="Estrellas"
            value={stars}
            onChange={(value) => {
              setStars(isStars(value) ? value : '');
              setPage(1);
            }}
            all="Todas"
            choices={STAR_CHOICES}
          />
          <RefreshButton busy={list.isFetching} onClick={() => void list.refetch()} />
        </section>
        <NoticeBanner notice={notice} />
        {list.isPending ? (
          <Spinner label="Cargando opiniones..." />
        ) : list.isError ? (
          <ErrorState message={`Error al cargar las opiniones: ${errorMessage(list.error)}`} onRetry={() => void list.refetch()} />
        ) : reviews.length === 0 ? (
          <EmptyState title={EMPTY_TEXT[status]}>
            {stars && <p className="muted">Con {stars === '1' ? '1 estrella' : `${stars} estrellas`}. Probá con «Todas».</p>}
          </EmptyState>
        ) : (
          <>
            <p className="muted" data-testid="reviews-total">
              {list.data.total === 1 ? '1 opinión' : `${list.data.total} opiniones`}
            </p>
            <ul className="review-list" aria-label={`Opiniones: ${TAB_LABELS[status]}`}>
              {reviews.map((review) => (
                <ReviewCard key={review.id} review={review} onDone={done} />
              ))}
            </ul>
            <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Páginas de opiniones" />
          </>
        )}
      </div>
      {can('settings.manage') && <ReviewSettingsCard />}
    </div>
  );
}
