import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ArrowLeft, Eye, EyeOff, LogIn } from 'lucide-react';
import { loginInputSchema } from '@shop/shared';
import { paths, storefrontPaths } from '@/config/paths';
import { useAuth } from './auth-context';

interface FieldErrors {
  email?: string;
  password?: string;
}

export function LoginPage() {
  const { isAdmin, loading, login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!loading && isAdmin) return <Navigate to={paths.dashboard} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = loginInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !next[field]) next[field] = issue.message;
      }
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    const result = await login(parsed.data.email, parsed.data.password);
    setSubmitting(false);
    if (result.success) navigate(paths.dashboard, { replace: true });
    else setError(result.error);
  }

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
        <form onSubmit={handleSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
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
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
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
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
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
