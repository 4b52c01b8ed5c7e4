import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from './auth-context';

/**
 * Guard of the protected area: loading screen, then the content for admins, else the login. An account that still
 * has its temporary password is kept on the settings screen (its password change) until it changes it, and so is one
 * that must set up two-factor sign-in because the owner requires it.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isAdmin, user, mustSetUpTwoFactor } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <div className="fullscreen-center" role="status" aria-live="polite" data-testid="auth-loading">
        <span className="spinner" aria-hidden="true" />
        <p>Cargando autenticación...</p>
      </div>
    );
  }
  if (!isAdmin) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  const settingsFirst = (user?.mustChangePassword ?? false) || mustSetUpTwoFactor;
  if (settingsFirst && location.pathname !== paths.settings) return <Navigate to={paths.settings} replace />;
  return <>{children}</>;
}
