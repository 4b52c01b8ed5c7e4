import { useState, type CSSProperties } from 'react';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';
import { pictureSrcSet } from '@/lib/picture-preload';

/**
 * `fetchpriority="high"` for the first picture in view. React 18 does not know `fetchPriority` yet; the lowercase
 * attribute goes to the DOM as written.
 */
export const HIGH_FETCH_PRIORITY: Readonly<Record<string, string>> = { fetchpriority: 'high' };

/** The demo pictures and the ones staff upload for the catalogue are portraits, 4:5. */
export const PICTURE_ASPECT = { width: 1200, height: 1500 } as const;

export { pictureSrcSet, preloadPicture } from '@/lib/picture-preload';

interface ProductPictureProps {
  src: string;
  alt: string;
  /** How wide the picture is drawn, as the `sizes` attribute (e.g. `(min-width: 960px) 25vw, 50vw`). */
  sizes: string;
  /**
   * The first picture in view (first row of cards, the product page's main picture): fetched at once with high
   * priority. Every other picture loads lazily, when it comes close to the screen.
   */
  priority?: boolean;
  /** Intrinsic size, so the browser reserves the space before the picture arrives (no layout shift). */
  width?: number;
  height?: number;
  className?: string;
  style?: CSSProperties;
}

/**
 * A product picture: the shop's own pictures offer their WebP copies in `srcset` and let the browser pick the width
 * by `sizes`; a picture from elsewhere is shown as is. If a copy is missing (a picture uploaded before the copies
 * were made, until the start-up pass reaches it) the original is shown, and if that fails too, the placeholder.
 */
export function ProductPicture({
  src,
  alt,
  sizes,
  priority = false,
  width = PICTURE_ASPECT.width,
  height = PICTURE_ASPECT.height,
  className,
  style,
}: ProductPictureProps) {
  const wanted = src.trim() || PLACEHOLDER_IMAGE;
  // Which source failed last: the copies first, then the original.
  const [failed, setFailed] = useState<{ src: string; stage: 'copies' | 'original' } | null>(null);
  const stage = failed?.src === wanted ? failed.stage : null;
  const srcSet = stage === null ? pictureSrcSet(wanted) : null;
  const shown = stage === 'original' ? PLACEHOLDER_IMAGE : wanted;
  const priorityAttributes = priority ? HIGH_FETCH_PRIORITY : {};

  return (
    <img
      src={shown}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      className={className}
      style={style}
      {...priorityAttributes}
      onError={() => {
        if (shown === PLACEHOLDER_IMAGE) return;
        setFailed({ src: wanted, stage: srcSet ? 'copies' : 'original' });
      }}
    />
  );
}
