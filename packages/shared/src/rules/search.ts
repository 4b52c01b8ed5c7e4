/**
 * The shop's forgiving search, as pure rules shared by the server (which stores folded text and matches in SQL) and
 * its tests:
 * - `foldSearchText`: case- and accent-insensitive text ("Corpiño Negro" → "corpino negro"), punctuation as spaces;
 * - `searchTokens`: a query's words, in any order, each of which must match (AND);
 * - `typoVariants`: words of 5 letters or more may carry one typo (a letter changed, missing, extra or two swapped),
 *   resolved against the catalogue's own words, so that "bonbacha" searches "bombacha".
 */

/** At most this many words of a query are used (the rest are ignored). */
export const MAX_SEARCH_TOKENS = 8;
/** A word this long or longer may carry one typo. */
export const TYPO_MIN_LENGTH = 5;
/** At most this many catalogue words stand in for one misspelt word. */
export const MAX_TYPO_VARIANTS = 8;
/** The stored search text is cut here (long descriptions). */
export const MAX_SEARCH_TEXT = 4000;

/** Lower case, without accents or punctuation, single spaces: the form both the stored text and queries take. */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The distinct words of a query, folded, in the order typed. */
export function searchTokens(query: string): string[] {
  const words = foldSearchText(query.slice(0, 200))
    .split(' ')
    .filter((w) => w !== '');
  return [...new Set(words)].slice(0, MAX_SEARCH_TOKENS);
}

/** The text a product is found by: title, category (its slug and shown name), colours, then the description. */
export function productSearchText(fields: {
  title: string;
  description?: string | null;
  category?: string | null;
  categoryName?: string | null;
  colors?: readonly string[];
}): { text: string; title: string } {
  const title = foldSearchText(fields.title);
  const parts = [title, fields.category ?? '', fields.categoryName ?? '', ...(fields.colors ?? []), fields.description ?? ''];
  const text = foldSearchText(parts.join(' ')).slice(0, MAX_SEARCH_TEXT).trim();
  return { text, title };
}

/** True when `a` and `b` differ by at most one edit: a letter changed, inserted, deleted, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  if (la === lb) {
    let first = -1;
    let diffs = 0;
    for (let i = 0; i < la; i += 1) {
      if (a[i] !== b[i]) {
        diffs += 1;
        if (first < 0) first = i;
        if (diffs > 2) return false;
      }
    }
    if (diffs === 1) return true;
    // Two differences: only a swap of neighbours counts as one typo.
    return diffs === 2 && a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
  }
  const [short, long] = la < lb ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  return short.slice(i) === long.slice(i + 1);
}

/**
 * The catalogue words a query word stands for when it matches none of them as typed: those within one edit of it
 * (only for words of TYPO_MIN_LENGTH letters or more), closest in length first, at most MAX_TYPO_VARIANTS.
 * `vocabulary` is the set of words of the searchable products. A word found as typed (inside some catalogue word)
 * gets no variants: "negra" never widens to "negro" when the catalogue has "negra".
 */
export function typoVariants(token: string, vocabulary: Iterable<string>): string[] {
  if (token.length < TYPO_MIN_LENGTH) return [];
  const near: string[] = [];
  for (const word of vocabulary) {
    if (word.includes(token)) return [];
    if (Math.abs(word.length - token.length) <= 1 && withinOneEdit(token, word)) near.push(word);
  }
  return near
    .sort((a, b) => Math.abs(a.length - token.length) - Math.abs(b.length - token.length) || (a < b ? -1 : 1))
    .slice(0, MAX_TYPO_VARIANTS);
}

/** The words of a folded text worth keeping in a typo vocabulary (long enough to be within one edit of a 5-letter word). */
export function vocabularyWords(foldedText: string): string[] {
  return foldedText.split(' ').filter((w) => w.length >= TYPO_MIN_LENGTH - 1 && w.length <= 40);
}
