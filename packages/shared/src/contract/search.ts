import { z } from 'zod';
import { productSchema } from './products.js';

/**
 * Search extras (docs/api.md "Search"): the catalogue's own search is `GET /products?searchTerm=…` (relevance first
 * unless `sortBy` is given); the storefront's suggestions are the same call with `limit=6`.
 */

/** GET /products/best-sellers?limit=N (public, N ≤ 12, default 4): active products sold most in 90 days, then newest. */
export const bestSellersAnswerSchema = z.object({ payload: z.array(productSchema) });
export type BestSellersAnswer = z.infer<typeof bestSellersAnswerSchema>;

/**
 * POST /interactions `{type: 'search', data: {searchTerm}}` (public, rate limited): a search the shopper submitted.
 * The server runs it again and, when it finds nothing, counts it for "Búsquedas sin resultados".
 *
 * GET /insight/search-misses?days=7 (staff, insight.view): what shoppers searched and did not find in that many days
 * (1–90), most frequent first (at most 50 terms, each as the shoppers typed it most recently).
 */
export const searchMissSchema = z.object({ term: z.string(), searches: z.number(), lastSearchedAt: z.string() });
export type SearchMiss = z.infer<typeof searchMissSchema>;
export const searchMissesAnswerSchema = z.object({ days: z.number(), terms: z.array(searchMissSchema) });
export type SearchMissesAnswer = z.infer<typeof searchMissesAnswerSchema>;

/** The catalogue feeds' paths (public, not under /api). */
export const FEED_PATHS = { meta: '/feeds/meta.csv', google: '/feeds/google.xml' } as const;
/** Google's product category used for a category the owner did not set one for. */
export const DEFAULT_GOOGLE_PRODUCT_CATEGORY = 'Apparel & Accessories > Clothing > Underwear & Socks';
