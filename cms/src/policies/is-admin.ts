import type { Context } from 'koa';
import { forbidden } from '../utils/http';
import { requireStaff } from '../domains/staff';
import { routePermission } from '../domains/staff';

interface RouteInfo {
  method?: unknown;
  path?: unknown;
}

/**
 * Route policy for every staff endpoint: 401 without a staff session, 403 when the staff member's role lacks the
 * route's permission (src/domains/staff/route-permissions.ts) or the route has none (fail closed). Answered in Spanish by
 * the api-errors middleware.
 */
export default async (policyContext: Context) => {
  const route: RouteInfo = policyContext.state?.route ?? {};
  const permission = routePermission(String(route.method ?? ''), String(route.path ?? ''));
  if (!permission) throw forbidden('Esta acción no tiene un permiso asignado: nadie puede usarla');
  // An account with its temporary password may only change it (PUT /users/password).
  const passwordChange = route.method === 'PUT' && route.path === '/users/password';
  const twoFactorSetup = route.method === 'POST' && (route.path === '/auth/2fa/setup' || route.path === '/auth/2fa/enable');
  await requireStaff(policyContext, permission, { temporaryPasswordAllowed: passwordChange, twoFactorSetup });
  return true;
};
