import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { loginInputSchema } from '@shop/shared';
import type { z } from 'zod';
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
  const [showPassword, setShowPassword] = useState(false);
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

  const described = (field: 'email' | 'password') =>
    [fieldErrors[field] ? `login-${field}-error` : null, error ? 'login-error' : null].filter(Boolean).join(' ') || undefined;

  return (
    <form
      onSubmit={(event) => {
        setError(null);
        void submit(event);
      }}
      noValidate
      aria-describedby={error ? 'login-error' : undefined}
    >
      {error && (
        <div className="alert alert-error" role="alert" id="login-error">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor="login-email">Email</label>
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
        {fieldErrors.email && (
          <p className="field-error" id="login-email-error">
            {fieldErrors.email}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="login-password">Contraseña</label>
        <div className="input-with-button">
          <input
            id="login-password"
            type={showPassword ? 'text' : 'password'}
            {...register('password')}
            autoComplete="current-password"
            required
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={described('password')}
          />
          <button
            type="button"
            className="icon-button"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
            aria-pressed={showPassword}
          >
            {showPassword ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
          </button>
        </div>
        {fieldErrors.password && (
          <p className="field-error" id="login-password-error">
            {fieldErrors.password}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        <LogIn size={18} aria-hidden="true" />
        {submitting ? 'Ingresando...' : 'Iniciar Sesión'}
      </button>
    </form>
  );
}
