#!/usr/bin/env node
// The compose file's `backup` service without a container engine (part of `npm run test:production`).
//   1. Static: docker-compose.yml is valid YAML; the backup service is built from Dockerfile.backup, whose base image
//      is the db service's own (pg_dump of the server's major version), dumps the app's database, shares the app's
//      uploads volume at the same path, writes into a declared `backups` volume, keeps 14 archives, one a day; the
//      files Dockerfile.backup copies exist and import nothing but Node's built-ins and each other (the image has
//      no node_modules).
//   2. Replay: runs the service's command (`node scripts/backup.mjs --loop`) with the service's environment, the
//      database pointed at a throwaway PostgreSQL database, the interval shortened to a second and BACKUP_KEEP to 2:
//      the loop writes archives, keeps only the newest 2 (mode 0600), and the newest restores into another database.
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
const foreign = copied.flatMap((f) =>
  [...readFileSync(path.join(root, f), 'utf8').matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)]
    .map((m) => m[1])
    .filter((spec) => !spec.startsWith('node:') && !spec.startsWith('./')),
);
check('they import only Node built-ins and each other (the image has no node_modules)', foreign.length === 0, foreign.join(', '));

// 2. Replay of the service's command.
const source = await throwawayDatabase('shop_backup_check');
const target = await throwawayDatabase('shop_backup_check_restore');
const dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-check-'));
const psql = (url, sql) =>
  execFileSync('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], { encoding: 'utf8' }).trim();
try {
  psql(source.url, "CREATE TABLE orders (id serial PRIMARY KEY, number text); INSERT INTO orders (number) VALUES ('JL-1'), ('JL-2');");
  const loopEnv = {
    ...process.env,
    ...backupEnv,
    DATABASE_URL: source.url,
    BACKUP_DIR: path.join(dir, 'backups'),
    BACKUP_KEEP: '2',
    BACKUP_INTERVAL_HOURS: String(1 / 3600),
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
  const newest = path.join(loopEnv.BACKUP_DIR, archives.at(-1) ?? 'none');
  const restoreEnv = {
    ...process.env,
    DATABASE_URL: target.url,
    UPLOADS_DIR: path.join(dir, 'restored-uploads'),
    ENV_PATH: loopEnv.ENV_PATH,
  };
  let restored = '';
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'restore.mjs'), newest], { env: restoreEnv, stdio: 'pipe' });
    restored = psql(target.url, "SELECT string_agg(number, ',' ORDER BY id) FROM orders");
  } catch (error) {
    restored = String(error.stderr ?? error.message);
  }
  check('the newest archive restores into an empty database', restored === 'JL-1,JL-2', restored);
} finally {
  await source.drop();
  await target.drop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${totals.passes} passed, ${totals.failures} failed`);
process.exit(totals.failures > 0 ? 1 : 0);
