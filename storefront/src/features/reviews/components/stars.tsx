import { Star } from 'lucide-react';
import { starsLabel } from '../review-text';

function FiveStars({ size }: { size: number }) {
  return (
    <>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={size} strokeWidth={1.5} fill="currentColor" aria-hidden="true" focusable="false" />
      ))}
    </>
  );
}

interface StarsProps {
  /** 0 to 5, halves and tenths too (an average): the stars fill to that point. */
  value: number;
  /** The side of one star, in pixels. */
  size?: number;
  className?: string;
}

/** Five stars filled to `value`, one picture for screen readers: "4,5 de 5 estrellas". */
export function Stars({ value, size = 16, className }: StarsProps) {
  const shown = Math.max(0, Math.min(5, value));
  return (
    <span className={className ? `stars ${className}` : 'stars'} role="img" aria-label={starsLabel(shown)} data-testid="stars">
      <span className="stars__empty">
        <FiveStars size={size} />
      </span>
      <span className="stars__full" style={{ width: `${(shown / 5) * 100}%` }}>
        <FiveStars size={size} />
      </span>
    </span>
  );
}
