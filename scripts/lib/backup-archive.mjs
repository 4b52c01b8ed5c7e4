// Shared by scripts/backup.mjs and scripts/restore.mjs: where the shop keeps its data (read from the same
// environment as the shop), the archive layout, and small wrappers around the system `tar` and the PostgreSQL
// client tools. Only Node's built-ins are used here (better-sqlite3 is loaded when the database is SQLite), so the
// same scripts run in the small backup image of docker-compose.yml.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CMS_DIR = path.join(ROOT, 'cms');

/** What every archive holds at its top level, and the format its manifest declares. */
export const ARCHIVE = {
  manifest: 'manifest.json',
  sqliteFile: 'database.sqlite',
  pgDumpFile: 'database.pgdump',
  secretsFile: 'secrets.env',
  uploads: 'uploads',
  format: 'jazmin-shop-backup',
  formatVersion: 1,
};
/** Archives written by scripts/backup.mjs: shop-backup-2025-01-31T03-00-00-000Z.tar.gz */
export const ARCHIVE_NAME = /^shop-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d+)?\.tar\.gz$/;

/** KEY=VALUE lines of a dotenv file (what Strapi loads from ENV_PATH); quotes around a value are dropped. */
export function parseEnvFile(text) {
  const values = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2];
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    values[match[1]] = value;
  }
  return values;
}

/**
 * The shop's data locations, read like the shop reads them: the process environment first, then the file Strapi
 * loads (ENV_PATH, default cms/.env). Relative paths are relative to cms/, the shop's working directory.
 */
export function shopLocations(environment = process.env) {
  const envPath = path.resolve(CMS_DIR, environment.ENV_PATH || '.env');
  const fromFile = existsSync(envPath) ? parseEnvFile(readFileSync(envPath, 'utf8')) : {};
  const get = (name) => (environment[name] !== undefined && environment[name] !== '' ? environment[name] : fromFile[name]) || '';
  const databaseUrl = get('DATABASE_URL');
  const schema = get('DATABASE_SCHEMA') || 'public';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw new Error(`DATABASE_SCHEMA "${schema}" is not a plain schema name`);
  return {
    envPath,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl, ssl: get('DATABASE_SSL') === 'true', schema }
      : { kind: 'sqlite', file: path.resolve(CMS_DIR, get('DATABASE_FILENAME') || path.join('.tmp', 'data.db')) },
    // The shop always serves cms/public/uploads; UPLOADS_DIR points the scripts elsewhere (a volume, a fresh copy).
    uploadsDir: path.resolve(CMS_DIR, environment.UPLOADS_DIR || path.join('public', 'uploads')),
    backupDir: path.resolve(ROOT, environment.BACKUP_DIR || 'backups'),
  };
}

/**
 * The PostgreSQL tools' environment for a DATABASE_URL: the password travels in PGPASSWORD, never on a command
 * line (where any user of the machine could read it in the process list).
 */
export function pgEnvironment(database) {
  const url = new URL(database.url);
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('PG')) delete env[name];
  Object.assign(env, {
    PGHOST: decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
    PGSSLMODE: database.ssl ? 'require' : url.searchParams.get('sslmode') || 'prefer',
    PGCONNECT_TIMEOUT: '10',
  });
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  return env;
}

/** Runs a command; resolves with its stdout, rejects with its stderr when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) =>
      reject(error.code === 'ENOENT' ? new Error(`${command} is not installed (needed for this database)`) : error),
    );
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** A SQL string literal. */
export const sqlText = (value) => `'${String(value).replace(/'/g, "''")}'`;

/** Every file below a folder (relative paths), skipping the placeholder that keeps the empty folder in git. */
export function listFiles(dir, base = dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full, base));
    else if (entry.isFile() && !(dir === base && entry.name === '.gitkeep')) files.push(path.relative(base, full));
  }
  return files;
}

export function humanSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export const sizeOf = (file) => statSync(file).size;

/** Orders archive names by the time in them (then by the -2, -3… of archives made within the same millisecond). */
export function compareArchiveNames(a, b) {
  const key = (name) => {
    const match = /^shop-backup-(.+?Z)(?:-(\d+))?\.tar\.gz$/.exec(name);
    return match ? [match[1], Number(match[2] ?? 1)] : [name, 0];
  };
  const [stampA, nA] = key(a);
  const [stampB, nB] = key(b);
  if (stampA !== stampB) return stampA < stampB ? -1 : 1;
  return nA - nB;
}
