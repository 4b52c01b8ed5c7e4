import { PICTURE_WIDTHS, pictureVariantUrl } from '@shop/shared/pictures';

/*
 * Picture hints that both the pages and the head-start script use (this file must not import zod or React: the
 * head-start script stays a few hundred bytes).
 */

/** Card widths by the grid's columns (2 on phones, 3 from 760 px, 4 from 1080 px in a container of at most 1200 px). */
export const CARD_PICTURE_SIZES = '(min-width: 1240px) 285px, (min-width: 1080px) 23vw, (min-width: 760px) 31vw, 48vw';

/** How wide the product page's main picture is drawn: the whole width on phones, about half the container on wide screens. */
export const GALLERY_PICTURE_SIZES = '(min-width: 960px) 600px, 100vw';

/** `srcset` of a shop picture's WebP copies (320 … 1200 px wide), or null for a picture from elsewhere. */
export function pictureSrcSet(src: string): string | null {
  const entries = PICTURE_WIDTHS.map((width) => {
    const url = pictureVariantUrl(src, width, 'webp');
    return url ? `${url} ${width}w` : null;
  });
  return entries.every(Boolean) ? entries.join(', ') : null;
}

/**
 * Asks for the picture a page will show first before the page's own code has rendered it (`<link rel=preload>` with
 * the same srcset and sizes, so the `<img>` reuses what was fetched): the picture no longer waits for the screen's
 * chunk. Does nothing for inline pictures.
 */
export function preloadPicture(src: string, sizes: string): void {
  if (!src.trim() || src.startsWith('data:')) return;
  const srcSet = pictureSrcSet(src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', sizes);
  } else {
    link.href = src;
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
