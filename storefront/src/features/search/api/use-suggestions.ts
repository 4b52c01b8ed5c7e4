import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/shared';
import { productQueries } from '@/features/products';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Suggestions start at this many characters, once the shopper has stopped typing for SUGGEST_DELAY_MS. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DELAY_MS = 200;
export const SUGGESTION_LIMIT = 6;

/**
 * The products suggested for what the shopper is typing (GET /products?searchTerm=…&limit=6, relevance first). A
 * request whose term is no longer wanted is cancelled (its signal), and the previous suggestions stay while the next
 * ones load, so the list does not flicker.
 */
export function useSuggestions(term: string): Product[] {
  const typed = term.trim();
  const wanted = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  const enabled = wanted.length >= SUGGEST_MIN_CHARS;
  const query = useQuery({
    ...productQueries.list({ searchTerm: wanted, limit: SUGGESTION_LIMIT }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  if (!enabled || typed.length < SUGGEST_MIN_CHARS) return [];
  return (query.data?.payload ?? []).slice(0, SUGGESTION_LIMIT);
}
