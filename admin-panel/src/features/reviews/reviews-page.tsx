import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, REVIEW_STATUSES, type ReviewStatus } from '@shop/shared';
import { QueryStates } from '@/components/data-table';
import { FilterBar } from '@/components/filter-bar';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { ChoiceField, choicesOf } from '@/components/select-field';
import { TabList } from '@/components/tab-list';
import { useCan } from '@/features/auth';
import { useChoiceFilter } from '@/hooks/use-choice-filter';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { reviewQueries } from './api/reviews';
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

const TEXTS = { loading: 'Cargando opiniones...', failure: 'Error al cargar las opiniones' };

const STARS = ['5', '4', '3', '2', '1'] as const;
const starsText = (n: (typeof STARS)[number]) => (n === '1' ? '1 estrella' : `${n} estrellas`);
const STAR_CHOICES = choicesOf(STARS, starsText);

/** The first tab's name, with how many wait when any does. */
function PendingLabel({ count }: { count: number | undefined }) {
  return (
    <>
      {TAB_LABELS.pending}
      {count !== undefined && count > 0 && (
        <span className="review-tab-count" data-testid="reviews-pending-count">
          {count}
        </span>
      )}
    </>
  );
}

/**
 * 'Opiniones': the verified buyers' reviews by status (those waiting first), each with what she bought and how it
 * fitted (reviews.view: every role). Owner and catalog approve, reject and reply (reviews.moderate); the owner also sets
 * when the invitation goes and what is published at once (settings.manage).
 */
export function ReviewsPage() {
  const can = useCan();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const stars = useChoiceFilter(STAR_CHOICES, () => setPage(1));
  const list = useQuery(reviewQueries.list({ status, stars: stars.value, page }));
  const notice = useTimedMessage();
  const reviews = list.data?.reviews ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / Math.max(1, list.data.pageSize))) : 1;

  // The last review of a later page approved (or rejected) leaves that page empty: back to the last one with reviews.
  useEffect(() => {
    if (list.data && list.data.reviews.length === 0 && page > totalPages) setPage(totalPages);
  }, [list.data, page, totalPages]);

  const choose = (next: ReviewStatus) => {
    setStatus(next);
    setPage(1);
  };
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
      <TabList
        label="Estado de las opiniones"
        idPrefix="reviews-tab"
        tabs={REVIEW_STATUSES.map((s) => ({ id: s, label: s === 'pending' ? <PendingLabel count={list.data?.pending} /> : TAB_LABELS[s] }))}
        current={status}
        onChoose={choose}
        panelId={() => 'reviews-panel'}
      />
      <div role="tabpanel" id="reviews-panel" aria-labelledby={`reviews-tab-${status}`} className="reviews-panel">
        <FilterBar label="Filtros de opiniones" query={list}>
          <ChoiceField id="review-stars" label="Estrellas" all="Todas" {...stars} />
        </FilterBar>
        <NoticeBanner notice={notice} />
        <QueryStates
          query={list}
          texts={{
            ...TEXTS,
            emptyTitle: EMPTY_TEXT[status],
            emptyText: stars.value && `Con ${starsText(stars.value)}. Probá con «Todas».`,
          }}
          empty={reviews.length === 0}
        >
          <p className="muted" data-testid="reviews-total">
            {total === 1 ? '1 opinión' : `${total} opiniones`}
          </p>
          <ul className="review-list" aria-label={`Opiniones: ${TAB_LABELS[status]}`}>
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} onDone={done} />
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Páginas de opiniones" />
        </QueryStates>
      </div>
      {can('settings.manage') && <ReviewSettingsCard />}
    </div>
  );
}
