import type { UseFormRegisterReturn } from 'react-hook-form';
import { RequiredMark } from '@/components/form-field';

interface CodeFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's own problem (empty, too short). */
  error?: string;
  /** A short explanation under the field. */
  hint?: string;
  /** The id of the server's refusal (a wrong code), which describes the field too. */
  serverErrorId?: string;
}

/** A one-time code of the authenticator app (6 digits) or a recovery code: a numeric keyboard on phones. */
export function CodeField({ id, label, registration, error, hint, serverErrorId }: CodeFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, serverErrorId ?? null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <RequiredMark />
      </label>
      <input
        {...registration}
        id={id}
        type="text"
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={20}
        required
        aria-invalid={error || serverErrorId ? true : undefined}
        aria-describedby={described || undefined}
      />
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
