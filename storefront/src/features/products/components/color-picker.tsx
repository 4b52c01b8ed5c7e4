import type { Product } from '@shop/shared';

interface ColorPickerProps {
  colors: Product['colors'];
  value: string | undefined;
  onChange: (color: string) => void;
}

/** The product's colours as swatches ('Color: …'); nothing when the product has no colours. */
export function ColorPicker({ colors, value, onChange }: ColorPickerProps) {
  if (colors.length === 0) return null;
  return (
    <fieldset className="color-picker">
      <legend>
        Color: <span className="muted">{value}</span>
      </legend>
      <div className="chip-row">
        {colors.map((c) => (
          <button
            key={c.name}
            type="button"
            className={`swatch ${value === c.name ? 'swatch--active' : ''}`}
            style={{ background: c.value || '#ccc' }}
            aria-pressed={value === c.name}
            aria-label={c.name}
            title={c.name}
            onClick={() => onChange(c.name)}
          />
        ))}
      </div>
    </fieldset>
  );
}
