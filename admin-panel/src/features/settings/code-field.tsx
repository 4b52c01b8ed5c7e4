import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, describedBy } from '@/components/form-field';
import { CodeInput } from '@/components/secret-inputs';

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

/** A one-time code of the authenticator app (6 digits) or a recovery code, required. */
export function CodeField({ id, label, registration, error, hint, serverErrorId }: CodeFieldProps) {
  const described = describedBy(id, { hint, error }, serverErrorId);
  return (
    <FormField id={id} label={label} required hint={hint} error={error}>
      <CodeInput id={id} registration={registration} invalid={Boolean(error || serverErrorId)} describedBy={described} />
    </FormField>
  );
}
