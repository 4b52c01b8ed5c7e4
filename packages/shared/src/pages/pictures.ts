/**
 * Resized copies of the shop's pictures. Every product picture stored by the shop (`/uploads/...`) or shipped with
 * the demo catalogue (`/images/...`) gets copies in a few widths, written once under `/uploads/variants/`, so pages
 * can offer `srcset` and link previews can point at a 1200-px-wide picture. Pictures from elsewhere get none.
 */
export const PICTURE_WIDTHS = [320, 640, 960, 1200] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
export type PictureFormat = 'webp' | 'avif' | 'jpg';

/** The width link previews use (Open Graph, Twitter cards). */
export const PREVIEW_PICTURE_WIDTH: PictureWidth = 1200;

const LOCAL_PICTURE = /^\/(uploads|images)\/(?!variants\/)([A-Za-z0-9._\-/]+)\.(?:jpe?g|png|webp)$/i;

/** `/uploads/a.png` → `/uploads/variants/a-640.webp`; `/images/b.webp` → `/uploads/variants/images/b-640.webp`; else null. */
export function pictureVariantUrl(url: string, width: PictureWidth, format: PictureFormat): string | null {
  const match = LOCAL_PICTURE.exec(url);
  if (!match) return null;
  const [, root, stem] = match;
  if (!stem || stem.split('/').includes('..')) return null;
  const folder = root === 'images' ? 'images/' : '';
  return `/uploads/variants/${folder}${stem}-${width}.${format}`;
}

/**
 * How wide a catalogue card's picture is drawn, by the grid's columns (2 on phones, 3 from 760 px, 4 from 1080 px in
 * a container of at most 1200 px). The storefront's `<img sizes>` and the server's preload hint use the same value,
 * so the browser picks the same copy for both and fetches it once.
 */
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
