import { LIMITS } from '../constants/limits.js';

/*
 * A page opened from a shared link carries, inside its HTML, the catalogue answers its first screen needs (the
 * server writes them as JSON, the storefront takes them instead of asking again). Both sides name an answer the same
 * way: the API path with its query parameters in a fixed order.
 */

/** The `id` of the `<script type="application/json">` element holding the answers, keyed by pageAnswerKey. */
export const PAGE_ANSWERS_ELEMENT_ID = 'shop-answers';

export type PageAnswerParams = Record<string, string | number | undefined>;

/** One request as a key: the API path and its query parameters sorted by name (unset ones left out). */
export function pageAnswerKey(path: string, params: PageAnswerParams = {}): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The category page's first request: page 1 of the category, sorted by name. */
export function categoryFirstPageParams(category: string) {
  return { page: 1, limit: LIMITS.storefrontPageSize, category, sortBy: 'title', sortOrder: 'asc' } as const satisfies PageAnswerParams;
}
