import type { Context, Next } from 'koa';
import { rm } from 'node:fs/promises';

interface TempFile {
  filepath?: unknown;
}

function tempPaths(files: unknown): string[] {
  if (!files || typeof files !== 'object') return [];
  return Object.values(files as Record<string, TempFile | TempFile[]>)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .map((file) => file?.filepath)
    .filter((p): p is string => typeof p === 'string');
}

/**
 * The body parser accepts multipart on every route and writes each file to the temp folder; only the proof upload
 * uses them. Whatever the route and outcome, the temp files of a request are removed once it is answered.
 */
export default () => async (ctx: Context, next: Next) => {
  try {
    await next();
  } finally {
    const paths = tempPaths((ctx.request as { files?: unknown }).files);
    await Promise.all(paths.map((p) => rm(p, { force: true }).catch(() => undefined)));
  }
};
