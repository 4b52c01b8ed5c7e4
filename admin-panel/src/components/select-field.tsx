import type { ReactNode } from 'react';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The options. */
  children: ReactNode;
  /** Shown under the select (a hint while something is saving). */
  after?: ReactNode;
}

/** A labelled select in the admin's `field` layout. */
export function SelectField({ id, label, value, onChange, disabled, children, after }: SelectFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
      {after}
    </div>
  );
}
