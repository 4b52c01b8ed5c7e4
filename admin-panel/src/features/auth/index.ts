// Public face of the owner's session: sign-in screen, guard, provider and the signed-in user.
export { displayName, parseSessionUser, toSessionUser } from './admin-user';
export { useAuth } from './auth-context';
export { AuthProvider } from './auth-provider';
export { LoginPage } from './login-page';
export { RequireAdmin } from './require-admin';
