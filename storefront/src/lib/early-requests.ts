import type { z } from 'zod';

/*
 * A product or category page opened from a shared link needs the catalogue's answer before it can show anything.
 * `src/head-start.ts`, a tiny script that runs before the shop's code has downloaded, asks for that answer at once;
 * the page's own request then takes it instead of asking the server again. The answer goes through the same answer
 * schema; anything but a valid 200 answer is dropped and the page asks normally (and shows its own errors).
 */

type Params = Record<string, string | number | undefined>;

declare global {
  interface Window {
    /** Answers asked for by the head-start script, by request key; each one is taken at most once. */
    __shopEarlyAnswers?: Map<string, Promise<unknown>>;
    /** Set once the shop's code has made its first catalogue request: a head start after that would be a duplicate. */
    __shopEarlyClosed?: boolean;
  }
}

/** One request as a key: the API path and its query parameters in a fixed order (unset ones left out). */
export function earlyRequestKey(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The head-start side: asks for a GET answer now and keeps its JSON body (undefined when it is not a 200). Returns
 * that body, or null when nothing was asked (the shop's code already asked for its data itself).
 */
export function startEarlyRequest(apiUrl: string, path: string, params: Params = {}): Promise<unknown> | null {
  if (window.__shopEarlyClosed) return null;
  const key = earlyRequestKey(path, params);
  const answers = (window.__shopEarlyAnswers ??= new Map());
  if (answers.has(key)) return null;
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
  params: Params,
  schema: S,
  request: () => Promise<z.output<S>>,
): Promise<z.output<S>> {
  window.__shopEarlyClosed = true;
  const key = earlyRequestKey(path, params);
  const early = window.__shopEarlyAnswers?.get(key);
  if (early) {
    window.__shopEarlyAnswers?.delete(key);
    const parsed = schema.safeParse(await early);
    if (parsed.success) return parsed.data;
  }
  return request();
}
