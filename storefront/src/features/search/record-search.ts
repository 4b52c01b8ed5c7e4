import { recordInteraction } from '@/features/interactions';

const recorded = new Set<string>();

/**
 * Tells the interaction log a search was made (the server counts those that find nothing for the owner), once per
 * distinct term in a visit: opening the same search again, or another page of it, is not a new search.
 */
export function recordSearchOnce(term: string): void {
  const searchTerm = term.trim().slice(0, 200);
  const key = searchTerm.toLocaleLowerCase('es-AR');
  if (!key || recorded.has(key)) return;
  recorded.add(key);
  void recordInteraction({ type: 'search', data: { searchTerm } });
}
