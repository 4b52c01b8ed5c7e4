import { categoryFirstPageParams } from '@shop/shared/page-answers';
import { startEarlyRequest } from '@/lib/early-requests';
import { CARD_PICTURE_SIZES, GALLERY_PICTURE_SIZES, preloadPicture } from '@/lib/picture-preload';

/*
 * Runs before the shop's code has downloaded (its own small script in index.html): a product or category page opened
 * from a link asks for its catalogue answer right away (unless the page carries it, see lib/early-requests.ts), then
 * for the first picture that answer names (unless the server's head already asks for it), so both are there when
 * the page renders. The requests are the ones the pages make (same path and parameters: a category opens
 * on page 1, sorted by name); a page that asks for something else simply does not use them. The answer is only read
 * here for a picture hint; the page validates it with its schema before showing anything.
 */
const apiUrl = (import.meta.env.VITE_API_URL || '/api').replace(/\/+$/, '');

function segment(prefix: string): string | null {
  const { pathname } = window.location;
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/$/, '');
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/** The first non-empty thumbnail of a product as the API sent it (the same picture the page shows first). */
function firstPicture(product: unknown): string | null {
  if (typeof product !== 'object' || product === null || !('thumbnails' in product)) return null;
  const { thumbnails } = product;
  if (!Array.isArray(thumbnails)) return null;
  const found: unknown = thumbnails.find((t) => typeof t === 'string' && t.trim() !== '');
  return typeof found === 'string' ? found : null;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && name in body ? (body as Record<string, unknown>)[name] : undefined;
}

function preloadFirst(answer: Promise<unknown> | null, pick: (body: unknown) => unknown, sizes: string): void {
  void answer?.then((body) => {
    const picture = firstPicture(pick(body));
    if (picture) preloadPicture(picture, sizes);
  });
}

const product = segment('/product/');
const category = segment('/category/');
if (product) {
  const answer = startEarlyRequest(apiUrl, `/products/${encodeURIComponent(product)}`);
  preloadFirst(answer, (body) => field(body, 'product'), GALLERY_PICTURE_SIZES);
} else if (category) {
  const answer = startEarlyRequest(apiUrl, '/products', categoryFirstPageParams(category));
  preloadFirst(
    answer,
    (body) => {
      const payload = field(body, 'payload');
      return Array.isArray(payload) ? payload[0] : undefined;
    },
    CARD_PICTURE_SIZES,
  );
}
