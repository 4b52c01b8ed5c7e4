import http from 'node:http';

/** Bad input the API must answer with a 4xx (never a 5xx): shared by the fuzz and the focused bad-input tests. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const NUL_TEXT = 'texto\u0000con nul';
export const LONE_HIGH_SURROGATE = 'mitad \ud800 de emoji';
export const LONE_LOW_SURROGATE = '\udc00 al revés';
export const LONG_10K = 'ñ'.repeat(10_000);
/** Longer than a Strapi `string` column (varchar(255) on PostgreSQL). */
export const OVER_VARCHAR = 'v'.repeat(300);
export const JUST_OVER_255 = 'w'.repeat(256);
/** A JSON object body over the 256 KB limit of every JSON route. */
export const OVERSIZED_JSON = JSON.stringify({ relleno: 'x'.repeat(300 * 1024) });

/** A small deterministic PRNG (mulberry32): the same seed always yields the same junk. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick needs a non-empty list');
  return item;
}

function nested(depth: number, leaf: Json): Json {
  let value: Json = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? { capa: value } : [value];
  return value;
}

/** Values put in place of one field of a valid body (or inside it). */
export const JUNK_VALUES: readonly { kind: string; value: Json }[] = [
  { kind: 'nul', value: NUL_TEXT },
  { kind: 'only-nul', value: '\u0000' },
  { kind: 'lone-high-surrogate', value: LONE_HIGH_SURROGATE },
  { kind: 'lone-low-surrogate', value: LONE_LOW_SURROGATE },
  { kind: '10k-chars', value: LONG_10K },
  { kind: '256-chars', value: JUST_OVER_255 },
  { kind: '300-chars', value: OVER_VARCHAR },
  { kind: 'empty', value: '' },
  { kind: 'blank', value: '   ' },
  { kind: 'zero', value: 0 },
  { kind: 'negative', value: -1 },
  { kind: 'huge', value: 1e308 },
  { kind: 'huge-negative', value: -1e308 },
  { kind: 'unsafe-integer', value: 2 ** 53 + 2 },
  { kind: 'int32-overflow', value: 2 ** 31 },
  { kind: 'fraction', value: 0.5 },
  { kind: 'nan-text', value: 'NaN' },
  { kind: 'infinity-text', value: 'Infinity' },
  { kind: 'exponent-text', value: '1e999' },
  { kind: 'true', value: true },
  { kind: 'null', value: null },
  { kind: 'empty-array', value: [] },
  { kind: 'array-with-nul', value: [NUL_TEXT, 1] },
  { kind: 'object', value: { a: 1 } },
  { kind: 'object-with-nul', value: { a: NUL_TEXT } },
  { kind: 'operator', value: { $ne: '', $gt: 0 } },
  { kind: 'deep-60', value: nested(60, NUL_TEXT) },
  { kind: 'long-array', value: Array.from({ length: 5000 }, (_, i) => i) },
  { kind: 'thirty-20-char-texts', value: Array.from({ length: 30 }, (_, i) => `T${String(i).padStart(19, '0')}`) },
  { kind: 'sql-like', value: "'; DROP TABLE orders; --" },
];

/** Keys added to an object of a valid body. */
export const JUNK_KEYS: readonly string[] = ['clave\u0000nul', '\ud800', 'k'.repeat(10_000), '__proto__', 'constructor', ''];

/** Replacements of a path segment (already percent-encoded as sent on the wire). */
export const JUNK_SEGMENTS: readonly string[] = [
  '%00',
  'abc%00def',
  '%E0%A4%A',
  '%ff',
  '%ED%A0%80',
  '%C0%80',
  '%uD800',
  '%',
  'a'.repeat(10_000),
  'b'.repeat(300),
  '-1',
  '0',
  '1e999',
  'NaN',
  '%20',
  '..%2F..%2Fetc%2Fpasswd',
  '%25%30%30',
  "'%20OR%201%3D1",
  '9'.repeat(40),
  '%F0%9F%98%80',
];

/** Values of query parameters (already percent-encoded). */
export const JUNK_QUERY_VALUES: readonly string[] = [
  '%00',
  'x%00y',
  '%E0%A4%A',
  '%ff',
  '%ED%A0%80',
  '%',
  'q'.repeat(10_000),
  'r'.repeat(300),
  '-1',
  '0',
  '99999999999999999999999',
  '1e999',
  'NaN',
  'Infinity',
  '1.5',
  'true',
  'all',
  '2024-13-45',
  '0000-00-00',
  '9999-12-31',
  '%27%3B--',
  '',
];

/** Whole bodies that are not the JSON object a route expects: [content type, raw bytes]. */
export const JUNK_BODIES: readonly { kind: string; contentType: string; body: string | Buffer }[] = [
  { kind: 'truncated-json', contentType: 'application/json', body: '{"a":' },
  { kind: 'trailing-brace', contentType: 'application/json', body: '{"a":1}}' },
  { kind: 'single-quotes', contentType: 'application/json', body: "{'a':1}" },
  { kind: 'raw-nul-in-json', contentType: 'application/json', body: '{"a":"\u0000"}' },
  { kind: 'escaped-nul-key', contentType: 'application/json', body: '{"\\u0000":"\\u0000"}' },
  { kind: 'escaped-surrogate', contentType: 'application/json', body: '{"a":"\\udfff\\ud800"}' },
  {
    kind: 'invalid-utf8',
    contentType: 'application/json',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0x22, 0x7d]),
  },
  { kind: 'top-level-array', contentType: 'application/json', body: '[1,2,3]' },
  { kind: 'top-level-string', contentType: 'application/json', body: '"hola"' },
  { kind: 'top-level-number', contentType: 'application/json', body: '12' },
  { kind: 'top-level-null', contentType: 'application/json', body: 'null' },
  { kind: 'empty-json', contentType: 'application/json', body: '' },
  { kind: 'deep-arrays', contentType: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { kind: 'deep-objects', contentType: 'application/json', body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` },
  { kind: 'huge-number', contentType: 'application/json', body: `{"a":1${'0'.repeat(400)}}` },
  { kind: 'json-as-text', contentType: 'text/plain', body: '{"a":"\u0000"}' },
  { kind: 'form-with-nul', contentType: 'application/x-www-form-urlencoded', body: 'a=%00&b%00=1&c[d][e]=%ff' },
  { kind: 'multipart-without-boundary', contentType: 'multipart/form-data', body: 'garbage' },
  {
    kind: 'multipart-junk',
    contentType: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="a\u0000b"\r\n\r\nvalor\u0000\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--xyz--\r\n',
  },
  { kind: 'xml', contentType: 'application/xml', body: '<a>\u0000</a>' },
  { kind: 'json-latin1', contentType: 'application/json; charset=latin1', body: Buffer.from('{"a":"\xf1\x00"}', 'latin1') },
  { kind: 'unknown-charset', contentType: 'application/json; charset=klingon', body: '{"a":1}' },
  { kind: 'oversized-json', contentType: 'application/json', body: OVERSIZED_JSON },
];

export interface RawRequest {
  method: string;
  /** The request target as sent on the wire, e.g. /api/products/%00?limit=%ff */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type RawAnswer = { ok: true; status: number; text: string } | { ok: false; error: string };

/**
 * One HTTP request on its own connection, with the path and body sent exactly as given (fetch would normalize
 * the URL and refuses bodies on GET). A connection closed or reset before an answer is reported as an error.
 */
export function rawRequest(baseUrl: string, request: RawRequest, timeoutMs = 20_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: hostname,
        port: Number(port),
        method: request.method,
        path: request.path,
        agent: false,
        headers: { connection: 'close', ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      });
    } catch (err) {
      // Node refuses to send some targets (e.g. raw control characters): not the server's fault, but the
      // fuzz must never build such a request, so it is reported.
      finish({ ok: false, error: `client refused to send: ${err instanceof Error ? err.message : String(err)}` });
      return;
    }
    req.setTimeout(timeoutMs, () => {
      finish({ ok: false, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    });
    let status: number | null = null;
    const chunks: Buffer[] = [];
    const answerSoFar = () => ({ ok: true as const, status: status ?? 0, text: Buffer.concat(chunks).toString('utf8') });
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => finish(answerSoFar()));
      res.on('error', (err) => finish({ ok: false, error: `answer cut (${status}): ${err.message}` }));
    });
    // A server that answers (e.g. 413) before reading the whole body may reset the socket while the rest is
    // written: once the status line has arrived, that is an answer, not a dropped connection.
    req.on('error', (err) => finish(status !== null ? answerSoFar() : { ok: false, error: `connection dropped: ${err.message}` }));
    req.end(body);
  });
}

/** The `message` of a JSON error answer, or null when the answer is not `{message: string}`. */
export function messageOf(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON
  }
  return null;
}
