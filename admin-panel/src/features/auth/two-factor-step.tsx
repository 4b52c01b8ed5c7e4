import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { twoFactorVerifyInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { FormField, describedBy } from '@/components/form-field';
import { CodeInput } from '@/components/secret-inputs';
import { submitAfresh } from '@/lib/submit-afresh';
import { LoginError } from './login-error';
import { useAuth, type LoginResult } from './auth-context';

const codeSchema = twoFactorVerifyInputSchema.pick({ code: true });
type CodeValues = z.input<typeof codeSchema>;
type CodeInput = z.output<typeof codeSchema>;

interface TwoFactorStepProps {
  /** The challenge the login answered (single use, 5 minutes). */
  challenge: string;
  onSignedIn: (result: Extract<LoginResult, { kind: 'signed-in' }>) => void;
  /** Back to the e-mail and password. */
  onBack: () => void;
}

/** Second step of a two-factor sign-in: the authenticator app's code, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps) {
  const { verifyTwoFactor } = useAuth();
  const [error, setError] = useState<string | null>(null);
  // A recovery code has letters: the phone's keyboard then is the full one.
  const [recovery, setRecovery] = useState(false);
  const { register, handleSubmit, formState, setFocus } = useForm<CodeValues, unknown, CodeInput>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const fieldError = formState.errors.code?.message;
  const submitting = formState.isSubmitting;

  useEffect(() => {
    setFocus('code');
  }, [setFocus, recovery]);

  const submit = handleSubmit(async ({ code }) => {
    const result = await verifyTwoFactor(challenge, code);
    if (result.kind === 'signed-in') onSignedIn(result);
    else if (result.kind === 'error') setError(result.error);
  });

  // The hint is the step's own text, above the field.
  const described = describedBy('login-code', { hint: true, error: fieldError }, error && 'login-error');

  return (
    <form onSubmit={submitAfresh(() => setError(null), submit)} noValidate aria-labelledby="login-code-title" data-testid="two-factor-step">
      <div className="login-step">
        <h2 id="login-code-title" className="with-icon">
          <ShieldCheck size={20} aria-hidden="true" /> Verificación en dos pasos
        </h2>
        <p className="muted" id="login-code-hint">
          {recovery
            ? 'Ingresá uno de los códigos de recuperación que guardaste al activar la verificación (cada uno sirve una sola vez).'
            : 'Ingresá el código de 6 dígitos que muestra tu app de autenticación, o uno de tus códigos de recuperación.'}
        </p>
      </div>
      <LoginError error={error} />
      <FormField id="login-code" label="Código de verificación" error={fieldError}>
        <CodeInput
          id="login-code"
          registration={register('code')}
          inputMode={recovery ? 'text' : 'numeric'}
          invalid={Boolean(fieldError || error)}
          describedBy={described}
        />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        <ShieldCheck size={18} aria-hidden="true" />
        {submitting ? 'Verificando...' : 'Verificar'}
      </button>
      <div className="login-step-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" /> Volver
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setRecovery((v) => !v)} aria-pressed={recovery}>
          {recovery ? 'Usar el código de la app' : 'Usar un código de recuperación'}
        </button>
      </div>
    </form>
  );
}
