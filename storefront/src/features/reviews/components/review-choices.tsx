import type { UseFormRegisterReturn } from 'react-hook-form';
import { Star } from 'lucide-react';
import { REVIEW_FIT_LABELS, REVIEW_FITS } from '@shop/shared';
import { starChoiceText } from '../review-text';

export const STAR_VALUES = ['1', '2', '3', '4', '5'] as const;

interface ChoiceProps {
  /** The form's prefix for ids (one form per order line). */
  idPrefix: string;
  field: UseFormRegisterReturn;
  /** The field's Spanish error, under the group. */
  error?: string;
}

function GroupError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/** "Tu calificación": five radios named "1 estrella" … "5 estrellas", drawn as stars filled up to the chosen one. */
export function StarsChoice({ idPrefix, field, error, value }: ChoiceProps & { value: string | null | undefined }) {
  const chosen = Number(value) || 0;
  const errorId = `${idPrefix}-stars-error`;
  return (
    <fieldset className="star-choice" aria-describedby={error ? errorId : undefined} data-testid="stars-choice">
      <legend>Tu calificación</legend>
      <div className="star-choice__options">
        {STAR_VALUES.map((v) => (
          <label key={v} className={`star-choice__option${Number(v) <= chosen ? ' star-choice__option--on' : ''}`}>
            <input {...field} type="radio" value={v} className="visually-hidden" aria-invalid={error ? true : undefined} />
            <Star className="star-choice__icon" size={30} strokeWidth={1.5} fill="currentColor" aria-hidden="true" focusable="false" />
            <span className="visually-hidden">{starChoiceText(Number(v))}</span>
          </label>
        ))}
        <span className="star-choice__text muted small" aria-hidden="true">
          {chosen > 0 ? starChoiceText(chosen) : ''}
        </span>
      </div>
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

/** "¿Cómo te quedó el talle M?": chico, justo or grande, as three radios. */
export function FitChoice({ idPrefix, field, error, size }: ChoiceProps & { size: string }) {
  const errorId = `${idPrefix}-fit-error`;
  return (
    <fieldset className="fit-choice" aria-describedby={error ? errorId : undefined} data-testid="fit-choice">
      <legend>{size ? `¿Cómo te quedó el talle ${size}?` : '¿Cómo te quedó?'}</legend>
      <div className="fit-choice__options">
        {REVIEW_FITS.map((fit) => (
          <label key={fit} className="fit-choice__option">
            <input {...field} type="radio" value={fit} className="visually-hidden" aria-invalid={error ? true : undefined} />
            <span className="fit-choice__text">{REVIEW_FIT_LABELS[fit]}</span>
          </label>
        ))}
      </div>
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}
