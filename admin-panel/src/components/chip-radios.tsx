interface ChipRadiosProps<T extends string> {
  /** The radio buttons' name. */
  name: string;
  /** The group's name for screen readers: 'Medio de pago'. */
  label: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** One choice among a few, shown as chips: a named group of radio buttons. */
export function ChipRadios<T extends string>({ name, label, choices, value, onChange }: ChipRadiosProps<T>) {
  return (
    <div className="chip-group" role="radiogroup" aria-label={label}>
      {choices.map((choice) => (
        <label key={choice.value} className="chip-check">
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
    </div>
  );
}
