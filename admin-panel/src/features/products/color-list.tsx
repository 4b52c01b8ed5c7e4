import { useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { colorKey } from '@shop/shared';
import type { FormColor } from './product-form-model';

interface ColorListProps {
  colors: FormColor[];
  onChange: (colors: FormColor[]) => void;
}

const MAX_COLORS = 20;

/** The product's colours (each one a row of the stock grid): remove one, or add a name with its shade. */
export function ColorList({ colors, onChange }: ColorListProps) {
  const baseId = useId();
  const [name, setName] = useState('');
  const [value, setValue] = useState('#000000');
  const [error, setError] = useState<string | null>(null);

  function add() {
    const trimmed = name.trim().replace(/\s+/g, ' ');
    if (!trimmed) return setError('Escribí el nombre del color');
    if (colors.some((color) => colorKey(color.name) === colorKey(trimmed))) return setError(`El color "${trimmed}" ya está en la lista`);
    if (colors.length >= MAX_COLORS) return setError('Máximo 20 colores por producto');
    setError(null);
    onChange([...colors, { name: trimmed, value }]);
    setName('');
  }

  return (
    <div className="color-list">
      {colors.length === 0 ? (
        <p className="hint">Sin colores: el stock se carga en una sola fila.</p>
      ) : (
        <ul className="chip-group" aria-label="Colores del producto">
          {colors.map((color) => (
            <li key={color.name} className="chip color-chip">
              <span className="swatch" style={{ background: color.value }} aria-hidden="true" />
              {color.name}
              <button
                type="button"
                className="icon-button"
                onClick={() => onChange(colors.filter((c) => c !== color))}
                aria-label={`Quitar color ${color.name}`}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="color-add">
        <div className="field">
          <label htmlFor={`${baseId}-name`}>Nuevo color</label>
          <input
            id={`${baseId}-name`}
            type="text"
            maxLength={40}
            autoComplete="off"
            placeholder="Ej.: Nude"
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${baseId}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              // Enter adds the colour instead of sending the whole form.
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${baseId}-value`}>Tono</label>
          <input id={`${baseId}-value`} type="color" value={value} onChange={(e) => setValue(e.target.value)} />
        </div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={add} disabled={colors.length >= MAX_COLORS}>
          <Plus size={16} aria-hidden="true" /> Agregar color
        </button>
      </div>
      {error && (
        <p className="field-error" id={`${baseId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
