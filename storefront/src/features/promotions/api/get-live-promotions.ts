import { queryOptions, useQuery } from '@tanstack/react-query';
import { livePromotionsAnswerSchema, promotionsFor, type LivePromotion, type Promotion } from '@shop/shared';
import { api } from '@/lib/api-client';

/** The server caches the list a minute; so does the shop. */
const LIVE_FRESH_MS = 60_000;

export async function fetchLivePromotions(signal?: AbortSignal): Promise<LivePromotion[]> {
  const { promotions } = await api.request({
    url: '/promotions/live',
    schema: livePromotionsAnswerSchema,
    errorMessage: 'Error al obtener las promociones',
    signal,
  });
  return promotions;
}

export const promotionQueries = {
  live: () =>
    queryOptions({
      queryKey: ['promotions', 'live'] as const,
      queryFn: ({ signal }) => fetchLivePromotions(signal),
      staleTime: LIVE_FRESH_MS,
    }),
};

const NONE: LivePromotion[] = [];

/** The promotions in force (none while loading or when the list cannot be read: a badge never breaks a page). */
export function useLivePromotions(): LivePromotion[] {
  return useQuery(promotionQueries.live()).data ?? NONE;
}

/** As the pricing reads them. */
export function asPromotions(live: readonly LivePromotion[]): Promotion[] {
  return live.map((p) => ({ ...p, active: true }));
}

/** The live promotions covering a product of this category. */
export function usePromotionsFor(category: string | null | undefined): LivePromotion[] {
  const live = useLivePromotions();
  return promotionsFor(asPromotions(live), category, new Date()).map((p) => live.find((l) => l.id === p.id)!);
}
