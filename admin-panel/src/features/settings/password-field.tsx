import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Eye, EyeOff } from 'lucide-react';
import { RequiredMark } from '@/components/form-field';

interface PasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  autoComplete: string;
  minLength?: number;
  error?: string;
  /** A short explanation under the field. */
  hint?: string;
}

/** Password input with its own show/hide toggle. */
export function PasswordField({ id, label, registration, autoComplete, minLength, error, hint }: PasswordFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <RequiredMark />
      </label>
      <div className="input-with-button">
        <input
          {...registration}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          required
          minLength={minLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        <button
          type="button"
          className="icon-button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Ocultar ${label.toLowerCase()}` : `Mostrar ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
