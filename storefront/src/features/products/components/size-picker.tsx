interface SizePickerProps {
  sizes: readonly string[];
  value: string | null;
  onChange: (size: string) => void;
  /** Id of the error text that describes the group, when there is one. */
  describedBy?: string;
  testId?: string;
}

/** The product's sizes as toggle chips ('Talla'); nothing when the product has no sizes. */
export function SizePicker({ sizes, value, onChange, describedBy, testId }: SizePickerProps) {
  if (sizes.length === 0) return null;
  return (
    <fieldset className="size-picker" aria-describedby={describedBy}>
      <legend>Talla</legend>
      <div className="chip-row" data-testid={testId}>
        {sizes.map((s) => (
          <button
            key={s}
            type="button"
            className={`chip ${value === s ? 'chip--active' : ''}`}
            aria-pressed={value === s}
            onClick={() => onChange(s)}
          >
            {s}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
