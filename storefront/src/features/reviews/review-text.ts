import { SHOP_TIME_ZONE } from '@shop/shared';

/** An average as the page writes it: `4,5`, `5` (es-AR, at most one decimal). */
export function formatAverage(value: number): string {
  return value.toLocaleString('es-AR', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
}

/** What the stars say to a screen reader: `4,5 de 5 estrellas`. */
export function starsLabel(value: number): string {
  return `${formatAverage(value)} de 5 estrellas`;
}

/** `1 opinión`, `3 opiniones`. */
export function reviewCountText(count: number): string {
  return count === 1 ? '1 opinión' : `${count.toLocaleString('es-AR')} opiniones`;
}

/** `1 estrella`, `4 estrellas`: the names of the rating's choices. */
export function starChoiceText(stars: number): string {
  return stars === 1 ? '1 estrella' : `${stars} estrellas`;
}

/** The day a review was written, in the shop's time zone: `12 de marzo de 2026` ('' when unreadable). */
export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('es-AR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE });
}
