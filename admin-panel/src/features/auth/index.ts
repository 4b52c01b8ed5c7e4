// Public face of the staff session: sign-in screen, guards, provider, the signed-in user and what their role allows.
export { displayName, parseSessionUser, toSessionUser, type SessionUser } from './admin-user';
export { useAuth } from './auth-context';
export { AuthProvider } from './auth-provider';
export { ForbiddenPage } from './forbidden-page';
export { LoginPage } from './login-page';
export { can, useCan, usePermission } from './permissions';
export { RequireAdmin } from './require-admin';
export { RequirePermission } from './require-permission';
