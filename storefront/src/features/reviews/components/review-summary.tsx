import { fitSummaryText, REVIEW_FIT_LABELS, REVIEW_FITS, type ReviewSummary as Summary } from '@shop/shared';
import { formatAverage, reviewCountText, starChoiceText } from '../review-text';
import { Stars } from './stars';

const STAR_ROWS = [5, 4, 3, 2, 1] as const;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** The stars' rows: "5 ★ ▇▇▇▇ 2", each read as "5 estrellas: 2 opiniones (67 %)". */
function StarBars({ summary }: { summary: Summary }) {
  return (
    <ul className="review-bars" aria-label="Opiniones por cantidad de estrellas" data-testid="review-bars">
      {STAR_ROWS.map((stars) => {
        const count = summary.stars[stars];
        const share = percent(count, summary.count);
        return (
          <li key={stars} className="review-bars__row">
            <span className="review-bars__label" aria-hidden="true">
              {stars} ★
            </span>
            <span className="review-bars__track" aria-hidden="true">
              <span className="review-bars__fill" style={{ width: `${share}%` }} />
            </span>
            <span className="review-bars__count" aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">{`${starChoiceText(stars)}: ${reviewCountText(count)} (${share} %)`}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** How the size fitted: "La mayoría dice que calza justo" and the count of each answer. */
function FitSummary({ fit }: { fit: Summary['fit'] }) {
  const text = fitSummaryText(fit);
  if (!text) return null;
  return (
    <div className="review-fit" data-testid="review-fit">
      <p className="review-fit__headline">
        <strong>{text}</strong>
      </p>
      <ul className="review-fit__list">
        {REVIEW_FITS.map((answer) => (
          <li key={answer}>
            {REVIEW_FIT_LABELS[answer]}: <strong>{fit[answer]}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The product's figures: the average, how many opinions, the stars' spread and how the size fitted. */
export function ReviewSummary({ summary }: { summary: Summary }) {
  return (
    <div className="review-summary" data-testid="review-summary">
      <div className="review-summary__score">
        <p className="review-summary__average" data-testid="review-average">
          {formatAverage(summary.average)}
          <span className="visually-hidden"> de 5</span>
        </p>
        <Stars value={summary.average} size={20} />
        <p className="muted small" data-testid="review-count">
          {reviewCountText(summary.count)}
        </p>
      </div>
      <StarBars summary={summary} />
      <FitSummary fit={summary.fit} />
    </div>
  );
}
