import { useId } from 'react';

/** Where each body measurement is taken on the figure (y of the tape), found by words of the guide's header. */
const SPOTS = [
  { match: /bajo busto/, y: 92, x1: 36, x2: 124, label: 'Bajo busto' },
  { match: /busto/, y: 72, x1: 31, x2: 129, label: 'Busto' },
  { match: /cintura/, y: 122, x1: 43, x2: 117, label: 'Cintura' },
  { match: /cadera/, y: 168, x1: 31, x2: 129, label: 'Cadera' },
] as const;

/** The spot of a measure key ("contorno bajo busto" → under the bust), or undefined for one the figure lacks. */
function spotOf(key: string) {
  return SPOTS.find((s) => s.match.test(key));
}

/** A simple front view of a torso with a tape line where each of the guide's measurements is taken. */
export function SizeFinderFigure({ keys }: { keys: readonly string[] }) {
  const titleId = useId();
  const spots = [...new Set(keys.map(spotOf).filter((s) => s !== undefined))];
  if (spots.length === 0) return null;
  return (
    <svg className="size-finder__figure" viewBox="0 0 240 215" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{`Dónde medir: ${spots.map((s) => s.label.toLowerCase()).join(', ')}, con la cinta horizontal.`}</title>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-finder__body">
        <path d="M68 8 C68 20 60 24 40 28 C32 30 29 40 31 58 C33 82 40 102 44 122 C40 142 31 155 30 178 L32 210" />
        <path d="M92 8 C92 20 100 24 120 28 C128 30 131 40 129 58 C127 82 120 102 116 122 C120 142 129 155 130 178 L128 210" />
        <path d="M46 62 Q60 88 78 72 M82 72 Q100 88 114 62" />
      </g>
      {spots.map((spot) => (
        <g key={spot.label} className="size-finder__tape">
          <line x1={spot.x1} y1={spot.y} x2={spot.x2} y2={spot.y} strokeWidth="3" strokeDasharray="6 4" stroke="currentColor" />
          <line x1={spot.x2 + 2} y1={spot.y} x2="140" y2={spot.y} strokeWidth="1" stroke="currentColor" />
          <text x="144" y={spot.y + 5} fontSize="15" fill="currentColor">
            {spot.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
