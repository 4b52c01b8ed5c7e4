import type { ReactNode } from 'react';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  autoComplete?: string;
  /** The options. */
  children: ReactNode;
  /** Shown under the select (a hint while something is saving). */
  after?: ReactNode;
}

/** A labelled select in the admin's `field` layout. */
export function SelectField({ id, label, value, onChange, disabled, autoComplete, children, after }: SelectFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
      {after}
    </div>
  );
}

/** One choice of a select: what it sends and what it reads. */
export interface Choice {
  value: string;
  label: string;
}

interface ChoiceFieldProps extends Omit<SelectFieldProps, 'children'> {
  /** The first option, '' (no filter): 'Todos los estados'. */
  all: string;
  choices: readonly Choice[];
}

/** A filter of a list page: a labelled select with 'all' first, then one option a choice. */
export function ChoiceField({ all, choices, ...field }: ChoiceFieldProps) {
  return (
    <SelectField {...field}>
      <option value="">{all}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

/** The choices of `values`, each read as `label` says: a filter's options in the order of its values. */
export function choicesOf<T extends string>(values: readonly T[], label: (value: T) => string): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: label(value) }));
}
