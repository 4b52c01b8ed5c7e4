/**
 * Extension of the users-permissions plugin (Strapi's documented `src/extensions/<plugin>/strapi-server` hook).
 *
 * `sessionVersion` is part of every token the shop issues; signing out or changing the password increments it, so
 * every token issued before stops being accepted at once (see utils/auth.ts).
 */
import type { Core } from '@strapi/strapi';
import type { Algorithm } from 'jsonwebtoken';
import { STAFF_ROLES } from '@shop/shared';
import { passwordHashRounds, verifySessionToken } from '../../domains/staff';

interface JwtService {
  verify(token: string): Promise<unknown>;
}

interface PluginWithUser {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
  services: { jwt: (deps: { strapi: Core.Strapi }) => JwtService };
}

export default <P extends PluginWithUser>(plugin: P): P => {
  // Tokens checked with the secret made into a key once (domains/staff/session-token.ts), not on every request; the
  // plugin's other mode (refresh tokens, which the shop does not use) keeps its own check.
  const makeJwtService = plugin.services.jwt;
  plugin.services.jwt = (deps) => {
    const service = makeJwtService(deps);
    const pluginVerify = service.verify.bind(service);
    service.verify = (token: string) => {
      const config = deps.strapi.config;
      if (config.get<string>('plugin::users-permissions.jwtManagement', 'legacy-support') === 'refresh') return pluginVerify(token);
      const algorithm = config.get<{ algorithm?: Algorithm }>('plugin::users-permissions.jwt', {})?.algorithm ?? 'HS256';
      return verifySessionToken(token, config.get<string>('plugin::users-permissions.jwtSecret'), algorithm);
    };
    return service;
  };
  // The cost new passwords are hashed with (the document service and the plugin's own hashing both read it here).
  const password = plugin.contentTypes.user.schema.attributes.password as Record<string, unknown> | undefined;
  if (password) password.encryption = { rounds: passwordHashRounds() };
  plugin.contentTypes.user.schema.attributes.sessionVersion = {
    type: 'integer',
    default: 0,
    private: true,
    configurable: false,
  };
  // The staff member's role (see packages/shared/src/rules/staff-permissions.ts); only read for admin-role accounts.
  plugin.contentTypes.user.schema.attributes.staffRole = {
    type: 'enumeration',
    enum: [...STAFF_ROLES],
    private: true,
    configurable: false,
  };
  // Staff management: the name the team screen shows, a temporary password to change at the first sign-in, and
  // when the account last signed in.
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    fullName: { type: 'string', maxLength: 100, private: true, configurable: false },
    mustChangePassword: { type: 'boolean', default: false, private: true, configurable: false },
    lastSignInAt: { type: 'datetime', private: true, configurable: false },
    // Two-factor sign-in (see src/api/auth/services/two-factor.ts).
    twoFactorEnabled: { type: 'boolean', default: false, private: true, configurable: false },
    totpSecret: { type: 'string', private: true, configurable: false },
    totpPendingSecret: { type: 'string', private: true, configurable: false },
    totpLastStep: { type: 'integer', private: true, configurable: false },
    recoveryCodes: { type: 'json', private: true, configurable: false },
    twoFactorChallenge: { type: 'string', private: true, configurable: false },
    twoFactorChallengeUntil: { type: 'datetime', private: true, configurable: false },
    // An e-mailed invitation to choose a password (see src/domains/staff/invitation.ts): the token's SHA-256 only.
    invitationToken: { type: 'string', private: true, configurable: false },
    invitationUntil: { type: 'datetime', private: true, configurable: false },
  });
  return plugin;
};
