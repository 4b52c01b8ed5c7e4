import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { shippingAvailabilityAnswerSchema, shippingBranchesAnswerSchema, type CarrierId, type ProvinceCode } from '@shop/shared';
import { api } from '@/lib/api-client';

/** The owner changes carriers seldom: the checkout asks once per visit (and again after this long). */
const AVAILABILITY_FRESH_MS = 5 * 60_000;
/** A carrier's branches near a postal code change seldom. */
const BRANCHES_FRESH_MS = 10 * 60_000;

export const shippingQueries = {
  all: () => ['checkout', 'shipping'] as const,
  /** GET /shipping/availability: whether the checkout offers "Envío a todo el país". */
  availability: () =>
    queryOptions({
      queryKey: [...shippingQueries.all(), 'availability'] as const,
      queryFn: ({ signal }) =>
        api.request({
          url: '/shipping/availability',
          schema: shippingAvailabilityAnswerSchema,
          errorMessage: 'No pudimos saber si enviamos a todo el país',
          signal,
        }),
      staleTime: AVAILABILITY_FRESH_MS,
      retry: false,
    }),
  /** GET /shipping/branches: the carrier's branches near the postal code (null: nothing to ask yet). */
  branches: (place: { carrier: CarrierId; postalCode: string; province: ProvinceCode } | null) =>
    queryOptions({
      queryKey: [...shippingQueries.all(), 'branches', place] as const,
      queryFn: place
        ? ({ signal }) =>
            api.request({
              url: '/shipping/branches',
              params: place,
              schema: shippingBranchesAnswerSchema,
              errorMessage: 'No pudimos traer las sucursales: probá de nuevo en unos minutos',
              signal,
            })
        : skipToken,
      staleTime: BRANCHES_FRESH_MS,
      retry: false,
    }),
};

/** Whether the shop ships to all of Argentina (false while unknown or when the question fails). */
export function useNationalShippingOffered(): boolean {
  const { data } = useQuery(shippingQueries.availability());
  return data?.national === true;
}

export function useShippingBranches(place: Parameters<typeof shippingQueries.branches>[0]) {
  return useQuery(shippingQueries.branches(place));
}
