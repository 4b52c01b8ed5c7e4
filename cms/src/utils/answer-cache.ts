import type { Context } from 'koa';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/**
 * Answers kept serialised (and compressed once), with a strong ETag from their bytes, and how they are sent. The
 * catalogue's caches of them are domains/catalogue/answer-cache.ts.
 */
export interface CachedAnswer {
  status: number;
  type: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
}

export function cachedAnswer(status: number, type: string, text: string): CachedAnswer {
  const body = Buffer.from(text, 'utf8');
  const compress = body.length > 1024;
  return {
    status,
    type,
    body,
    gzip: compress ? gzipSync(body, { level: 6 }) : undefined,
    br: compress ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : undefined,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/** True when If-None-Match names this ETag (a list, `*` and weak forms included). */
export function matchesEtag(header: string, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Writes a cached answer: 304 when the client holds it already, else the best encoding the client accepts. */
export function sendCached(ctx: Context, answer: CachedAnswer): void {
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', answer.etag);
  ctx.set('Vary', 'Accept-Encoding');
  // Already compressed here: keep strapi::compression from doing it again.
  (ctx as Context & { compress?: boolean }).compress = false;
  if (answer.status === 200 && matchesEtag(ctx.get('if-none-match'), answer.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = answer.status;
  ctx.type = answer.type;
  sendBestEncoding(ctx, answer);
}

/** The body in the best encoding the client accepts among those prepared (brotli, gzip, or as is). */
export function sendBestEncoding(ctx: Context, answer: Pick<CachedAnswer, 'body' | 'gzip' | 'br'>): void {
  const accepted = answer.gzip || answer.br ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  if (accepted === 'br' && answer.br) {
    ctx.set('Content-Encoding', 'br');
    ctx.body = answer.br;
  } else if (accepted === 'gzip' && answer.gzip) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = answer.gzip;
  } else {
    ctx.body = answer.body;
  }
}
