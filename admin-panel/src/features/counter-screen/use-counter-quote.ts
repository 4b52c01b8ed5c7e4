import { useQuery } from '@tanstack/react-query';
import { quoteSale, type SaleLine } from '@/features/sales';
import { quoteBodyOf } from './screen-model';

/** The server's price of the lines at the counter (POST /checkout/quote, delivery `store`), kept while it refreshes. */
export function useCounterQuote(lines: readonly SaleLine[], paymentMethod: 'cash' | 'transfer') {
  const body = quoteBodyOf(lines, paymentMethod);
  return useQuery({
    queryKey: ['counter-screen', 'quote', body],
    queryFn: () => quoteSale(body),
    enabled: lines.length > 0,
    retry: 0,
    placeholderData: (previous) => previous,
  });
}
