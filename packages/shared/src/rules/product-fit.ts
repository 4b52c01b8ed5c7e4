// How a model fits, learned from the shop's own exchanges and returns: each unit exchanged for a larger size (or
// returned as "Me quedó chico") says the model runs small; each one exchanged for a smaller size (or returned as
// "Me quedó grande") says it runs large. Pure: the server counts the stored requests with it, the tests on known data.
import type { ProductFit } from './size-finder.js';

/** Fewer than this many units exchanged or returned for size: no fit note (the owner's setting, `returns.fitMinimum`). */
export const DEFAULT_FIT_MINIMUM = 5;
/** The share of those units that must go one way for the model to "run" small or large; otherwise it is true to size. */
export const FIT_MAJORITY = 0.6;

/** What a request line records that the fit reads (a subset of `ReturnLine`). */
export interface FitLine {
  kind: 'exchange' | 'return';
  reason: string;
  quantity: number;
  from: { size: string | null };
  to: { size: string | null } | null;
}

export type FitMove = 'up' | 'down';

const sizeKey = (size: string | null | undefined) => (size ?? '').trim().toUpperCase();

/**
 * The way one line moved: an exchange between two sizes of the product's order moves up or down by that order
 * (whatever reason she gave); a line without that (a return, a colour exchange, a size the order does not know)
 * moves by its reason, `size_small` up and `size_large` down; anything else says nothing of the fit.
 */
export function fitMove(line: FitLine, sizeOrder: readonly string[]): FitMove | null {
  const order = sizeOrder.map(sizeKey);
  if (line.kind === 'exchange' && line.to) {
    const from = order.indexOf(sizeKey(line.from.size));
    const to = order.indexOf(sizeKey(line.to.size));
    if (from >= 0 && to >= 0 && from !== to) return to > from ? 'up' : 'down';
  }
  if (line.reason === 'size_small') return 'up';
  if (line.reason === 'size_large') return 'down';
  return null;
}

/** Units that moved, in all and per size given (the size she bought). */
export interface FitCounts {
  up: number;
  down: number;
  /** Units in exchanges of any reason (the share of sales exchanged counts these). */
  exchanged: number;
  bySize: Record<string, { up: number; down: number; exchanged: number }>;
}

export function countFit(lines: readonly FitLine[], sizeOrder: readonly string[]): FitCounts {
  const counts: FitCounts = { up: 0, down: 0, exchanged: 0, bySize: {} };
  for (const line of lines) {
    const units = Number.isInteger(line.quantity) && line.quantity > 0 ? line.quantity : 0;
    if (units === 0) continue;
    const size = sizeKey(line.from.size) || '—';
    const at = (counts.bySize[size] ??= { up: 0, down: 0, exchanged: 0 });
    if (line.kind === 'exchange') {
      counts.exchanged += units;
      at.exchanged += units;
    }
    const move = fitMove(line, sizeOrder);
    if (move) {
      counts[move] += units;
      at[move] += units;
    }
  }
  return counts;
}

/**
 * The fit figure from the counts: null below the owner's minimum of units; 'small' when at least 60 % of them went
 * up a size, 'large' when as many went down, 'true' (true to size) when neither way has that majority.
 */
export function fitFigure(counts: Pick<FitCounts, 'up' | 'down'>, minimum: number): FitFigure | null {
  const basedOn = counts.up + counts.down;
  if (basedOn === 0 || basedOn < minimum) return null;
  const direction = counts.up >= basedOn * FIT_MAJORITY ? 'small' : counts.down >= basedOn * FIT_MAJORITY ? 'large' : 'true';
  return { direction, basedOn };
}

/** The product page's note (es-AR). */
export const FIT_NOTES: Record<ProductFit['direction'], string> = {
  small: 'La mayoría de las clientas eligió un talle más',
  large: 'La mayoría de las clientas eligió un talle menos',
  true: 'Calza según la guía de talles',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Según 6 cambios de talle" (one unit: "Según 1 cambio de talle"); with approved reviews among the sources, each
 * source with its count: "Según 3 cambios de talle y 12 opiniones", "Según 12 opiniones".
 */
export function fitBasis(basedOn: number, sources?: FitSources): string {
  const reviews = sources ? sources.reviews.small + sources.reviews.true + sources.reviews.large : 0;
  if (!sources || reviews === 0) return `Según ${plural(basedOn, 'cambio', 'cambios')} de talle`;
  const exchanges = sources.exchanges.up + sources.exchanges.down;
  const parts = [exchanges > 0 ? plural(exchanges, 'cambio de talle', 'cambios de talle') : '', plural(reviews, 'opinión', 'opiniones')];
  return `Según ${parts.filter(Boolean).join(' y ')}`;
}

/**
 * What a move of the size finder's answer rests on, per source, the way the fit goes: "12 compradoras que dicen que
 * calza chico y 3 cambios por talle"; '' without sources or for a model true to size.
 */
export function fitEvidence(fit: Pick<ProductFit, 'direction' | 'sources'>): string {
  if (!fit.sources || fit.direction === 'true') return '';
  const small = fit.direction === 'small';
  const said = small ? fit.sources.reviews.small : fit.sources.reviews.large;
  const moved = small ? fit.sources.exchanges.up : fit.sources.exchanges.down;
  const says = said === 1 ? 'dice' : 'dicen';
  return [
    said > 0 ? `${plural(said, 'compradora', 'compradoras')} que ${says} que calza ${small ? 'chico' : 'grande'}` : '',
    moved > 0 ? plural(moved, 'cambio por talle', 'cambios por talle') : '',
  ]
    .filter(Boolean)
    .join(' y ');
}

/** What approved reviews say of the fit: "Me quedó chico" (a size up), "Justo", "Me quedó grande" (a size down). */
export interface ReviewFitVotes {
  small: number;
  true: number;
  large: number;
}

/** The figure: the way the model fits and how many units and answers it rests on. */
export type FitFigure = Required<Pick<ProductFit, 'direction' | 'basedOn'>>;

/** What the figure rests on, per source: units exchanged or returned for size up and down, approved reviews' answers. */
export interface FitSources {
  exchanges: Pick<FitCounts, 'up' | 'down'>;
  reviews: ReviewFitVotes;
}

/**
 * The fit figure from exchanges and reviews together: a review that says "chico" counts as a unit that went up a
 * size, "grande" as one that went down, "justo" as one that stayed (it weighs against either way). Below the owner's
 * minimum of joint evidence: null. Without reviews it is `fitFigure`.
 */
export function jointFitFigure(counts: Pick<FitCounts, 'up' | 'down'>, votes: ReviewFitVotes, minimum: number): FitFigure | null {
  const up = counts.up + votes.small;
  const down = counts.down + votes.large;
  const basedOn = up + down + votes.true;
  if (basedOn === 0 || basedOn < minimum) return null;
  const direction = up >= basedOn * FIT_MAJORITY ? 'small' : down >= basedOn * FIT_MAJORITY ? 'large' : 'true';
  return { direction, basedOn };
}
