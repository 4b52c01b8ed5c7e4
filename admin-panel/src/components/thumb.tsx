import { useState } from 'react';
import { ImageOff } from 'lucide-react';

/** Small product image with a neutral placeholder when it is missing or broken. */
export function Thumb({ src, alt = '', size = 48 }: { src: string | null | undefined; alt?: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <span
        className="thumb thumb-empty"
        style={{ width: size, height: size }}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <ImageOff size={Math.round(size / 2.5)} aria-hidden="true" />
      </span>
    );
  }
  return <img src={src} alt={alt} className="thumb" style={{ width: size, height: size }} loading="lazy" onError={() => setBroken(true)} />;
}
