#!/usr/bin/env node
// `npm run restore -- <archive> [--force]`: puts a backup made by scripts/backup.mjs back where the shop's
// environment says its data lives (DATABASE_URL or DATABASE_FILENAME, the uploads folder, ENV_PATH). Stop the shop
// first. The target must be empty — no SQLite file, no table in the PostgreSQL schema, no uploaded file, no
// different secrets file — unless --force is given: then the database, the uploads and the secrets file are
// replaced (the previous secrets file is kept beside it as <file>.before-restore-<time>).
//
//   npm run restore -- --list-remote                 the archives on BACKUP_REMOTE, newest first, with their sizes
//   npm run restore -- --from-remote <name> [--force] downloads that archive from BACKUP_REMOTE with rclone into a
//   npm run restore -- --from-remote latest [--force] private temporary file, checks it (size, the remote's checksum,
//                                                    the sha256 recorded at backup time) and restores it as above
//
// Exit codes: 0 restored, 1 failed, 2 refused (target not empty, bad arguments, archive of another kind, a download
// that is not the archive that was backed up).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARCHIVE, ARCHIVE_NAME, humanSize, listFiles, pgEnvironment, run, shopLocations, sqlText } from './lib/backup-archive.mjs';
import { downloadArchive, listRemote, RemoteError, remoteSettings } from './lib/backup-remote.mjs';

process.umask(0o077);

class Refused extends Error {}

const USAGE =
  'Usage: npm run restore -- <archive.tar.gz> [--force]\n' +
  '       npm run restore -- --from-remote <archive name | latest> [--force]\n' +
  '       npm run restore -- --list-remote';
const args = process.argv.slice(2);
const force = args.includes('--force');
const listOnly = args.includes('--list-remote');
const fromRemoteAt = args.indexOf('--from-remote');
const fromRemote = fromRemoteAt >= 0 ? (args[fromRemoteAt + 1] ?? '') : null;
const positional = args.filter((a, i) => !a.startsWith('--') && !(fromRemoteAt >= 0 && i === fromRemoteAt + 1));
const unknown = args.filter((a) => a.startsWith('--') && !['--force', '--list-remote', '--from-remote'].includes(a));

async function pgTableCount(database) {
  const sql = `SELECT count(*) FROM information_schema.tables WHERE table_schema = ${sqlText(database.schema)}`;
  return Number.parseInt(
    (await run('psql', ['-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql], { env: pgEnvironment(database) })).trim(),
    10,
  );
}

/** What is already at the target, in words (empty list: nothing to overwrite). */
async function occupied(where, secretsInArchive) {
  const found = [];
  if (where.database.kind === 'sqlite') {
    const { file } = where.database;
    const size = (f) => (existsSync(f) ? statSync(f).size : 0);
    if (size(file) > 0 || size(`${file}-wal`) > 0) found.push(`the SQLite database ${file} exists`);
  } else {
    const tables = await pgTableCount(where.database);
    if (tables > 0)
      found.push(
        `the PostgreSQL database ${pgEnvironment(where.database).PGDATABASE} has ${tables} tables in schema "${where.database.schema}"`,
      );
  }
  const uploads = listFiles(where.uploadsDir);
  if (uploads.length > 0) found.push(`the uploads folder ${where.uploadsDir} holds ${uploads.length} files`);
  if (secretsInArchive && existsSync(where.envPath) && !readFileSync(where.envPath).equals(secretsInArchive)) {
    found.push(`the secrets file ${where.envPath} exists with other contents`);
  }
  return found;
}

async function restoreDatabase(where, staging) {
  if (where.database.kind === 'sqlite') {
    const { file } = where.database;
    mkdirSync(path.dirname(file), { recursive: true });
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    const partial = `${file}.restoring`;
    copyFileSync(path.join(staging, ARCHIVE.sqliteFile), partial);
    renameSync(partial, file);
    return;
  }
  const env = pgEnvironment(where.database);
  if (force) {
    const schema = `"${where.database.schema}"`;
    await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema};`], {
      env,
    });
  }
  // One transaction: a failure leaves the database as it was (empty), never half restored.
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${env.PGDATABASE}`,
      path.join(staging, ARCHIVE.pgDumpFile),
    ],
    { env },
  );
}

function restoreUploads(where, staging) {
  mkdirSync(where.uploadsDir, { recursive: true });
  for (const relative of listFiles(where.uploadsDir)) rmSync(path.join(where.uploadsDir, relative), { force: true });
  const from = path.join(staging, ARCHIVE.uploads);
  const files = listFiles(from);
  let bytes = 0;
  for (const relative of files) {
    const target = path.join(where.uploadsDir, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(from, relative), target);
    bytes += statSync(target).size;
  }
  return { files: files.length, bytes };
}

function restoreSecrets(where, secrets) {
  if (!secrets) return 'none in the archive';
  if (existsSync(where.envPath)) {
    if (readFileSync(where.envPath).equals(secrets)) return `${where.envPath} (already identical)`;
    const kept = `${where.envPath}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(where.envPath, kept);
    writeFileSync(where.envPath, secrets, { mode: 0o600 });
    return `${where.envPath} (previous file kept as ${kept})`;
  }
  mkdirSync(path.dirname(where.envPath), { recursive: true });
  writeFileSync(where.envPath, secrets, { mode: 0o600 });
  return where.envPath;
}

async function restoreArchive(archive, origin) {
  const where = shopLocations();
  const staging = mkdtempSync(path.join(tmpdir(), 'shop-restore-'));
  try {
    await run('tar', ['-xzf', archive, '-C', staging]);
    const manifest = JSON.parse(readFileSync(path.join(staging, ARCHIVE.manifest), 'utf8'));
    if (manifest.format !== ARCHIVE.format) throw new Refused(`${origin} is not a backup of this shop (no ${ARCHIVE.format} manifest)`);
    if (manifest.database.kind !== where.database.kind) {
      throw new Refused(
        `The archive holds a ${manifest.database.kind} database but this environment's shop uses ${where.database.kind} ` +
          '(set DATABASE_URL for PostgreSQL, unset it for SQLite).',
      );
    }
    const secrets = manifest.secrets ? readFileSync(path.join(staging, ARCHIVE.secretsFile)) : null;
    const found = await occupied(where, secrets);
    if (found.length > 0 && !force) {
      throw new Refused(
        `Refusing to restore: the target is not empty —\n  - ${found.join('\n  - ')}\n` +
          'Nothing was changed. Restore into an empty location, or add --force to replace all of it with the backup (stop the shop first).',
      );
    }
    await restoreDatabase(where, staging);
    const uploads = restoreUploads(where, staging);
    const secretsAt = restoreSecrets(where, secrets);
    const counts = Object.entries(manifest.database.counts)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    const target =
      where.database.kind === 'sqlite' ? where.database.file : `PostgreSQL database ${pgEnvironment(where.database).PGDATABASE}`;
    console.log(
      `Restored the backup of ${manifest.createdAt} from ${origin}${force && found.length > 0 ? ' (--force: previous data replaced)' : ''}`,
    );
    console.log(`Database: ${target} — ${counts}`);
    console.log(`Uploads: ${uploads.files} files (${humanSize(uploads.bytes)}) into ${where.uploadsDir}`);
    console.log(`Secrets: ${secretsAt}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function remoteOrRefuse() {
  let settings;
  try {
    // How many archives the remote keeps is the backup's business: a bad BACKUP_REMOTE_KEEP never blocks a restore.
    settings = remoteSettings({ ...process.env, BACKUP_REMOTE_KEEP: '' });
  } catch (error) {
    throw new Refused(error.message);
  }
  if (!settings) throw new Refused('BACKUP_REMOTE is not set: it names the rclone remote the backups were copied to (README, "Backups").');
  return settings;
}

async function listRemoteArchives() {
  const settings = remoteOrRefuse();
  const { archives } = await listRemote(settings);
  if (archives.length === 0) {
    console.log(`No backups at ${settings.safe}.`);
    return;
  }
  console.log(`Backups at ${settings.safe}, newest first:`);
  for (const archive of archives) {
    const note = archive.verified ? '' : '  (no checksum recorded: upload not verified)';
    console.log(`  ${archive.name}  ${humanSize(archive.bytes)} (${archive.bytes} bytes)${note}`);
  }
}

async function restoreFromRemote(requested) {
  const settings = remoteOrRefuse();
  if (requested !== 'latest' && !ARCHIVE_NAME.test(requested)) {
    throw new Refused(`"${requested}" is not a backup archive name (shop-backup-<time>.tar.gz) nor "latest".\n${USAGE}`);
  }
  const { archives } = await listRemote(settings);
  // `latest`: the newest archive whose upload was verified (its checksum recorded beside it).
  const chosen = requested === 'latest' ? archives.find((a) => a.verified) : archives.find((a) => a.name === requested);
  if (!chosen) {
    throw new Refused(
      requested === 'latest'
        ? `No verified backup at ${settings.safe} (npm run restore -- --list-remote lists what is there).`
        : `No archive ${requested} at ${settings.safe} (npm run restore -- --list-remote lists what is there).`,
    );
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-download-'));
  try {
    const file = path.join(folder, chosen.name);
    let download;
    try {
      download = await downloadArchive(settings, chosen, file);
    } catch (error) {
      if (error instanceof RemoteError) {
        throw new Refused(`Refusing to restore: ${error.message}.\nNothing was changed.`);
      }
      throw new Error(`downloading ${chosen.name} from ${settings.safe}: ${settings.redact(error.message)}`);
    }
    console.log(`Downloaded ${chosen.name} from ${settings.safe}: ${download.checks.join(', ')}`);
    if (!download.recorded)
      console.log('Note: no checksum was recorded for this archive at backup time (it was not uploaded by npm run backup).');
    await restoreArchive(file, `${settings.safe} ${chosen.name}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main() {
  if (unknown.length > 0 || [listOnly, fromRemote !== null, positional.length > 0].filter(Boolean).length !== 1) throw new Refused(USAGE);
  if (listOnly) return listRemoteArchives();
  if (fromRemote !== null) {
    if (fromRemote === '' || fromRemote.startsWith('--') || positional.length > 0) throw new Refused(USAGE);
    return restoreFromRemote(fromRemote);
  }
  if (positional.length !== 1) throw new Refused(USAGE);
  const archive = path.resolve(positional[0]);
  if (!existsSync(archive)) throw new Refused(`No such archive: ${archive}`);
  return restoreArchive(archive, archive);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Refused ? error.message : `Restore failed: ${error.message}`);
  process.exit(error instanceof Refused ? 2 : 1);
}
