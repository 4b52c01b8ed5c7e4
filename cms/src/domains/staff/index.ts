/**
 * The staff domain (sign-in, roles and permissions, two-factor, team, activity): what other parts of the backend may use. Its other files are private to
 * the domain and its Strapi shells (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { ADMIN_ROLE_TYPE, isAdminRequest, requireAdmin, requireStaff, staffMayStill, USER_UID } from './auth';
export { routePermission } from './route-permissions';
export { noteActivity } from './staff-activity';
export { verifySessionToken } from './session-token';
export { passwordHashRounds } from './password-cost';
export { acceptInvitation, newInvitation } from './invitation';
