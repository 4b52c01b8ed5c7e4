import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, describedBy } from '@/components/form-field';
import { PasswordInput } from '@/components/secret-inputs';

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

/** A required password field with its own show/hide toggle. */
export function PasswordField({ error, hint, ...input }: PasswordFieldProps) {
  return (
    <FormField id={input.id} label={input.label} required hint={hint} error={error}>
      <PasswordInput {...input} invalid={Boolean(error)} describedBy={describedBy(input.id, { hint, error })} />
    </FormField>
  );
}
