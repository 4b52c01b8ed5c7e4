import type { InputHTMLAttributes, ReactNode } from 'react';

/** The star after a required field's label (hidden from screen readers: the input is `required`). */
export function RequiredMark() {
  return (
    <span className="required" aria-hidden="true">
      *
    </span>
  );
}

/**
 * The ids that describe the field `id`: its hint (`<id>-hint`) and its own error (`<id>-error`) when there are,
 * then any more (a form-wide error); undefined for none.
 */
export function describedBy(id: string, notes: { hint?: unknown; error?: unknown }, ...more: (string | false | null | undefined)[]) {
  return [notes.hint ? `${id}-hint` : null, notes.error ? `${id}-error` : null, ...more].filter(Boolean).join(' ') || undefined;
}

interface FieldNotesProps {
  id: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** The error is announced as it appears (a check while typing, not on sending). */
  announce?: boolean;
}

/** A field's hint (`<id>-hint`) and its own error (`<id>-error`), under the control: the ids `describedBy` names. */
export function FieldNotes({ id, hint, error, announce = false }: FieldNotesProps) {
  return (
    <>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role={announce ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </>
  );
}

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  className?: string;
  /** A short explanation under the control. */
  hint?: ReactNode;
  /** The field's own problem, under the control. */
  error?: ReactNode;
  children: ReactNode;
}

/** A labelled form field: the label (with its star when required) above the control, its hint and error below. */
export function FormField({ id, label, required = false, className = 'field', hint, error, children }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>
        {label}
        {required && (
          <>
            {' '}
            <RequiredMark />
          </>
        )}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string | number;
  /** The value as typed. */
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  /** The id of one more note describing the input, after its own (the period under a pair of dates). */
  note?: string;
  /** The field's class, `field` unless said. */
  fieldClass?: string;
  /** A number typed as text, with the phones' numeric keyboard. */
  numeric?: boolean;
}

/**
 * A labelled input in a FormField giving its value as typed, described by its hint, its error and any `note`, and
 * invalid while it has an error (the other input attributes pass through, an `aria-invalid` of its own included).
 */
export function InputField({ id, label, value, onChange, hint, error, note, fieldClass, numeric = false, ...input }: InputFieldProps) {
  return (
    <FormField id={id} label={label} className={fieldClass} hint={hint} error={error}>
      <input
        id={id}
        {...(numeric ? { type: 'text', inputMode: 'numeric' } : {})}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error }, note)}
        {...input}
      />
    </FormField>
  );
}
