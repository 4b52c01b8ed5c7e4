import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router-dom';
import { ArrowLeft, Eye, EyeOff, LogIn } from 'lucide-react';
import { loginInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { paths, storefrontPaths } from '@/config/paths';
import { useAuth } from './auth-context';

type LoginValues = z.input<typeof loginInputSchema>;
type LoginInput = z.output<typeof loginInputSchema>;

export function LoginPage() {
  const { isAdmin, loading, login } = useAuth();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues, unknown, LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const fieldErrors = { email: formState.errors.email?.message, password: formState.errors.password?.message };
  const submitting = formState.isSubmitting;

  if (!loading && isAdmin) return <Navigate to={paths.dashboard} replace />;

  const submit = handleSubmit(async ({ email, password }) => {
    const result = await login(email, password);
    if (result.success) navigate(paths.dashboard, { replace: true });
    else setError(result.error);
  });

  return (
    <main className="login-page" data-testid="login-page">
      <div className="login-card">
        <div className="login-brand">
          <span className="login-logo" aria-hidden="true">
            J
          </span>
          <div>
            <h1>Panel de Administración</h1>
            <p className="muted">Jazmín Lencería</p>
          </div>
        </div>
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
              aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
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
                aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
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
        <a className="back-link" href={storefrontPaths.home}>
          <ArrowLeft size={16} aria-hidden="true" /> Volver a la tienda
        </a>
      </div>
    </main>
  );
}
