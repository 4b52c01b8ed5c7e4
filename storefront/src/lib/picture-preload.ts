import { pictureSrcSet } from '@shop/shared/pictures';

/*
 * Picture hints that both the pages and the head-start script use (this file must not import zod or React: the
 * head-start script stays a few hundred bytes). The sizes and the srcset come from the shared package, where the
 * server's page heads read them too.
 */
export { CARD_PICTURE_SIZES, GALLERY_PICTURE_SIZES, pictureSrcSet } from '@shop/shared/pictures';

function alreadyAskedFor(srcSet: string | null, src: string): boolean {
  return Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')).some((link) =>
    srcSet ? link.getAttribute('imagesrcset') === srcSet : link.getAttribute('href') === src,
  );
}

/**
 * Asks for the picture a page will show first before the page's own code has rendered it (`<link rel=preload>` with
 * the same srcset and sizes, so the `<img>` reuses what was fetched): the picture no longer waits for the screen's
 * chunk. Does nothing for inline pictures, nor when the page (its server-built head, or an earlier call) already
 * asks for it.
 */
export function preloadPicture(src: string, sizes: string): void {
  if (!src.trim() || src.startsWith('data:')) return;
  const srcSet = pictureSrcSet(src);
  if (alreadyAskedFor(srcSet, src)) return;
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
