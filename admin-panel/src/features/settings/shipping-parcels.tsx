import type { Parcel } from '@shop/shared';
import { categoryLabel, useCategories } from '@/features/content';

/** A parcel as the form holds it: the four measures as typed. */
export type ParcelText = Record<keyof Parcel, string>;

const MEASURES: { key: keyof Parcel; label: string; max: number }[] = [
  { key: 'weight', label: 'Peso (g)', max: 30_000 },
  { key: 'length', label: 'Largo (cm)', max: 150 },
  { key: 'width', label: 'Ancho (cm)', max: 150 },
  { key: 'height', label: 'Alto (cm)', max: 150 },
];

export const EMPTY_PARCEL: ParcelText = { weight: '', length: '', width: '', height: '' };

export const parcelText = (parcel: Parcel): ParcelText => ({
  weight: String(parcel.weight),
  length: String(parcel.length),
  width: String(parcel.width),
  height: String(parcel.height),
});

/** The parcel typed, null when every measure is blank, or 'partial' when only some are. */
export function parcelOfText(text: ParcelText): Parcel | null | 'partial' {
  const filled = MEASURES.filter((m) => text[m.key].trim() !== '');
  if (filled.length === 0) return null;
  if (filled.length < MEASURES.length) return 'partial';
  return { weight: Number(text.weight), length: Number(text.length), width: Number(text.width), height: Number(text.height) };
}

interface ParcelInputsProps {
  id: string;
  legend: string;
  value: ParcelText;
  onChange: (value: ParcelText) => void;
  /** The measures used while these are blank (the shop's default). */
  placeholder?: ParcelText;
}

/** Four measures of one packed parcel, in grams and centimetres. */
export function ParcelInputs({ id, legend, value, onChange, placeholder }: ParcelInputsProps) {
  return (
    <fieldset className="parcel-inputs">
      <legend>{legend}</legend>
      <div className="form-grid">
        {MEASURES.map((m) => (
          <div className="field" key={m.key}>
            <label htmlFor={`${id}-${m.key}`}>{m.label}</label>
            <input
              id={`${id}-${m.key}`}
              type="number"
              min={1}
              max={m.max}
              step={1}
              inputMode="numeric"
              placeholder={placeholder?.[m.key]}
              value={value[m.key]}
              onChange={(e) => onChange({ ...value, [m.key]: e.target.value })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

interface ParcelDefaultsProps {
  defaultParcel: ParcelText;
  categoryParcels: Record<string, ParcelText>;
  onDefault: (value: ParcelText) => void;
  onCategory: (category: string, value: ParcelText) => void;
}

/**
 * The packed parcel a quote uses for a product that gives none: its category's (blank: the shop's default), so a quote
 * never lacks one.
 */
export function ParcelDefaults({ defaultParcel, categoryParcels, onDefault, onCategory }: ParcelDefaultsProps) {
  const { categories } = useCategories();
  const names = [...new Set([...categories.map((c) => c.name), ...Object.keys(categoryParcels)])];
  return (
    <fieldset className="stack">
      <legend>Paquetes</legend>
      <p className="hint">
        Lo que pesa y mide cada producto embalado, para cotizar con los correos. Un producto sin medidas propias usa las de su categoría y,
        si la categoría no tiene, las de la tienda.
      </p>
      <ParcelInputs id="ship-parcel-default" legend="Paquete de la tienda (por unidad)" value={defaultParcel} onChange={onDefault} />
      {names.map((name) => (
        <ParcelInputs
          key={name}
          id={`ship-parcel-${name}`}
          legend={`Categoría ${categoryLabel(categories, name)}`}
          value={categoryParcels[name] ?? EMPTY_PARCEL}
          placeholder={defaultParcel}
          onChange={(value) => onCategory(name, value)}
        />
      ))}
    </fieldset>
  );
}
