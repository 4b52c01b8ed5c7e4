import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentAnswerSchema, defaultSiteContent, type SiteContent } from '@shop/shared';
import { api } from '@/lib/api-client';
import { withEarlyAnswer } from '@/lib/early-requests';

export async function fetchSiteContent(signal?: AbortSignal): Promise<SiteContent> {
  const { content } = await withEarlyAnswer('/content', {}, contentAnswerSchema, () =>
    api.request({ url: '/content', schema: contentAnswerSchema, errorMessage: 'Error al obtener contenido del sitio', signal }),
  );
  return content;
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
