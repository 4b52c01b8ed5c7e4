import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, closeSync, existsSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Strapi's signing and encryption secrets, and the first password of the shop's staff account.
 *
 * Nothing here has a value in the repository. A production process (NODE_ENV=production) must receive each one
 * from the environment and refuses to start without it. Elsewhere, the first start generates strong random values
 * and appends them to the git-ignored `cms/.env` (or `ENV_PATH`), the file Strapi itself loads at every start, so
 * later starts reuse them (as `create-strapi-app` does).
 */
export const SECRET_NAMES = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number] | 'ADMIN_PASSWORD';
const GENERATED: readonly SecretName[] = [...SECRET_NAMES, 'ADMIN_PASSWORD'];

/**
 * Values this repository once published as development defaults. Anyone can read them, so a process configured
 * with one of them refuses to start: a token signed with them must never be accepted.
 */
export const PUBLISHED_SECRET_VALUES: readonly string[] = [
  'devKeyA-change-me',
  'devKeyB-change-me',
  'dev-api-token-salt-change-me',
  'dev-admin-jwt-secret-change-me',
  'dev-transfer-token-salt-change-me',
  'dev-jwt-secret-change-me',
  'dev-encryption-key-change-me',
  'CambiarEsta123',
];

/** Shortest accepted signing or encryption secret (each APP_KEYS key counts alone). */
export const MIN_SECRET_LENGTH = 16;

export function isProduction(): boolean {
  return process.env.NODE_ENV === 'production';
}

const present = (environment: NodeJS.ProcessEnv, name: string) => (environment[name] ?? '').trim() !== '';

/**
 * Names of the variables a production start is missing: the secrets, DATABASE_URL (production runs on PostgreSQL)
 * and PUBLIC_URL (link previews, the sitemap and canonical URLs need the shop's absolute address).
 */
export function missingProductionSecrets(environment: NodeJS.ProcessEnv = process.env): string[] {
  return [...GENERATED, 'DATABASE_URL', 'PUBLIC_URL'].filter((name) => !present(environment, name));
}

/** PUBLIC_URL must be an absolute http(s) address without path, query or fragment (a trailing slash is tolerated). */
export function invalidPublicUrl(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `PUBLIC_URL must be an absolute address such as https://tienda.example (got "${text.slice(0, 80)}")`;
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    return `PUBLIC_URL must be an http(s) origin such as https://tienda.example, without path or query (got "${text.slice(0, 80)}")`;
  }
  return null;
}

/** Why each configured secret cannot be used: a published value, or too short to resist guessing. */
export function unusableSecrets(environment: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const name of GENERATED) {
    const value = environment[name]?.trim();
    if (!value) continue;
    const parts = name === 'APP_KEYS' ? value.split(',').map((part) => part.trim()) : [value];
    if (parts.some((part) => PUBLISHED_SECRET_VALUES.includes(part))) {
      problems.push(`${name} holds a value published in the repository`);
    } else if (name !== 'ADMIN_PASSWORD' && parts.some((part) => part.length < MIN_SECRET_LENGTH)) {
      problems.push(`${name} is shorter than ${MIN_SECRET_LENGTH} characters`);
    }
  }
  return problems;
}

export function assertProductionSecrets(): void {
  if (!isProduction()) return;
  const missing = missingProductionSecrets();
  if (missing.length > 0) {
    throw new Error(
      `Missing required environment variables for production: ${missing.join(', ')}. ` +
        'Set them (see README, "Environment variables"); outside production they are generated on the first start.',
    );
  }
  const badUrl = invalidPublicUrl(process.env.PUBLIC_URL);
  if (badUrl) throw new Error(`Refusing to start: ${badUrl}.`);
}

function assertUsableSecrets(): void {
  const problems = unusableSecrets();
  if (problems.length > 0) {
    throw new Error(`Refusing to start: ${problems.join('; ')}. Choose new random values (see README, "First start").`);
  }
}

/** A password that both the shop and Strapi's panel accept (upper case, lower case and a digit, 20 characters). */
function generatedPassword(): string {
  return `Jz7${randomBytes(12).toString('base64url')}q`;
}

function generate(name: SecretName): string {
  if (name === 'APP_KEYS') return Array.from({ length: 4 }, () => randomBytes(32).toString('base64url')).join(',');
  if (name === 'ADMIN_PASSWORD') return generatedPassword();
  return randomBytes(32).toString('base64url');
}

/** The file Strapi loads its environment from: `ENV_PATH`, else `.env` in the working directory (the CMS). */
export function secretsFile(): string {
  return path.resolve(process.env.ENV_PATH ?? '.env');
}

/** KEY=value lines of an env file (only what this module writes needs to be understood). */
function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const [, key, value] = /^\s*(?:export\s+)?([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line) ?? [];
    if (key !== undefined && value !== undefined) values[key] = value.replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `work` while holding `<file>.lock`, so two processes starting together write the file once. */
function withFileLock<T>(file: string, work: () => T): T {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock left by a process killed while writing is stale after a few seconds.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (!held) continue;
      if (Date.now() - held.mtimeMs > 5_000 || Date.now() > deadline) {
        rmSync(lock, { force: true });
        continue;
      }
      Atomics.wait(sleeper, 0, 0, 50);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

let ensured = false;

/**
 * Makes every secret available in `process.env`: production must set them all; elsewhere, missing ones are read
 * from the secrets file or generated into it. Any configured value that was published in the repository is refused.
 */
export function ensureSecrets(): void {
  if (ensured) return;
  assertProductionSecrets();
  const missing = GENERATED.filter((name) => !present(process.env, name));
  if (missing.length > 0) {
    const file = secretsFile();
    const created = withFileLock(file, () => {
      const stored = readEnvFile(file);
      const fresh = missing.filter((name) => !stored[name]);
      if (fresh.length > 0) {
        const isNew = !existsSync(file);
        const header = isNew ? '# Generated by the shop on its first start: keep this file private, never commit it.\n' : '';
        const lines = fresh.map((name) => `${name}=${(stored[name] = generate(name))}`).join('\n');
        appendFileSync(file, `${header}${lines}\n`, { mode: 0o600 });
        chmodSync(file, 0o600);
      }
      for (const name of missing) process.env[name] = stored[name];
      return fresh;
    });
    if (created.length > 0) {
      console.log(`[secrets] generated ${created.join(', ')} into ${secretsFile()} (git-ignored, reused by later starts)`);
    }
  }
  assertUsableSecrets();
  ensured = true;
}

export function secret(name: SecretName): string {
  ensureSecrets();
  return (process.env[name] ?? '').trim();
}
