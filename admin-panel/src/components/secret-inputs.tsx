import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Eye, EyeOff } from 'lucide-react';

interface SecretInputProps {
  id: string;
  registration: UseFormRegisterReturn;
  invalid: boolean;
  /** The ids of what describes the input (see `describedBy`). */
  describedBy: string | undefined;
}

interface CodeInputProps extends SecretInputProps {
  /** 'text' for a recovery code, which has letters: the phone's full keyboard. */
  inputMode?: 'numeric' | 'text';
}

/** A one-time code of the authenticator app (6 digits) or a recovery code: a numeric keyboard on phones. */
export function CodeInput({ id, registration, invalid, describedBy, inputMode = 'numeric' }: CodeInputProps) {
  return (
    <input
      {...registration}
      id={id}
      type="text"
      className="code-input"
      inputMode={inputMode}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={20}
      required
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}

interface PasswordInputProps extends SecretInputProps {
  /** The field's label: the toggle reads 'Mostrar <label>'. */
  label: string;
  autoComplete: string;
  minLength?: number;
}

/** A password input with its own show/hide toggle. */
export function PasswordInput({ id, registration, invalid, describedBy, label, autoComplete, minLength }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-with-button">
      <input
        {...registration}
        id={id}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        required
        minLength={minLength}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
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
  );
}
