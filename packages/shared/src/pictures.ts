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
