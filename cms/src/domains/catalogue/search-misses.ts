import { foldSearchText, shopDayKey, type SearchMiss } from '@shop/shared';
import { table, writeTransaction, type Trx } from '../../utils/db-write';

/**
 * "Búsquedas sin resultados": what shoppers searched and did not find, one row per folded term and Argentine day
 * (a counter, so a busy day stays one row). The storefront reports a submitted search through POST /interactions; the
 * server runs it again and counts it here only when it found nothing.
 */

export const SEARCH_MISSES_TABLE = 'search_misses';
const MAX_TERM = 100;
const MAX_ROWS_READ = 5000;

export async function recordSearchMiss(searchTerm: string, at = new Date()): Promise<void> {
  const term = searchTerm.trim().replace(/\s+/g, ' ').slice(0, MAX_TERM);
  const termKey = foldSearchText(term).slice(0, MAX_TERM);
  if (termKey === '') return;
  await writeTransaction(async (trx) => {
    const fields = { term, last_searched_at: at, updated_at: at };
    await table(trx, SEARCH_MISSES_TABLE)
      .insert({ term_key: termKey, day: shopDayKey(at), searches: 1, ...fields, created_at: at, published_at: at })
      .onConflict(['term_key', 'day'])
      .merge({ ...fields, searches: trx.raw('?? + 1', [`${SEARCH_MISSES_TABLE}.searches`]) });
  });
}

/** The terms missed in the last `days` Argentine days (today included), most searched first, at most `limit`. */
export async function searchMisses(days: number, limit: number, now = new Date()): Promise<SearchMiss[]> {
  const since = shopDayKey(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows: Record<string, unknown>[] = await table(strapi.db.connection as Trx, SEARCH_MISSES_TABLE)
    .where('day', '>=', since)
    .orderBy('last_searched_at', 'desc')
    .limit(MAX_ROWS_READ)
    .select('term_key', 'term', 'searches', 'last_searched_at');
  const byKey = new Map<string, SearchMiss>();
  for (const row of rows) {
    const key = String(row.term_key);
    const last = new Date(row.last_searched_at as string | number | Date).toISOString();
    const seen = byKey.get(key);
    if (seen) seen.searches += Number(row.searches);
    // Rows come newest first: the term as shoppers typed it most recently names the group.
    else byKey.set(key, { term: String(row.term), searches: Number(row.searches), lastSearchedAt: last });
  }
  return [...byKey.values()].sort((a, b) => b.searches - a.searches || (a.lastSearchedAt < b.lastSearchedAt ? 1 : -1)).slice(0, limit);
}
