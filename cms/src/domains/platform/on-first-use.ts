import { createRequire } from 'node:module';

const load = createRequire(__filename);

/**
 * A library the shop loads the first time it is used instead of when it starts: the PDF and QR libraries (pdfkit with
 * its fonts, pdf-lib, qrcode) cost about a quarter of a second of CPU to load on a slow 2-core machine, on every
 * start of the shop (the container's and the 150 or so the tests make), for a ticket or a label asked for later.
 * The library's types come from an `import type` at the caller's; `id` is the name it is installed under.
 */
export function onFirstUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(id) as T);
}
