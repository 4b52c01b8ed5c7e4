import { useId, useState, type ReactNode } from 'react';
import { formatDigits, parseDigits } from '@shop/shared';
import { FieldNotes, describedBy } from '@/components/form-field';
import { toAmount } from './content-editor-model';

/** The `field` frame every input here shares: the label (with its required mark) above the control. */
function FieldFrame({ id, label, required, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
    </div>
  );
}

interface TextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'url' | 'email';
  hint?: string;
  required?: boolean;
  maxLength?: number;
}

export function TextField({ label, value, onChange, placeholder, type = 'text', hint, required, maxLength }: TextProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required}>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy(id, { hint })}
      />
      <FieldNotes id={id} hint={hint} />
    </FieldFrame>
  );
}

export function TextAreaField({ label, value, onChange, placeholder, rows = 3 }: Omit<TextProps, 'type'> & { rows?: number }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <textarea id={id} rows={rows} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </FieldFrame>
  );
}

export function ToggleField({
  label,
  checked,
  onChange,
  describedBy,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  /** Id of a text that qualifies the switch (read after its name). */
  describedBy?: string;
}) {
  return (
    <label className="switch">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={describedBy} />
      <span>{label}</span>
    </label>
  );
}

/** Whole pesos, minimum 0; a non-numeric entry becomes 0 when the field is left. */
export function AmountField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  return (
    <FieldFrame id={id} label={label}>
      <input
        id={id}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          const next = toAmount(e.target.value);
          setShown(next);
          onChange(next);
        }}
        onBlur={() => setText(String(toAmount(text)))}
      />
    </FieldFrame>
  );
}

/**
 * A whole number within bounds (order rules). Unlike AmountField nothing is coerced: what staff type is what is
 * saved, and an entry out of range is flagged here (the server refuses it too, with the same message).
 */
export function WholeNumberField({
  label,
  value,
  onChange,
  min,
  max,
  hint,
  invalidMessage,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  hint: string;
  invalidMessage: string;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value && !(Number.isNaN(shown) && Number.isNaN(value))) {
    setShown(value);
    setText(Number.isNaN(value) ? '' : String(value));
  }
  const invalid = !(Number.isInteger(value) && value >= min && value <= max);
  return (
    <FieldFrame id={id} label={label}>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={1}
        inputMode="numeric"
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(id, { hint, error: invalid })}
        onChange={(e) => {
          setText(e.target.value);
          const next = e.target.value.trim() === '' ? Number.NaN : Number(e.target.value);
          setShown(next);
          onChange(next);
        }}
      />
      <FieldNotes id={id} hint={hint} error={invalid ? invalidMessage : undefined} announce />
    </FieldFrame>
  );
}

/**
 * Whole pesos typed as digits only (shown with thousands dots, "12.500"); an empty field is 0. An amount above `max`
 * is flagged here with the message the server answers (`invalidMessage`).
 */
export function PesosField({
  label,
  value,
  onChange,
  max,
  invalidMessage,
  hint,
  placeholder,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** The largest amount the server takes (none: any). */
  max?: number;
  invalidMessage?: string;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  const invalid = max !== undefined && !(Number.isInteger(value) && value >= 0 && value <= max);
  return (
    <FieldFrame id={id} label={label}>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={15}
        value={formatDigits(String(value))}
        placeholder={placeholder}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(id, { hint, error: invalid })}
        onChange={(e) => onChange(parseDigits(e.target.value))}
      />
      <FieldNotes id={id} hint={hint} error={invalid ? invalidMessage : undefined} announce />
    </FieldFrame>
  );
}
