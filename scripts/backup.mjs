#!/usr/bin/env node
// `npm run backup`: one archive (tar.gz, mode 0600) holding a consistent copy of the shop's database taken while
// the shop keeps serving, the uploaded files and, when there is one, the generated-secrets file. Prints where the
// archive is and how big. See README, "Backups".
//
//   node scripts/backup.mjs            one backup into BACKUP_DIR (default backups/)
//   node scripts/backup.mjs --loop     one now, then one every BACKUP_INTERVAL_HOURS (default 24) — the compose
//                                      file's backup service; BACKUP_KEEP (e.g. 14) keeps only the newest ones
//
// Off-site: with BACKUP_REMOTE (an rclone remote path, e.g. `offsite:jazmin-backups`) each new archive is also
// uploaded with rclone (RCLONE_BIN, default `rclone`), verified there (size and checksum, scripts/lib/backup-remote.mjs)
// and the remote keeps the newest BACKUP_REMOTE_KEEP (default 30). After every run, success or failure,
// BACKUP_DIR/backup-status.json says when the last local archive and the last verified off-site copy were made and
// what the last error was (scripts/lib/backup-status.mjs); the back office shows it. A failed off-site copy leaves
// the local archive in place; the one-shot run then exits 1, the loop logs it and carries on.
//
// SQLite: SQLite's online backup API (better-sqlite3's db.backup) copies every committed transaction, including
// the ones still in the WAL file, in one step under a read transaction: the shop's writers are not blocked and the
// copy is the database as of one instant. PostgreSQL: pg_dump, whose snapshot is the one exported by a psql session
// that also counts the rows, so the manifest's figures describe exactly what the dump holds.
// Order: the database first, then the uploads, so every file an order of the copy refers to is already on disk.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  createWriteStream,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  ARCHIVE,
  ARCHIVE_NAME,
  CMS_DIR,
  compareArchiveNames,
  humanSize,
  listFiles,
  pgEnvironment,
  ROOT,
  run,
  shopLocations,
  sizeOf,
  sqlText,
} from './lib/backup-archive.mjs';
import { pruneRemote, RemoteError, remoteSettings, uploadArchive } from './lib/backup-remote.mjs';
import { nextStatus, readStatus, writeStatus } from './lib/backup-status.mjs';

// Everything this script creates (folder, staging copies, archive) is readable by its owner only: the archive holds
// customers' names, phones and addresses, and possibly the shop's secrets.
process.umask(0o077);

const COUNTED_TABLES = ['orders', 'products', 'order_events', 'transfer_proofs', 'contact_messages'];

async function copySqlite(file, dest) {
  const Database = createRequire(path.join(CMS_DIR, 'package.json'))('better-sqlite3');
  const source = new Database(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    // All pages in one step: a page budget per step would let the shop's commits between steps restart the copy.
    await source.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new Database(dest);
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy fails SQLite's integrity check: ${check}`);
    // A single self-contained file (no -wal beside it); the shop switches it back to WAL when it opens it.
    copy.pragma('journal_mode = DELETE');
    const tables = new Set(copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    const counts = {};
    for (const table of COUNTED_TABLES) {
      if (tables.has(table)) counts[table] = copy.prepare(`SELECT count(*) FROM "${table}"`).pluck().get();
    }
    return { kind: 'sqlite', file: ARCHIVE.sqliteFile, counts, tool: `SQLite ${copy.prepare('SELECT sqlite_version()').pluck().get()}` };
  } finally {
    copy.close();
  }
}

/** A psql session driven line by line: answers are read from its stdout as `key=value` lines. */
function psqlSession(env) {
  const child = spawn('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const waiting = [];
  const exited = new Promise((resolve, reject) => {
    child.on('error', (error) => reject(error.code === 'ENOENT' ? new Error('psql is not installed (needed for PostgreSQL)') : error));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`psql failed (exit ${code}): ${stderr.trim()}`))));
  });
  exited.catch((error) => waiting.splice(0).forEach((w) => w.reject(error)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const at = waiting.findIndex((w) => line.startsWith(`${w.key}=`));
    if (at >= 0) waiting.splice(at, 1)[0].resolve(line);
  });
  return {
    ask(sql, key) {
      return new Promise((resolve, reject) => {
        waiting.push({ key, resolve: (line) => resolve(line.slice(line.indexOf('=') + 1)), reject });
        child.stdin.write(`${sql}\n`);
      });
    },
    end(sql) {
      child.stdin.end(`${sql}\n`);
      return exited;
    },
    kill: () => child.kill('SIGTERM'),
  };
}

async function dumpPostgres(database, dest) {
  const env = pgEnvironment(database);
  const tool = (await run('pg_dump', ['--version'], { env })).trim();
  const session = psqlSession(env);
  try {
    // The snapshot pg_dump will use stays valid while this transaction is open.
    const snapshot = await session.ask(
      "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT 'snapshot=' || pg_export_snapshot();",
      'snapshot',
    );
    const fields = COUNTED_TABLES.map((table) => {
      const qualified = `"${database.schema}"."${table}"`;
      const count = `(xpath('/row/c/text()', query_to_xml(${sqlText(`SELECT count(*) AS c FROM ${qualified}`)}, false, true, '')))[1]::text::bigint`;
      return `${sqlText(table)}, CASE WHEN to_regclass(${sqlText(qualified)}) IS NULL THEN NULL ELSE ${count} END`;
    });
    const counts = JSON.parse(
      await session.ask(`SELECT 'counts=' || json_strip_nulls(json_build_object(${fields.join(', ')}))::text;`, 'counts'),
    );
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${dest}`], { env });
    await session.end('COMMIT;');
    return { kind: 'postgres', file: ARCHIVE.pgDumpFile, counts, tool };
  } catch (error) {
    session.kill();
    throw error;
  }
}

/** Copies the uploaded files (a file deleted meanwhile, e.g. an unused proof cleaned up, is skipped). */
function copyUploads(from, to) {
  mkdirSync(to, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const relative of listFiles(from)) {
    const target = path.join(to, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      copyFileSync(path.join(from, relative), target);
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    files += 1;
    bytes += sizeOf(target);
  }
  return { files, bytes };
}

function timestampName(date, dir) {
  const stamp = date.toISOString().replace(/[:.]/g, '-');
  for (let n = 1; ; n += 1) {
    const name = `shop-backup-${stamp}${n > 1 ? `-${n}` : ''}.tar.gz`;
    try {
      closeSync(openSync(path.join(dir, name), 'wx', 0o600));
      return path.join(dir, name);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
}

/** tar.gz of the staging folder's entries, written through a stream this script opened with mode 0600. */
function writeArchive(stagingDir, entries, dest) {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(dest, { mode: 0o600 });
    const tar = spawn('tar', ['-czf', '-', '-C', stagingDir, ...entries], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    tar.stderr.on('data', (d) => (stderr += d));
    tar.on('error', reject);
    tar.stdout.pipe(out);
    let tarCode = null;
    let written = false;
    const settle = () => {
      if (tarCode === null || !written) return;
      if (tarCode === 0) resolve();
      else reject(new Error(`tar failed (exit ${tarCode}): ${stderr.trim()}`));
    };
    tar.on('close', (code) => {
      tarCode = code;
      settle();
    });
    out.on('finish', () => {
      written = true;
      settle();
    });
    out.on('error', reject);
  });
}

/** Keeps the newest `keep` archives of the folder (by the timestamp in their names). */
function prune(dir, keep) {
  if (!(keep > 0)) return [];
  const archives = readdirSync(dir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort(compareArchiveNames);
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

export async function backup(environment = process.env) {
  const started = Date.now();
  const where = shopLocations(environment);
  if (where.database.kind === 'sqlite' && !existsSync(where.database.file)) {
    throw new Error(`no SQLite database at ${where.database.file} (start the shop once, or set DATABASE_FILENAME / DATABASE_URL)`);
  }
  mkdirSync(where.backupDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(where.backupDir, '.in-progress-'));
  let archive = null;
  try {
    const createdAt = new Date();
    const database =
      where.database.kind === 'sqlite'
        ? await copySqlite(where.database.file, path.join(staging, ARCHIVE.sqliteFile))
        : await dumpPostgres(where.database, path.join(staging, ARCHIVE.pgDumpFile));
    const uploads = copyUploads(where.uploadsDir, path.join(staging, ARCHIVE.uploads));
    const entries = [ARCHIVE.manifest, database.file, ARCHIVE.uploads];
    let secrets = false;
    try {
      copyFileSync(where.envPath, path.join(staging, ARCHIVE.secretsFile));
      entries.push(ARCHIVE.secretsFile);
      secrets = true;
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    const manifest = {
      format: ARCHIVE.format,
      version: ARCHIVE.formatVersion,
      createdAt: createdAt.toISOString(),
      database,
      uploads,
      secrets,
    };
    writeFileSync(path.join(staging, ARCHIVE.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    archive = timestampName(createdAt, where.backupDir);
    const partial = `${archive}.partial`;
    await writeArchive(staging, entries, partial);
    chmodSync(partial, 0o600);
    renameSync(partial, archive);
    const removed = prune(where.backupDir, Number.parseInt(environment.BACKUP_KEEP ?? '0', 10));
    return { archive, bytes: statSync(archive).size, manifest, removed, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    if (archive) rmSync(archive, { force: true });
    if (archive) rmSync(`${archive}.partial`, { force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Short Spanish words for the back office (the status file); the details go to the log. */
function localFailure(error) {
  const text = String(error.message);
  if (/no SQLite database/.test(text)) return 'No se pudo hacer la copia local: no se encontró la base de datos SQLite';
  if (/is not installed/.test(text)) return 'No se pudo hacer la copia local: falta pg_dump, psql o tar en el servidor de copias';
  if (error.code === 'ENOSPC' || /No space left/i.test(text)) return 'No se pudo hacer la copia local: no queda espacio en el disco';
  if (error.code === 'EACCES' || /permission denied/i.test(text))
    return 'No se pudo hacer la copia local: sin permiso para leer los datos o escribir en la carpeta de copias';
  if (/^pg_dump|^psql/.test(text)) return 'No se pudo hacer la copia local: la base de datos PostgreSQL no respondió a pg_dump';
  if (/integrity check/.test(text)) return 'No se pudo hacer la copia local: la copia de la base de datos SQLite no pasó la verificación';
  return 'No se pudo hacer la copia local (el detalle está en el registro del servicio de copias)';
}

/**
 * One scheduled run: the local archive, then — with BACKUP_REMOTE — its verified off-site copy and the remote's
 * pruning; `${BACKUP_DIR}/backup-status.json` is written after it either way (scripts/lib/backup-status.mjs).
 */
export async function backupRun(environment = process.env) {
  const backupDir = path.resolve(ROOT, environment.BACKUP_DIR || 'backups');
  const outcome = { result: null, offsite: null, removedRemote: [], failure: null, statusError: null, remote: null };
  let settings = null;
  let settingsError = null;
  try {
    settings = remoteSettings(environment);
  } catch (error) {
    settingsError = error;
  }
  outcome.remote = settings;
  // Never a password in a log or in the status file: the database URL's and rclone's secrets are masked.
  const password = (() => {
    try {
      return decodeURIComponent(new URL(environment.DATABASE_URL ?? '').password);
    } catch {
      return '';
    }
  })();
  const scrub = (text) => {
    const masked = settings ? settings.redact(text) : String(text);
    return password.length >= 4 ? masked.split(password).join('***') : masked;
  };
  const done = { remoteConfigured: Boolean(settings || settingsError), local: null, remote: null, error: null };
  try {
    const result = await backup(environment);
    outcome.result = result;
    done.local = { at: result.manifest.createdAt, archive: path.basename(result.archive), bytes: result.bytes };
  } catch (error) {
    outcome.failure = { stage: 'local', message: scrub(error.message) };
    done.error = { at: new Date().toISOString(), stage: 'local', message: scrub(localFailure(error)) };
  }
  if (outcome.result && done.remoteConfigured) {
    try {
      if (settingsError) throw settingsError;
      const { archive, bytes } = outcome.result;
      outcome.offsite = await uploadArchive(settings, archive, path.basename(archive), bytes);
      done.remote = { at: new Date().toISOString(), archive: outcome.offsite.name, bytes, remote: settings.safe };
      outcome.removedRemote = await pruneRemote(settings);
    } catch (error) {
      const spanish = error instanceof RemoteError ? error.spanish : 'La copia fuera del servidor falló';
      outcome.failure = { stage: 'remote', message: scrub(error.message) };
      done.error = { at: new Date().toISOString(), stage: 'remote', message: scrub(spanish).slice(0, 300) };
    }
  }
  try {
    mkdirSync(backupDir, { recursive: true, mode: 0o700 });
    writeStatus(backupDir, nextStatus(readStatus(backupDir), done));
  } catch (error) {
    outcome.statusError = scrub(error.message);
  }
  return outcome;
}

function report(result) {
  const { database, uploads, secrets } = result.manifest;
  const counts = Object.entries(database.counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  console.log(`Backup written: ${result.archive}`);
  console.log(`Size: ${humanSize(result.bytes)} (${result.bytes} bytes), in ${result.seconds.toFixed(1)} s`);
  console.log(`Database: ${database.kind} (${database.tool}) — ${counts || 'no shop tables yet'}`);
  console.log(`Uploads: ${uploads.files} files, ${humanSize(uploads.bytes)}`);
  console.log(
    secrets
      ? 'Secrets: the generated-secrets file is included (ENV_PATH) — keep this archive private (mode 0600).'
      : 'Secrets: no secrets file (ENV_PATH) found — keep the environment with the shop secrets somewhere safe too.',
  );
  if (result.removed.length > 0)
    console.log(`Removed older backups (BACKUP_KEEP=${process.env.BACKUP_KEEP}): ${result.removed.join(', ')}`);
}

/** Prints a run's outcome; true when everything it had to do was done. */
function reportRun(outcome, { stamp = false } = {}) {
  const at = stamp ? `[${new Date().toISOString()}] ` : '';
  if (outcome.result) report(outcome.result);
  if (outcome.offsite) {
    const { remote, offsite } = outcome;
    console.log(`Off-site copy: ${remote.safe} ${offsite.name}, verified (${offsite.bytes} bytes, ${offsite.checkedWith})`);
    if (outcome.removedRemote.length > 0)
      console.log(`Removed older off-site backups (BACKUP_REMOTE_KEEP=${remote.keep}): ${outcome.removedRemote.join(', ')}`);
  } else if (outcome.result && !outcome.failure) {
    console.log('Off-site copy: none (BACKUP_REMOTE is not set) — this archive exists on this machine only.');
  }
  if (outcome.failure?.stage === 'local') console.error(`${at}Backup FAILED: ${outcome.failure.message}`);
  if (outcome.failure?.stage === 'remote')
    console.error(`${at}Off-site copy FAILED (the local archive is kept): ${outcome.failure.message}`);
  if (outcome.statusError) console.error(`${at}Could not write the backup status file: ${outcome.statusError}`);
  return !outcome.failure && !outcome.statusError;
}

async function loop() {
  const hours = Number.parseFloat(process.env.BACKUP_INTERVAL_HOURS ?? '24');
  if (!(hours > 0)) throw new Error('BACKUP_INTERVAL_HOURS must be a positive number');
  let timer = null;
  let running = false;
  let stopping = false;
  // Stopped while idle: at once. Stopped during a backup (an upload, say): after it, so no half-written archive or
  // unverified remote copy is left behind — at most 8 s, within `docker stop`'s 10 s.
  const stop = () => {
    if (timer) clearTimeout(timer);
    if (!running) process.exit(0);
    if (stopping) return;
    stopping = true;
    console.log('Stopping after the current backup.');
    setTimeout(() => process.exit(0), 8_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (;;) {
    running = true;
    try {
      reportRun(await backupRun(), { stamp: true });
    } catch (error) {
      console.error(`[${new Date().toISOString()}] Backup FAILED: ${error.message}`);
    }
    running = false;
    if (stopping) process.exit(0);
    console.log(`Next backup in ${hours} h.`);
    await new Promise((resolve) => (timer = setTimeout(resolve, hours * 3_600_000)));
  }
}

if (process.argv.includes('--loop')) {
  await loop();
} else if (!reportRun(await backupRun())) {
  process.exit(1);
}
