import type { MissingAttribute } from '@shop/shared';

interface AttributeFieldProps {
  /** The field's id is `${idPrefix}${attribute.id}`: each form keeps its own ids. */
  idPrefix: string;
  attribute: MissingAttribute;
  value: string;
  onChange: (value: string) => void;
}

/** One attribute a Mercado Libre category requires, asked in Spanish: a choice when the category lists its values. */
export function AttributeField({ idPrefix, attribute, value, onChange }: AttributeFieldProps) {
  const id = `${idPrefix}${attribute.id}`;
  return (
    <div className="field">
      <label htmlFor={id}>{attribute.name}</label>
      {attribute.values.length > 0 ? (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} required>
          <option value="">Elegí…</option>
          {attribute.values.map((choice) => (
            <option key={choice.id} value={choice.name}>
              {choice.name}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} maxLength={255} required />
      )}
    </div>
  );
}
