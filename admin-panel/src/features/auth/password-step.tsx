import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { loginInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { FormField, describedBy } from '@/components/form-field';
import { PasswordInput } from '@/components/secret-inputs';
import { submitAfresh } from '@/lib/submit-afresh';
import { LoginError } from './login-error';
import { useAuth, type LoginResult } from './auth-context';

type LoginValues = z.input<typeof loginInputSchema>;
type LoginInput = z.output<typeof loginInputSchema>;

interface PasswordStepProps {
  /** The e-mail typed before (coming back from the code step); the password field gets the focus then. */
  email: string;
  /** A session or the code step; failures stay on this step. */
  onResult: (result: Exclude<LoginResult, { kind: 'error' }>, email: string) => void;
}

/** First step of the sign-in: e-mail and password. */
export function PasswordStep({ email, onResult }: PasswordStepProps) {
  const { login } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setFocus } = useForm<LoginValues, unknown, LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email, password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const fieldErrors = { email: formState.errors.email?.message, password: formState.errors.password?.message };
  const submitting = formState.isSubmitting;

  useEffect(() => {
    if (email) setFocus('password');
  }, [email, setFocus]);

  const submit = handleSubmit(async (input) => {
    const result = await login(input.email, input.password);
    if (result.kind === 'error') setError(result.error);
    else onResult(result, input.email);
  });

  const described = (field: 'email' | 'password') => describedBy(`login-${field}`, { error: fieldErrors[field] }, error && 'login-error');

  return (
    <form onSubmit={submitAfresh(() => setError(null), submit)} noValidate aria-describedby={error ? 'login-error' : undefined}>
      <LoginError error={error} />
      <FormField id="login-email" label="Email" error={fieldErrors.email}>
        <input
          id="login-email"
          type="email"
          {...register('email')}
          autoComplete="username"
          required
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={described('email')}
          placeholder="admin@ejemplo.com"
        />
      </FormField>
      <FormField id="login-password" label="Contraseña" error={fieldErrors.password}>
        <PasswordInput
          id="login-password"
          label="Contraseña"
          registration={register('password')}
          autoComplete="current-password"
          invalid={Boolean(fieldErrors.password)}
          describedBy={described('password')}
        />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        <LogIn size={18} aria-hidden="true" />
        {submitting ? 'Ingresando...' : 'Iniciar Sesión'}
      </button>
    </form>
  );
}
