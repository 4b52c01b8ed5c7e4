interface SizePickerProps {
  sizes: readonly string[];
  value: string | null;
  onChange: (size: string) => void;
  /** Sizes without units: shown struck through, announced as "agotada" and not selectable. */
  soldOut?: readonly string[];
  /** Id of the error text that describes the group, when there is one. */
  describedBy?: string;
  testId?: string;
}

/** The product's sizes as toggle chips ('Talla'); nothing when the product has no sizes. */
export function SizePicker({ sizes, value, onChange, soldOut = [], describedBy, testId }: SizePickerProps) {
  if (sizes.length === 0) return null;
  const anySoldOut = sizes.some((s) => soldOut.includes(s));
  return (
    <fieldset className="size-picker" aria-describedby={describedBy}>
      <legend>Talla</legend>
      <div className="chip-row" data-testid={testId}>
        {sizes.map((s) => {
          const out = soldOut.includes(s);
          return (
            <button
              key={s}
              type="button"
              className={`chip ${value === s ? 'chip--active' : ''} ${out ? 'chip--soldout' : ''}`}
              aria-pressed={value === s}
              // Still focusable (aria-disabled, not disabled) so that screen readers hear the size exists but is out.
              aria-disabled={out || undefined}
              aria-label={out ? `${s}, agotada` : undefined}
              title={out ? `Talla ${s} agotada` : undefined}
              onClick={() => {
                if (!out) onChange(s);
              }}
            >
              {s}
            </button>
          );
        })}
      </div>
      {anySoldOut && <p className="size-picker__note muted small">Las tallas tachadas están agotadas.</p>}
    </fieldset>
  );
}
