import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { paths, storefrontPaths } from '@/config/paths';
import type { SessionUser } from './admin-user';
import { useAuth } from './auth-context';
import { PasswordStep } from './password-step';
import { TwoFactorStep } from './two-factor-step';

/** Where a new session starts: the password change while the password is the temporary one, else the dashboard. */
const startPath = (user: SessionUser | null) => (user?.mustChangePassword ? paths.settings : paths.dashboard);

export function LoginPage() {
  // `notice`: why the last session ended, when a screen said (e.g. two-factor sign-in turned off).
  const { isAdmin, loading, user, notice } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  // Set while the second step (the code) is asked for.
  const [challenge, setChallenge] = useState<string | null>(null);

  if (!loading && isAdmin) return <Navigate to={startPath(user)} replace />;

  const signedIn = (next: SessionUser) => navigate(startPath(next), { replace: true });

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
        {notice && !challenge && (
          <div className="alert alert-success" role="status">
            {notice}
          </div>
        )}
        {challenge ? (
          <TwoFactorStep challenge={challenge} onSignedIn={(result) => signedIn(result.user)} onBack={() => setChallenge(null)} />
        ) : (
          <PasswordStep
            email={email}
            onResult={(result, typed) => {
              setEmail(typed);
              if (result.kind === 'two-factor') setChallenge(result.challenge);
              else signedIn(result.user);
            }}
          />
        )}
        <a className="back-link" href={storefrontPaths.home}>
          <ArrowLeft size={16} aria-hidden="true" /> Volver a la tienda
        </a>
      </div>
    </main>
  );
}
