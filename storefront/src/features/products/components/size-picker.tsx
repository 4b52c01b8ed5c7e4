interface SizePickerProps {
  sizes: readonly string[];
  value: string | null;
  onChange: (size: string) => void;
  /** Sizes without units: shown struck through and announced as "agotada". */
  soldOut?: readonly string[];
  /** Sold-out sizes can be chosen (to ask for an alert when they are back); otherwise they are not selectable. */
  soldOutSelectable?: boolean;
  /** Id of the error text that describes the group, when there is one. */
  describedBy?: string;
  testId?: string;
}

/** The product's sizes as toggle chips ('Talla'); nothing when the product has no sizes. */
export function SizePicker({ sizes, value, onChange, soldOut = [], soldOutSelectable = false, describedBy, testId }: SizePickerProps) {
  if (sizes.length === 0) return null;
  const anySoldOut = sizes.some((s) => soldOut.includes(s));
  return (
    <fieldset className="size-picker" aria-describedby={describedBy}>
      <legend>Talla</legend>
      <div className="chip-row" data-testid={testId}>
        {sizes.map((s) => {
          const out = soldOut.includes(s);
          const locked = out && !soldOutSelectable;
          return (
            <button
              key={s}
              type="button"
              className={`chip ${value === s ? 'chip--active' : ''} ${out ? 'chip--soldout' : ''}`}
              aria-pressed={value === s}
              // Still focusable (aria-disabled, not disabled) so that screen readers hear the size exists but is out.
              aria-disabled={locked || undefined}
              aria-label={out ? `${s}, agotada` : undefined}
              title={out ? `Talla ${s} agotada` : undefined}
              onClick={() => {
                if (!locked) onChange(s);
              }}
            >
              {s}
            </button>
          );
        })}
      </div>
      {anySoldOut && (
        <p className="size-picker__note muted small">
          {soldOutSelectable
            ? 'Las tallas tachadas están agotadas. Elegí una y te avisamos cuando vuelva.'
            : 'Las tallas tachadas están agotadas.'}
        </p>
      )}
    </fieldset>
  );
}
