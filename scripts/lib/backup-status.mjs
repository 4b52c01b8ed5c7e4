// `${BACKUP_DIR}/backup-status.json`: what the back office shows about backups (the last successful local archive,
// the last verified off-site copy, the last error). Written by scripts/backup.mjs after every run, success or
// failure; read by the shop (which parses the JSON itself; this module's reader is for the scripts and the tests).
//
//   { "version": 1,
//     "local":  { "at": ISO, "archive": "<file name>", "bytes": n } | null,
//     "remote": { "at": ISO, "archive": "<file name>", "bytes": n, "remote": "<BACKUP_REMOTE without credentials>" } | null,
//     "remoteConfigured": true | false,
//     "lastError": { "at": ISO, "stage": "local" | "remote", "message": "<short, Spanish, no secrets>" } | null }
//
// A failure keeps the previous `local`/`remote` entries and sets `lastError`; a run that fully succeeds clears it.
// Only Node's built-ins: it runs in the backup image too.
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STATUS_FILE = 'backup-status.json';
export const STATUS_VERSION = 1;

const isIso = (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);
const isName = (value) => typeof value === 'string' && value.length > 0 && !value.includes('/');
const isBytes = (value) => Number.isSafeInteger(value) && value >= 0;

/** The problems of a parsed status object (empty list: it has the contract's shape). */
export function statusProblems(status) {
  const problems = [];
  if (typeof status !== 'object' || status === null || Array.isArray(status)) return ['not a JSON object'];
  if (status.version !== STATUS_VERSION) problems.push(`version is not ${STATUS_VERSION}`);
  const entry = (key, extra) => {
    const value = status[key];
    if (value === null) return;
    if (typeof value !== 'object' || value === undefined || Array.isArray(value)) return problems.push(`${key} is not an object or null`);
    if (!isIso(value.at)) problems.push(`${key}.at is not an ISO time`);
    if (!isName(value.archive)) problems.push(`${key}.archive is not a file name`);
    if (!isBytes(value.bytes)) problems.push(`${key}.bytes is not a byte count`);
    extra?.(value);
  };
  entry('local');
  entry('remote', (value) => {
    if (typeof value.remote !== 'string' || value.remote === '') problems.push('remote.remote is not a remote name');
  });
  if (typeof status.remoteConfigured !== 'boolean') problems.push('remoteConfigured is not a boolean');
  const error = status.lastError;
  if (error !== null) {
    if (typeof error !== 'object' || error === undefined || Array.isArray(error)) problems.push('lastError is not an object or null');
    else {
      if (!isIso(error.at)) problems.push('lastError.at is not an ISO time');
      if (error.stage !== 'local' && error.stage !== 'remote') problems.push('lastError.stage is not "local" or "remote"');
      if (typeof error.message !== 'string' || error.message === '') problems.push('lastError.message is empty');
    }
  }
  const known = new Set(['version', 'local', 'remote', 'remoteConfigured', 'lastError']);
  for (const key of Object.keys(status)) if (!known.has(key)) problems.push(`unexpected key ${key}`);
  return problems;
}

/** Parses and checks the file's text; null when it is not a status of this version. */
export function parseStatus(text) {
  try {
    const status = JSON.parse(text);
    return statusProblems(status).length === 0 ? status : null;
  } catch {
    return null;
  }
}

/** The status in a backup folder; null when there is none (no run yet) or it is unreadable. */
export function readStatus(backupDir) {
  try {
    return parseStatus(readFileSync(path.join(backupDir, STATUS_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The next status after a run: `outcome` holds what this run achieved (`local` and/or `remote` entries) and its
 * error, if any. Entries the run did not renew are kept from the previous status.
 */
export function nextStatus(previous, { local = null, remote = null, remoteConfigured, error = null }) {
  return {
    version: STATUS_VERSION,
    local: local ?? previous?.local ?? null,
    remote: remote ?? previous?.remote ?? null,
    remoteConfigured: Boolean(remoteConfigured),
    lastError: error,
  };
}

/** Writes the status atomically (a private temporary file renamed over the old one), readable by its owner only. */
export function writeStatus(backupDir, status) {
  const problems = statusProblems(status);
  if (problems.length > 0) throw new Error(`refusing to write an invalid backup status: ${problems.join('; ')}`);
  const file = path.join(backupDir, STATUS_FILE);
  const temporary = path.join(backupDir, `.${STATUS_FILE}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return file;
}
