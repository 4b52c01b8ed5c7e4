/**
 * Secrets have documented development defaults so that `npm start` works on a fresh clone,
 * but a production process (NODE_ENV=production) must receive every one of them from the environment.
 */
export const DEV_SECRETS = {
  APP_KEYS: 'devKeyA-change-me,devKeyB-change-me',
  API_TOKEN_SALT: 'dev-api-token-salt-change-me',
  ADMIN_JWT_SECRET: 'dev-admin-jwt-secret-change-me',
  TRANSFER_TOKEN_SALT: 'dev-transfer-token-salt-change-me',
  JWT_SECRET: 'dev-jwt-secret-change-me',
  ENCRYPTION_KEY: 'dev-encryption-key-change-me',
  ADMIN_PASSWORD: 'CambiarEsta123',
} as const;

export type SecretName = keyof typeof DEV_SECRETS;

export function isProduction(): boolean {
  return process.env.NODE_ENV === 'production';
}

/** Names of the secrets a production start is missing (also DATABASE_URL: production runs on PostgreSQL). */
export function missingProductionSecrets(environment: NodeJS.ProcessEnv = process.env): string[] {
  const required = [...Object.keys(DEV_SECRETS), 'DATABASE_URL'];
  return required.filter((name) => !environment[name] || environment[name]?.trim() === '');
}

export function assertProductionSecrets(): void {
  if (!isProduction()) return;
  const missing = missingProductionSecrets();
  if (missing.length > 0) {
    throw new Error(
      `Missing required environment variables for production: ${missing.join(', ')}. ` +
        'Set them (see README, "Environment variables") or run without NODE_ENV=production for development defaults.',
    );
  }
}

export function secret(name: SecretName): string {
  const value = process.env[name];
  if (value && value.trim() !== '') return value;
  assertProductionSecrets();
  return DEV_SECRETS[name];
}
