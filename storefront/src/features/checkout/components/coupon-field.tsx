import { useId, useState, type KeyboardEvent } from 'react';

export interface CouponOutcomeView {
  code: string;
  applied: boolean;
  message: string | null;
}

interface CouponFieldProps {
  /** The code asked for (null: none). */
  code: string | null;
  /** What the last quote said of it (absent while it is being priced). */
  outcome: CouponOutcomeView | null;
  /** A quote is on its way. */
  pending: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * "¿Tenés un cupón?": the code goes into the quote; the server says whether it applies and, if not, why (in an
 * aria-live region). Only an applied coupon goes with the order.
 */
export function CouponField({ code, outcome, pending, onApply, onRemove }: CouponFieldProps) {
  const inputId = useId();
  const [typed, setTyped] = useState(code ?? '');
  const current = outcome && code && outcome.code === code.trim().toUpperCase() ? outcome : null;
  const apply = () => {
    const value = typed.trim();
    if (value) onApply(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter applies the coupon instead of submitting the whole order.
    event.preventDefault();
    apply();
  };
  return (
    <div className="coupon" data-testid="coupon">
      {current?.applied ? (
        <div className="coupon__applied">
          <p className="coupon__ok" data-testid="coupon-applied">
            Cupón <strong>{current.code}</strong> aplicado
          </p>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              setTyped('');
              onRemove();
            }}
          >
            Quitar
          </button>
        </div>
      ) : (
        <div className="field coupon__field">
          <label htmlFor={inputId}>¿Tenés un cupón?</label>
          <div className="coupon__row">
            <input
              id={inputId}
              value={typed}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={onKeyDown}
              aria-describedby={`${inputId}-status`}
              aria-invalid={current && !current.applied ? true : undefined}
              data-testid="coupon-input"
            />
            <button type="button" className="btn btn--outline" onClick={apply} disabled={typed.trim() === '' || (pending && code !== null)}>
              Aplicar
            </button>
          </div>
        </div>
      )}
      <p id={`${inputId}-status`} className="coupon__status small" role="status" aria-live="polite" data-testid="coupon-status">
        {code && pending && !current ? 'Revisando el cupón…' : current && !current.applied ? current.message : ''}
      </p>
    </div>
  );
}
