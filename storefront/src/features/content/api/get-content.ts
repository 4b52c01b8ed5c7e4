import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentAnswerSchema, defaultSiteContent, type ContentAnswer, type SiteContent } from '@shop/shared';
import { api } from '@/lib/api-client';
import { withEarlyAnswer } from '@/lib/early-requests';

/**
 * The content as the shop can honour it: Mercado Pago is switched on in the content by the owner, but only a server
 * holding its credentials can take the payment (`services.mercadoPago`; older servers leave it out). Read here once,
 * every screen (checkout options, pricing, the payment step) sees the method off when the server cannot take it.
 */
export function offeredContent({ content, services }: ContentAnswer): SiteContent {
  const { paymentInfo } = content.checkout;
  if (!paymentInfo.mercadoPago.enabled || services?.mercadoPago === true) return content;
  return {
    ...content,
    checkout: { ...content.checkout, paymentInfo: { ...paymentInfo, mercadoPago: { ...paymentInfo.mercadoPago, enabled: false } } },
  };
}

export async function fetchSiteContent(signal?: AbortSignal): Promise<SiteContent> {
  // The answer carried by the page (early-requests.ts) goes through the same rule as the one asked for here.
  const answer = await withEarlyAnswer('/content', {}, contentAnswerSchema, () =>
    api.request({ url: '/content', schema: contentAnswerSchema, errorMessage: 'Error al obtener contenido del sitio', signal }),
  );
  return offeredContent(answer);
}

export const contentQueries = {
  all: () => ['content'] as const,
  site: () => queryOptions({ queryKey: [...contentQueries.all(), 'site'] as const, queryFn: ({ signal }) => fetchSiteContent(signal) }),
};

const FALLBACK_CONTENT = defaultSiteContent();

/**
 * Site content with every default filled. While loading or after a failure the defaults are used, so
 * screens never wait on texts; `isError` lets a screen mention the failure where it matters.
 */
export function useSiteContent(options: { refetchInterval?: number; refetchOnWindowFocus?: boolean | 'always' } = {}) {
  const query = useQuery({ ...contentQueries.site(), ...options });
  return {
    content: query.data ?? FALLBACK_CONTENT,
    isLoading: query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: query.refetch,
  };
}
