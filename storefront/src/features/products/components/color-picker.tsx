import type { Product } from '@shop/shared';

interface ColorPickerProps {
  colors: Product['colors'];
  value: string | undefined;
  onChange: (color: string) => void;
  /** Colours without units in any size: struck through and announced as "agotado" (still selectable). */
  soldOut?: readonly string[];
  testId?: string;
}

/**
 * The product's colours. Several: swatches ('Color: …'), each a toggle button named "Color Nude" for screen readers.
 * One: its name as text, nothing to choose. None: nothing.
 */
export function ColorPicker({ colors, value, onChange, soldOut = [], testId = 'color-selector' }: ColorPickerProps) {
  const [only] = colors;
  if (!only) return null;
  if (colors.length === 1) {
    return (
      <p className="color-picker color-picker--single" data-testid={testId}>
        <span className="swatch swatch--static" style={{ background: only.value || '#ccc' }} aria-hidden="true" />
        Color: <span className="muted">{only.name}</span>
      </p>
    );
  }
  return (
    <fieldset className="color-picker">
      <legend>
        Color: <span className="muted">{value}</span>
      </legend>
      <div className="chip-row" data-testid={testId}>
        {colors.map((c) => {
          const out = soldOut.includes(c.name);
          const chosen = value === c.name;
          return (
            <button
              key={c.name}
              type="button"
              className={`swatch ${chosen ? 'swatch--active' : ''} ${out ? 'swatch--soldout' : ''}`}
              style={{ background: c.value || '#ccc' }}
              aria-pressed={chosen}
              aria-label={out ? `Color ${c.name}, agotado` : `Color ${c.name}`}
              title={out ? `${c.name} (agotado)` : c.name}
              onClick={() => onChange(c.name)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
