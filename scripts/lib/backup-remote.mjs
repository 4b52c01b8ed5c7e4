// Off-site copies of the backup archives through rclone (https://rclone.org): any remote rclone knows (S3-compatible
// storage, Backblaze B2, Google Drive, SFTP…), configured by rclone itself — a config file (RCLONE_CONFIG) or
// RCLONE_CONFIG_<NAME>_<OPTION> environment variables. Credentials never pass through this module's output: the
// remote is shown without connection-string parameters and rclone's messages are scrubbed of secret-looking values.
//
// Every uploaded archive is verified: its size and a checksum the remote computes (sha256, md5 or sha1, whichever the
// backend offers; the same one computed here) must match the local file; a remote with no usable checksum (e.g. an
// rclone `crypt` remote) is verified by downloading the copy and hashing it. Only then is `<archive>.sha256` written
// beside it (sha256sum format), the record a later restore checks the download against. Only the archive names
// scripts/backup.mjs writes (and their `.sha256`) are ever deleted from the remote.
// Only Node's built-ins: it runs in the backup image too.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { ARCHIVE_NAME, compareArchiveNames } from './backup-archive.mjs';

export const DEFAULT_REMOTE_KEEP = 30;
/** The checksums this module can compare, in order of preference. */
const HASHES = ['sha256', 'md5', 'sha1'];
/** `<archive>.sha256`: the archive's sha256 recorded once the upload was verified. */
export const SIDECAR_SUFFIX = '.sha256';
export const SIDECAR_NAME = new RegExp(`${ARCHIVE_NAME.source.slice(0, -1)}\\${SIDECAR_SUFFIX}$`);

/** A failure of the off-site stage: `message` for the logs (English), `spanish` for the back office. */
export class RemoteError extends Error {
  constructor(message, spanish) {
    super(message);
    this.spanish = spanish;
  }
}

/**
 * An rclone remote string taken apart: `name:path`, `:backend:path`, `name,key=value,key="a,b:c":path` (connection-string
 * parameters; inside quotes a doubled quote is a literal one), or a plain local path (`name` null). `ok` is false
 * when the parameters cannot be read to their end.
 */
function parseRemote(remote) {
  let i = remote.startsWith(':') ? 1 : 0;
  while (i < remote.length && !',:/\\'.includes(remote[i])) i += 1;
  if (i >= remote.length || remote[i] === '/' || remote[i] === '\\') return { name: null, params: [], path: remote, ok: true };
  const name = remote.slice(0, i);
  const params = [];
  if (remote[i] === ':') return { name, params, path: remote.slice(i + 1), ok: true };
  i += 1;
  while (i < remote.length) {
    let value = '';
    while (i < remote.length && !'=,:'.includes(remote[i])) i += 1;
    if (remote[i] === '=') {
      i += 1;
      const quote = remote[i];
      if (quote === '"' || quote === "'") {
        i += 1;
        for (;;) {
          if (i >= remote.length) return { name, params, path: '', ok: false };
          if (remote[i] === quote && remote[i + 1] === quote) {
            value += quote;
            i += 2;
          } else if (remote[i] === quote) {
            i += 1;
            break;
          } else {
            value += remote[i];
            i += 1;
          }
        }
      } else {
        const start = i;
        while (i < remote.length && !',:'.includes(remote[i])) i += 1;
        value = remote.slice(start, i);
      }
    }
    params.push(value);
    if (remote[i] === ',') i += 1;
    else if (remote[i] === ':') return { name, params, path: remote.slice(i + 1), ok: true };
    else break;
  }
  return { name, params, path: '', ok: false };
}

const stripUserinfo = (text) => text.replace(/\/\/[^/@\s]*@/g, '//');

/**
 * BACKUP_REMOTE without credentials: rclone's connection-string parameters (`:s3,access_key_id=…,secret_access_key=…:bucket`)
 * are dropped, and a `user:password@` in the path too. `name:path` and local paths stay as they are.
 */
export function safeRemote(remote) {
  const parsed = parseRemote(remote);
  if (parsed.name === null) return stripUserinfo(remote);
  return parsed.ok ? `${parsed.name}:${stripUserinfo(parsed.path)}` : `${parsed.name}:…`;
}

/** Values that must never appear in output: connection-string parameters and secret-looking RCLONE_* variables. */
function secretValues(remote, environment) {
  const parsed = parseRemote(remote);
  const values = parsed.params.filter((value) => value.length >= 4);
  if (safeRemote(remote) !== remote) values.push(remote);
  for (const [key, value] of Object.entries(environment)) {
    if (!value || value.length < 6 || !key.startsWith('RCLONE_')) continue;
    if (/PASS|SECRET|KEY|TOKEN|CREDENTIAL|ACCOUNT|CLIENT_ID|SAS_URL|_SAS|_AUTH/.test(key.slice(7))) values.push(value);
  }
  return values.sort((a, b) => b.length - a.length);
}

/** The off-site settings of an environment; null when BACKUP_REMOTE is not set. Throws on invalid values. */
export function remoteSettings(environment = process.env) {
  const remote = (environment.BACKUP_REMOTE ?? '').trim();
  if (remote === '') return null;
  const keepText = (environment.BACKUP_REMOTE_KEEP ?? '').trim();
  const keep = keepText === '' ? DEFAULT_REMOTE_KEEP : Number(keepText);
  if (!Number.isSafeInteger(keep) || keep < 0) {
    throw new RemoteError(
      `BACKUP_REMOTE_KEEP must be a whole number (0 keeps every archive), not "${keepText}"`,
      'BACKUP_REMOTE_KEEP no es un número entero',
    );
  }
  const secrets = secretValues(remote, environment);
  const redact = (text) => secrets.reduce((out, secret) => out.split(secret).join('***'), String(text));
  return { remote, safe: safeRemote(remote), keep, bin: environment.RCLONE_BIN || 'rclone', environment, redact };
}

/** `remote:folder/name`, `remote:name` (the remote's root), or a local folder's `/path/name`. */
export function remotePath(remote, name) {
  return remote.endsWith(':') || remote.endsWith('/') ? `${remote}${name}` : `${remote}/${name}`;
}

/** rclone's last error line without its timestamp, scrubbed. */
function rcloneMessage(settings, stderr, code) {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} /, '').trim())
    .filter(Boolean);
  return settings.redact(lines.at(-1) ?? `exit ${code}`).slice(0, 400);
}

function spawnRclone(settings, args, stdio) {
  const child = spawn(settings.bin, ['-q', ...args], { env: settings.environment, stdio });
  const failed = new Promise((_, reject) => {
    child.on('error', (error) =>
      reject(
        error.code === 'ENOENT'
          ? new RemoteError(
              `rclone is not installed (RCLONE_BIN=${settings.bin}); it is needed for BACKUP_REMOTE`,
              'rclone no está instalado en el servidor de copias',
            )
          : error,
      ),
    );
  });
  failed.catch(() => undefined);
  return { child, failed };
}

/** Runs rclone; resolves with its stdout. */
export function rclone(settings, args, input) {
  return new Promise((resolve, reject) => {
    const { child, failed } = spawnRclone(settings, args, [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe']);
    failed.catch(reject);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    if (input !== undefined) child.stdin.end(input);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else {
        const error = new Error(`rclone ${args[0]} failed: ${rcloneMessage(settings, stderr, code)}`);
        error.exitCode = code;
        reject(error);
      }
    });
  });
}

/** Streams `rclone cat` of a remote file, hashing it (and writing it to `dest` when given, mode 0600). */
function catAndHash(settings, name, types, dest) {
  return new Promise((resolve, reject) => {
    const { child, failed } = spawnRclone(settings, ['cat', remotePath(settings.remote, name)], ['ignore', 'pipe', 'pipe']);
    failed.catch(reject);
    const hashes = Object.fromEntries(types.map((type) => [type, createHash(type)]));
    const out = dest ? createWriteStream(dest, { mode: 0o600 }) : null;
    let bytes = 0;
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (chunk) => {
      bytes += chunk.length;
      for (const hash of Object.values(hashes)) hash.update(chunk);
    });
    if (out) {
      child.stdout.pipe(out);
      out.on('error', reject);
    }
    let code = null;
    let written = !out;
    const settle = () => {
      if (code === null || !written) return;
      if (code !== 0) reject(new Error(`rclone cat failed: ${rcloneMessage(settings, stderr, code)}`));
      else resolve({ bytes, hashes: Object.fromEntries(Object.entries(hashes).map(([type, hash]) => [type, hash.digest('hex')])) });
    };
    child.on('close', (exit) => {
      code = exit;
      settle();
    });
    out?.on('finish', () => {
      written = true;
      settle();
    });
  });
}

/** The checksums of a local file. */
export function hashFile(file, types) {
  return new Promise((resolve, reject) => {
    const hashes = Object.fromEntries(types.map((type) => [type, createHash(type)]));
    const input = createReadStream(file);
    input.on('data', (chunk) => Object.values(hashes).forEach((hash) => hash.update(chunk)));
    input.on('error', reject);
    input.on('end', () => resolve(Object.fromEntries(Object.entries(hashes).map(([type, hash]) => [type, hash.digest('hex')]))));
  });
}

/** The best checksum the remote computes itself (null: none this module knows, e.g. a `crypt` remote). */
export async function remoteHashType(settings) {
  const features = JSON.parse(await rclone(settings, ['backend', 'features', settings.remote]));
  const offered = new Set((features.Hashes ?? []).map((h) => String(h).toLowerCase()));
  return HASHES.find((type) => offered.has(type)) ?? null;
}

/** Size and (when the remote offers `hashType`) checksum of one remote file, as the remote reports them. */
async function remoteStat(settings, name, hashType) {
  const args = ['lsjson', '--stat', '--no-mimetype'];
  if (hashType) args.push('--hash', '--hash-type', hashType);
  const item = JSON.parse(await rclone(settings, [...args, remotePath(settings.remote, name)]));
  if (item.IsDir) throw new Error(`${name} is a folder on the remote`);
  return { bytes: item.Size, hash: hashType ? (item.Hashes?.[hashType] ?? '') : '' };
}

/**
 * The remote's backups, newest first: every archive name scripts/backup.mjs writes, with its size and whether a
 * verified checksum (`.sha256`) is recorded beside it. A remote folder that does not exist yet holds none.
 */
export async function listRemote(settings) {
  let items;
  try {
    items = JSON.parse(await rclone(settings, ['lsjson', '--files-only', '--no-mimetype', settings.remote]));
  } catch (error) {
    if (error.exitCode === 3) return { archives: [], sidecars: [], others: [] }; // directory not found
    throw error;
  }
  const names = new Set(items.map((item) => item.Name));
  const archives = items
    .filter((item) => ARCHIVE_NAME.test(item.Name))
    .map((item) => ({ name: item.Name, bytes: item.Size, verified: names.has(`${item.Name}${SIDECAR_SUFFIX}`) }))
    .sort((a, b) => compareArchiveNames(b.name, a.name));
  const sidecars = items.filter((item) => SIDECAR_NAME.test(item.Name)).map((item) => item.Name);
  const others = items.filter((item) => !ARCHIVE_NAME.test(item.Name) && !SIDECAR_NAME.test(item.Name)).map((item) => item.Name);
  return { archives, sidecars, others };
}

async function deleteRemote(settings, name) {
  await rclone(settings, ['--retries', '1', 'deletefile', remotePath(settings.remote, name)]);
}

/** The sha256 recorded beside an archive at backup time ('unreadable' when that file does not hold one). */
async function recordedSha256(settings, name) {
  const text = await rclone(settings, ['cat', remotePath(settings.remote, `${name}${SIDECAR_SUFFIX}`)]);
  return /^([0-9a-f]{64})\s/.exec(text)?.[1] ?? 'unreadable';
}

/**
 * Uploads a local archive, verifies the remote copy (size and checksum) and records its sha256 beside it. A copy that
 * cannot be verified is deleted from the remote (when possible) and a RemoteError thrown. Returns what was verified.
 */
export async function uploadArchive(settings, archiveFile, name, bytes) {
  const target = remotePath(settings.remote, name);
  let hashType;
  try {
    hashType = await remoteHashType(settings);
  } catch (error) {
    if (error instanceof RemoteError) throw error;
    throw new RemoteError(
      `cannot reach the remote ${settings.safe}: ${settings.redact(error.message)}`,
      `No se pudo acceder al remoto ${settings.safe} (revisar la configuración de rclone)`,
    );
  }
  const local = await hashFile(archiveFile, [...new Set(['sha256', hashType ?? 'sha256'])]);
  const fail = async (message, spanish) => {
    try {
      await deleteRemote(settings, name);
      throw new RemoteError(`${message} The bad copy was deleted from the remote.`, `${spanish}; se borró del remoto`);
    } catch (error) {
      if (error instanceof RemoteError) throw error;
      // Nothing was uploaded, or the remote refuses the deletion too.
      throw new RemoteError(message, spanish);
    }
  };
  try {
    await rclone(settings, ['copyto', archiveFile, target]);
  } catch (error) {
    await fail(`upload to ${settings.safe} failed: ${settings.redact(error.message)}`, `Falló la subida de la copia a ${settings.safe}`);
  }
  let remote;
  try {
    remote = await remoteStat(settings, name, hashType);
    if (hashType && remote.hash === '') {
      // The remote knows this checksum in general but not for this object (e.g. a large multipart upload): download it.
      remote = { ...remote, hash: (await catAndHash(settings, name, [hashType])).hashes[hashType] };
    } else if (!hashType) {
      const read = await catAndHash(settings, name, ['sha256']);
      remote = { bytes: read.bytes, hash: read.hashes.sha256 };
    }
  } catch (error) {
    await fail(
      `the copy on ${settings.safe} could not be checked: ${settings.redact(error.message)}`,
      `No se pudo verificar la copia en ${settings.safe}`,
    );
  }
  const type = hashType ?? 'sha256';
  if (remote.bytes !== bytes || remote.hash.toLowerCase() !== local[type]) {
    await fail(
      `the copy on ${settings.safe} does not match the local archive: ${remote.bytes} bytes, ${type} ${remote.hash || '(none)'} ` +
        `on the remote; ${bytes} bytes, ${type} ${local[type]} here.`,
      `La copia en ${settings.safe} no coincide con la local (tamaño o suma de verificación)`,
    );
  }
  const sidecar = `${local.sha256}  ${name}\n`;
  try {
    await rclone(settings, ['rcat', `${target}${SIDECAR_SUFFIX}`], sidecar);
    if ((await rclone(settings, ['cat', `${target}${SIDECAR_SUFFIX}`])) !== sidecar) throw new Error('it reads back different');
  } catch (error) {
    await fail(
      `could not record the checksum beside the copy on ${settings.safe}: ${settings.redact(error.message)}`,
      `No se pudo guardar la suma de verificación en ${settings.safe}`,
    );
  }
  return { name, bytes, sha256: local.sha256, checkedWith: hashType ? `${hashType}, computed by the remote` : 'sha256 of a download' };
}

/** Keeps the newest `keep` archives on the remote (0: all). Deletes only archive names of this shop and their `.sha256`. */
export async function pruneRemote(settings) {
  if (!(settings.keep > 0)) return [];
  const { archives, sidecars } = await listRemote(settings);
  const removed = [];
  const kept = new Set(archives.slice(0, settings.keep).map((a) => a.name));
  try {
    for (const archive of archives.slice(settings.keep).reverse()) {
      await deleteRemote(settings, archive.name);
      removed.push(archive.name);
    }
    // `.sha256` files whose archive is gone (just now, or earlier).
    for (const sidecar of sidecars) {
      if (!kept.has(sidecar.slice(0, -SIDECAR_SUFFIX.length))) await deleteRemote(settings, sidecar);
    }
  } catch (error) {
    throw new RemoteError(
      `could not delete old archives on ${settings.safe}: ${settings.redact(error.message)}`,
      `No se pudieron borrar las copias viejas en ${settings.safe}`,
    );
  }
  return removed;
}

/**
 * Downloads one remote archive (an entry of listRemote) into `dest` (created with mode 0600) and checks it: its size
 * against the remote's, its checksum against the one the remote computes (when it offers one) and against the sha256
 * recorded at backup time (when there is one). Resolves with what was checked; rejects with a RemoteError naming the mismatch.
 */
export async function downloadArchive(settings, { name, verified }, dest) {
  const hashType = await remoteHashType(settings);
  const remote = await remoteStat(settings, name, hashType);
  const recorded = verified ? await recordedSha256(settings, name) : null;
  const read = await catAndHash(settings, name, [...new Set(['sha256', hashType ?? 'sha256'])], dest);
  const mismatches = [];
  if (read.bytes !== remote.bytes) mismatches.push(`${read.bytes} bytes downloaded, the remote lists ${remote.bytes}`);
  if (hashType && remote.hash && remote.hash.toLowerCase() !== read.hashes[hashType])
    mismatches.push(`${hashType} ${read.hashes[hashType]} downloaded, the remote computes ${remote.hash}`);
  if (recorded && recorded !== read.hashes.sha256)
    mismatches.push(`sha256 ${read.hashes.sha256}, but ${recorded} was recorded when the backup was uploaded`);
  if (mismatches.length > 0) {
    throw new RemoteError(`the copy of ${name} on ${settings.safe} is not the archive that was backed up: ${mismatches.join('; ')}`, '');
  }
  const checks = [`${read.bytes} bytes`];
  if (hashType && remote.hash) checks.push(`${hashType} matches the remote's`);
  if (recorded) checks.push('sha256 matches the one recorded at backup time');
  return { bytes: read.bytes, sha256: read.hashes.sha256, checks, recorded: Boolean(recorded) };
}
