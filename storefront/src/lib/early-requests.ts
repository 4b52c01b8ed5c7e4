import type { z } from 'zod';
import { PAGE_ANSWERS_ELEMENT_ID, pageAnswerKey, type PageAnswerParams } from '@shop/shared/page-answers';

/*
 * A product or category page opened from a shared link needs the catalogue's answer before it can show anything.
 * Two things get it there early, and the page's own request then takes it instead of asking the server again:
 * - the server writes the first screen's answers into the page itself (`<script type="application/json"
 *   id="shop-answers">`, keyed like the requests below);
 * - otherwise `src/head-start.ts`, a tiny script that runs before the shop's code has downloaded, asks for them.
 * Either way the answer goes through the same answer schema; anything but a valid answer is dropped and the page asks
 * normally (and shows its own errors).
 */

declare global {
  interface Window {
    /** Answers the page carried or the head-start script asked for, by request key; each one is taken at most once. */
    __shopEarlyAnswers?: Map<string, Promise<unknown>>;
    /** Set once the shop's code has made its first catalogue request: a head start after that would be a duplicate. */
    __shopEarlyClosed?: boolean;
    /** Set once the answers written into the page have been read (they are read once). */
    __shopPageAnswersRead?: boolean;
    /** The keys of the answers the page itself carried (not those the head-start script asked the network for). */
    __shopCarriedKeys?: Set<string>;
  }
}

/**
 * A page shown again from the browser's history (back/forward, a restored tab) may be an old copy: its carried
 * answers could be minutes old, so they are not used there and the page asks the API.
 */
function shownFromHistory(): boolean {
  const navigation = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation')[0] : undefined;
  return navigation !== undefined && 'type' in navigation && navigation.type === 'back_forward';
}

function earlyAnswers(): Map<string, Promise<unknown>> {
  const answers = (window.__shopEarlyAnswers ??= new Map());
  if (window.__shopPageAnswersRead) return answers;
  const element = document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  // The head-start script can run while the page is still arriving: then the answers are read on a later call.
  if (!element && document.readyState === 'loading') return answers;
  window.__shopPageAnswersRead = true;
  if (!element?.textContent || shownFromHistory()) return answers;
  try {
    const carried: unknown = JSON.parse(element.textContent);
    if (carried && typeof carried === 'object') {
      const keys = (window.__shopCarriedKeys ??= new Set());
      for (const [key, body] of Object.entries(carried)) {
        if (answers.has(key)) continue;
        answers.set(key, Promise.resolve(body));
        keys.add(key);
      }
    }
  } catch {
    // A page with unreadable answers simply asks for them.
  }
  return answers;
}

/**
 * Whether this page itself carries (still untaken) answers for every one of these requests: then nothing needs the
 * network. An answer the head-start script is still fetching does not count.
 */
export function pageCarriesAnswers(keys: readonly string[]): boolean {
  const answers = earlyAnswers();
  const carried = window.__shopCarriedKeys;
  return keys.every((key) => answers.has(key) && carried?.has(key) === true);
}

/**
 * The head-start side: the answer the page carries, or a GET asked for now (its JSON body, undefined when it is not
 * a 200). Returns null when the shop's code already asked for its data itself.
 */
export function startEarlyRequest(apiUrl: string, path: string, params: PageAnswerParams = {}): Promise<unknown> | null {
  if (window.__shopEarlyClosed) return null;
  const key = pageAnswerKey(path, params);
  const answers = earlyAnswers();
  const known = answers.get(key);
  if (known) return known;
  const answer = fetch(`${apiUrl}${key}`, { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : undefined))
    .catch(() => undefined);
  answers.set(key, answer);
  return answer;
}

/**
 * The page side: the early answer for this request, validated by its schema, or else `request()` (the normal call).
 */
export async function withEarlyAnswer<S extends z.ZodType>(
  path: string,
  params: PageAnswerParams,
  schema: S,
  request: () => Promise<z.output<S>>,
): Promise<z.output<S>> {
  const answers = earlyAnswers();
  window.__shopEarlyClosed = true;
  const key = pageAnswerKey(path, params);
  const early = answers.get(key);
  if (early) {
    answers.delete(key);
    const parsed = schema.safeParse(await early);
    if (parsed.success) return parsed.data;
  }
  return request();
}
