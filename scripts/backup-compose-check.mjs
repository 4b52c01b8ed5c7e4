#!/usr/bin/env node
// The compose file's `backup` service without a container engine (part of `npm run test:production`).
//   1. Static: docker-compose.yml is valid YAML; the backup service is built from Dockerfile.backup, whose base image
//      is the db service's own (pg_dump of the server's major version), dumps the app's database, shares the app's
//      uploads volume at the same path, writes into a declared `backups` volume, keeps 14 archives, one a day; the
//      files Dockerfile.backup copies exist and import nothing but Node's built-ins and each other (the image has
//      no node_modules).
//      Off-site copies: the image installs rclone; BACKUP_REMOTE and BACKUP_REMOTE_KEEP (default 30) are passed from
//      the compose environment; rclone's settings come from an optional env file that git and the image build both
//      ignore; the app service reads the status file from the `backups` volume, mounted read-only at its BACKUP_DIR.
//   2. Replay: runs the service's command (`node scripts/backup.mjs --loop`) with the service's environment, the
//      database pointed at a throwaway PostgreSQL database, the interval shortened to a second, BACKUP_KEEP to 2 and
//      BACKUP_REMOTE to an rclone `local` remote in a temporary folder (BACKUP_REMOTE_KEEP 3): the loop writes
//      archives, keeps only the newest 2 (mode 0600) here and the newest 3 there (each with its recorded checksum),
//      writes backup-status.json; the newest restores into another database, straight from the remote.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { checker, composeSecrets, interpolate, throwawayDatabase } from './lib/shop-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { check, totals } = checker();
const secrets = composeSecrets();

let compose = null;
try {
  compose = YAML.parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  check('docker-compose.yml is valid YAML', true);
} catch (error) {
  check('docker-compose.yml is valid YAML', false, error.message);
  process.exit(1);
}
const { app, db, backup } = compose.services ?? {};
check('compose has a backup service', Boolean(backup));
if (!backup) process.exit(1);
const env = (service) => Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(v, secrets)]));
const backupEnv = env(backup);
const appEnv = env(app);
const dockerfileName = backup.build?.dockerfile ?? 'Dockerfile';
const dockerfilePath = path.join(root, backup.build?.context ?? '.', dockerfileName);
check(
  'the backup service is built from Dockerfile.backup',
  dockerfileName === 'Dockerfile.backup' && existsSync(dockerfilePath),
  dockerfileName,
);
const dockerfile = existsSync(dockerfilePath) ? readFileSync(dockerfilePath, 'utf8') : '';
const from = /^FROM\s+(\S+)/m.exec(dockerfile)?.[1];
check("its base image is the db service's (pg_dump of the server's major version)", from === db?.image, `${from} / ${db?.image}`);
check("it dumps the app's database", backupEnv.DATABASE_URL === appEnv.DATABASE_URL && Boolean(backupEnv.DATABASE_URL));
const mounts = (service) =>
  Object.fromEntries((service.volumes ?? []).map((v) => v.split(':')).map(([volume, target]) => [volume, target]));
check(
  "it reads the app's uploads volume at the app's path",
  mounts(backup).uploads === mounts(app).uploads && mounts(backup).uploads === '/app/cms/public/uploads',
  `${mounts(backup).uploads} / ${mounts(app).uploads}`,
);
check(
  'archives go to a declared `backups` volume at BACKUP_DIR',
  'backups' in (compose.volumes ?? {}) && mounts(backup).backups === backupEnv.BACKUP_DIR,
);
check('one archive a day, the newest 14 kept', backupEnv.BACKUP_INTERVAL_HOURS === '24' && backupEnv.BACKUP_KEEP === '14');
const cmd = /^CMD\s+(.*)$/m.exec(dockerfile)?.[1] ?? '';
check('its command is the backup loop', cmd === '["node", "scripts/backup.mjs", "--loop"]', cmd);
const copied = [...dockerfile.matchAll(/^COPY\s+(.+)\s+\S+$/gm)].flatMap((m) => m[1].split(/\s+/));
check('the files it copies exist', copied.length > 0 && copied.every((f) => existsSync(path.join(root, f))), copied.join(' '));
const importsOf = (f) =>
  existsSync(path.join(root, f))
    ? [...readFileSync(path.join(root, f), 'utf8').matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1])
    : [];
const foreign = copied.flatMap((f) => importsOf(f).filter((spec) => !spec.startsWith('node:') && !spec.startsWith('./')));
check('they import only Node built-ins and each other (the image has no node_modules)', foreign.length === 0, foreign.join(', '));
const notCopied = copied.flatMap((f) =>
  importsOf(f)
    .filter((spec) => spec.startsWith('./'))
    .map((spec) => path.posix.join(path.posix.dirname(f), spec))
    .filter((target) => !copied.includes(target)),
);
check('every file they import is copied too', notCopied.length === 0, notCopied.join(', '));

// Off-site copies.
check('the image installs rclone', /^RUN\s+apk add\b[^\n]*\srclone(\s|$)/m.test(dockerfile));
check(
  'BACKUP_REMOTE comes from the compose environment (empty: no off-site copy)',
  backup.environment?.BACKUP_REMOTE === '${BACKUP_REMOTE:-}' && backupEnv.BACKUP_REMOTE === '',
  String(backup.environment?.BACKUP_REMOTE),
);
check(
  'BACKUP_REMOTE_KEEP comes from the compose environment, 30 by default',
  /^\$\{BACKUP_REMOTE_KEEP:-30\}$/.test(String(backup.environment?.BACKUP_REMOTE_KEEP)) && backupEnv.BACKUP_REMOTE_KEEP === '30',
  String(backup.environment?.BACKUP_REMOTE_KEEP),
);
const envFiles = (backup.env_file ?? []).map((entry) => (typeof entry === 'string' ? { path: entry, required: true } : entry));
const rcloneEnvFile = envFiles.find((entry) => entry.required === false);
const ignoredByGit = (file) => {
  try {
    execFileSync('git', ['check-ignore', '-q', file], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const dockerignore = readFileSync(path.join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim());
check(
  "rclone's settings come from an optional env file that git and the image build ignore",
  envFiles.length === 1 &&
    Boolean(rcloneEnvFile) &&
    ignoredByGit(rcloneEnvFile.path) &&
    path.posix.basename(rcloneEnvFile.path) === '.env' &&
    dockerignore.includes('**/.env'),
  JSON.stringify(backup.env_file),
);
check(
  'the app reads the status file from the backups volume, mounted read-only at its BACKUP_DIR',
  (app?.volumes ?? []).includes('backups:/backups:ro') && appEnv.BACKUP_DIR === '/backups' && backupEnv.BACKUP_DIR === '/backups',
  `${(app?.volumes ?? []).join(' ')} / BACKUP_DIR=${appEnv.BACKUP_DIR}`,
);
check(
  'only the backup service writes to the backups volume',
  Object.entries(compose.services).every(
    ([name, service]) =>
      name === 'backup' || !(service.volumes ?? []).some((v) => String(v).startsWith('backups:') && !String(v).endsWith(':ro')),
  ),
);
let rcloneAvailable = false;
try {
  execFileSync(process.env.RCLONE_BIN || 'rclone', ['version'], { stdio: 'ignore' });
  rcloneAvailable = true;
} catch {
  // reported below
}
check('rclone is installed here (needed to replay the off-site copy)', rcloneAvailable, process.env.RCLONE_BIN || 'rclone');

// 2. Replay of the service's command.
const source = await throwawayDatabase('shop_backup_check');
const target = await throwawayDatabase('shop_backup_check_restore');
const dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-check-'));
const psql = (url, sql) =>
  execFileSync('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], { encoding: 'utf8' }).trim();
try {
  psql(source.url, "CREATE TABLE orders (id serial PRIMARY KEY, number text); INSERT INTO orders (number) VALUES ('JL-1'), ('JL-2');");
  const remoteDir = path.join(dir, 'remote');
  const rcloneEnv = { RCLONE_CONFIG: path.join(dir, 'no-rclone.conf'), RCLONE_CONFIG_OFFSITE_TYPE: 'local' };
  const loopEnv = {
    ...process.env,
    ...backupEnv,
    ...rcloneEnv,
    DATABASE_URL: source.url,
    BACKUP_DIR: path.join(dir, 'backups'),
    BACKUP_KEEP: '2',
    BACKUP_INTERVAL_HOURS: String(1 / 3600),
    BACKUP_REMOTE: `offsite:${remoteDir}`,
    BACKUP_REMOTE_KEEP: '3',
    UPLOADS_DIR: path.join(dir, 'uploads'),
    ENV_PATH: path.join(dir, 'no-secrets-file.env'),
  };
  const loop = spawn(process.execPath, [path.join(root, 'scripts', 'backup.mjs'), '--loop'], {
    env: loopEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  loop.stdout.on('data', (d) => (output += d));
  loop.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 30_000;
  while ((output.match(/^Backup written/gm) ?? []).length < 4 && Date.now() < deadline && loop.exitCode === null) {
    await new Promise((r) => setTimeout(r, 200));
  }
  loop.kill('SIGTERM');
  await new Promise((r) => (loop.exitCode !== null ? r() : loop.once('exit', r)));
  const written = (output.match(/^Backup written/gm) ?? []).length;
  check(
    'the loop writes one archive per interval',
    written >= 4 && !/FAILED/.test(output),
    `${written} written${/FAILED/.test(output) ? `: ${output}` : ''}`,
  );
  const archives = readdirSync(loopEnv.BACKUP_DIR)
    .filter((n) => n.endsWith('.tar.gz'))
    .sort();
  check('only the newest BACKUP_KEEP archives are kept', archives.length === 2, archives.join(', '));
  check(
    'archives are readable by their owner only (0600)',
    archives.every((n) => (statSync(path.join(loopEnv.BACKUP_DIR, n)).mode & 0o777) === 0o600),
  );
  const offsite = existsSync(remoteDir) ? readdirSync(remoteDir).sort() : [];
  const offsiteArchives = offsite.filter((n) => n.endsWith('.tar.gz'));
  check(
    'each archive is copied off-site, and the remote keeps the newest BACKUP_REMOTE_KEEP, each with its checksum',
    offsiteArchives.length === 3 &&
      offsiteArchives.every((n) => offsite.includes(`${n}.sha256`)) &&
      offsite.length === 6 &&
      offsiteArchives.at(-1) === archives.at(-1),
    offsite.join(', '),
  );
  let status = null;
  try {
    status = JSON.parse(readFileSync(path.join(loopEnv.BACKUP_DIR, 'backup-status.json'), 'utf8'));
  } catch (error) {
    status = { error: error.message };
  }
  check(
    'backup-status.json names the newest local archive and off-site copy, no error',
    status?.version === 1 &&
      status.remoteConfigured === true &&
      status.lastError === null &&
      archives.includes(status.local?.archive) &&
      offsiteArchives.includes(status.remote?.archive) &&
      status.remote?.remote === loopEnv.BACKUP_REMOTE,
    JSON.stringify(status),
  );
  const restoreEnv = {
    ...process.env,
    ...rcloneEnv,
    DATABASE_URL: target.url,
    UPLOADS_DIR: path.join(dir, 'restored-uploads'),
    ENV_PATH: loopEnv.ENV_PATH,
    BACKUP_REMOTE: loopEnv.BACKUP_REMOTE,
  };
  // `npm run restore -- <args>` into the target: the order numbers it then holds, or what the restore printed.
  const restoreAndRead = (args) => {
    try {
      execFileSync(process.execPath, [path.join(root, 'scripts', 'restore.mjs'), ...args], { env: restoreEnv, stdio: 'pipe' });
      return psql(target.url, "SELECT string_agg(number, ',' ORDER BY id) FROM orders");
    } catch (error) {
      return String(error.stderr ?? error.message);
    }
  };
  let restored = restoreAndRead(['--from-remote', 'latest']);
  check('the newest off-site copy restores into an empty database', restored === 'JL-1,JL-2', restored);
  psql(target.url, 'DROP TABLE orders');
  restored = restoreAndRead([path.join(loopEnv.BACKUP_DIR, archives.at(-1) ?? 'none')]);
  check('the newest local archive restores into an empty database', restored === 'JL-1,JL-2', restored);
} finally {
  await source.drop();
  await target.drop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${totals.passes} passed, ${totals.failures} failed`);
process.exit(totals.failures > 0 ? 1 : 0);
