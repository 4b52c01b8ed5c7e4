import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { quoteAnswerSchema, type DeliveryType, type QuoteAnswer, type quoteInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The body of POST /checkout/quote, typed by the shared input schema; the checkout always names its delivery type. */
export type QuoteRequest = z.input<typeof quoteInputSchema> & { deliveryType: DeliveryType };

/** A quote answer stays fresh this long: the order placed next is priced again by the server anyway. */
const QUOTE_FRESH_MS = 30_000;

/**
 * POST /checkout/quote: what the cart costs with this delivery and payment, priced by the server (with, for national
 * shipping, the carriers' options).
 */
export async function fetchQuote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteAnswer> {
  return api.request({
    method: 'POST',
    url: '/checkout/quote',
    data: request,
    schema: quoteAnswerSchema,
    errorMessage: 'Error al calcular el total del pedido',
    signal,
  });
}

/**
 * The checkout's quote queries, keyed by the priced input. A new input keeps the previous answer on screen until
 * its own arrives; no input (the delivery place is not known yet) asks nothing.
 */
export const quoteQueries = {
  all: () => ['checkout', 'quote'] as const,
  forCart: (request: QuoteRequest | null) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), request] as const,
      queryFn: request ? ({ signal }) => fetchQuote(request, signal) : skipToken,
      placeholderData: keepPreviousData,
      staleTime: QUOTE_FRESH_MS,
    }),
};

export function useQuote(request: QuoteRequest | null) {
  return useQuery(quoteQueries.forCart(request));
}
