import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultSiteContent, siteContentSchema, type SiteContent } from '@shop/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const contentResponseSchema = z.object({ content: siteContentSchema });

export const contentKeys = {
  all: ['content'] as const,
  site: () => [...contentKeys.all, 'site'] as const,
};

export async function fetchSiteContent(signal?: AbortSignal): Promise<SiteContent> {
  const data = await apiRequest({
    url: '/content',
    schema: contentResponseSchema,
    errorMessage: 'Error al obtener contenido del sitio',
    signal,
  });
  return data.content;
}

export function siteContentQuery() {
  return queryOptions({
    queryKey: contentKeys.site(),
    queryFn: ({ signal }) => fetchSiteContent(signal),
  });
}

const FALLBACK_CONTENT = defaultSiteContent();

/**
 * Site content with every default filled. While loading or after a failure the defaults are used, so
 * screens never wait on texts; `isError` lets a screen mention the failure where the spec asks.
 */
export function useSiteContent(options: { refetchInterval?: number; refetchOnWindowFocus?: boolean | 'always' } = {}) {
  const query = useQuery({ ...siteContentQuery(), ...options });
  return {
    content: query.data ?? FALLBACK_CONTENT,
    isLoading: query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: query.refetch,
  };
}
