import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { adminTokenAt, api } from '../helpers/api';
import { knexOn } from '../helpers/database';
import { createProduct, orderBody } from '../helpers/orders';
import { runRootScript, type ScriptResult } from '../helpers/root-scripts';
import { createTestDatabase, postgresAvailable, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

// Off-site backups (BACKUP_REMOTE) through the real rclone, against rclone's `local` backend in a temporary folder
// (the remote `offsite` is defined by RCLONE_CONFIG_OFFSITE_TYPE=local, as an S3 or Drive remote would be by its own
// RCLONE_CONFIG_OFFSITE_* variables). A shop takes orders; `npm run backup` uploads, verifies and prunes; failures
// (a storage that corrupts what it stores, a remote that cannot be written, a failed local backup) are visible in
// backup-status.json and the exit code; `npm run restore -- --from-remote` brings a verified copy back and a shop
// started on it holds the orders; a copy altered on the remote is refused.
const RCLONE = process.env.RCLONE_BIN || 'rclone';
const LIMITS = { RATE_LIMIT_ORDERS_MAX: '100000', RATE_LIMIT_UPLOADS_MAX: '100000' };
const ARCHIVE_NAME = /^shop-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d+)?\.tar\.gz$/;
/** Stands for a credential written into BACKUP_REMOTE as an rclone connection-string parameter. */
const SECRET = `not-a-real-key-${randomBytes(6).toString('hex')}`;

// Fail, not skip, when rclone is missing: the feature cannot work without it.
const rcloneVersion = (() => {
  try {
    return execFileSync(RCLONE, ['version'], { encoding: 'utf8' }).split('\n')[0];
  } catch (error) {
    throw new Error(`rclone is required by backup-offsite.test.ts (RCLONE_BIN=${RCLONE}): ${(error as Error).message}`);
  }
})();
const realRclone = execFileSync('sh', ['-c', `command -v "${RCLONE}"`], { encoding: 'utf8' }).trim();

interface Status {
  version: number;
  local: { at: string; archive: string; bytes: number } | null;
  remote: { at: string; archive: string; bytes: number; remote: string } | null;
  remoteConfigured: boolean;
  lastError: { at: string; stage: 'local' | 'remote'; message: string } | null;
}

const outputs: string[] = [];

/** Runs one of the root scripts as the owner would, without this process's database, uploads, backup and rclone settings; keeps what it printed. */
async function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  const result = await runRootScript(script, args, env, (name) => /^(DATABASE_|ENV_PATH|UPLOADS_DIR|BACKUP_|RCLONE_)/.test(name));
  outputs.push(result.stdout, result.stderr);
  return result;
}

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

function readStatus(backupDir: string): Status {
  const file = path.join(backupDir, 'backup-status.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const status = JSON.parse(readFileSync(file, 'utf8')) as Status;
  // The contract the back office relies on: exactly these keys.
  expect(Object.keys(status).sort()).toEqual(['lastError', 'local', 'remote', 'remoteConfigured', 'version']);
  expect(status.version).toBe(1);
  if (status.local) expect(Object.keys(status.local).sort()).toEqual(['archive', 'at', 'bytes']);
  if (status.remote) expect(Object.keys(status.remote).sort()).toEqual(['archive', 'at', 'bytes', 'remote']);
  if (status.lastError) expect(Object.keys(status.lastError).sort()).toEqual(['at', 'message', 'stage']);
  // No temporary file left behind by the atomic write.
  expect(readdirSync(backupDir).filter((name) => name.includes('backup-status') && name !== 'backup-status.json')).toEqual([]);
  return status;
}

function remoteArchives(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort();
}

/** An archive name of `daysAgo` days before 2024-06-01, the way scripts/backup.mjs names them. */
function oldName(day: number): string {
  const date = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000);
  return `shop-backup-${date.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

async function placeOrders(baseUrl: string, productId: string, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await api<{ orderNumber: string }>('/orders', { body: orderBody([{ productId, quantity: 1 }]), baseUrl });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers.push(res.body.orderNumber);
  }
  return numbers;
}

async function orderNumbersIn(database: TestDatabase): Promise<string[]> {
  const db = knexOn(database.env);
  try {
    return (await db('orders').select('order_number')).map((row: { order_number: string }) => row.order_number).sort();
  } finally {
    await db.destroy();
  }
}

const pgReachable = await postgresAvailable();
if (!pgReachable && process.env.CI) throw new Error('PostgreSQL is required in CI (TEST_PG_ADMIN_URL)');
if (!pgReachable) console.warn('backup-offsite.test.ts: PostgreSQL unreachable, only SQLite is tested');

describe('off-site backups (BACKUP_REMOTE, rclone)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });
  const work = mkdtempSync(path.join(tmpdir(), 'shop-offsite-'));
  cleanup.push(async () => rmSync(work, { recursive: true, force: true }));
  const rcloneEnv = {
    // No config file: the remote is defined by environment variables only.
    RCLONE_CONFIG: path.join(work, 'no-rclone.conf'),
    RCLONE_CONFIG_OFFSITE_TYPE: 'local',
  };

  /** A source database holding only an `orders` table with these numbers, and an empty target database. */
  async function sourceAndTarget(kind: TestDatabase['kind'], orderNumbers: string[]): Promise<[TestDatabase, TestDatabase]> {
    const source = await createTestDatabase(kind);
    cleanup.push(() => source.drop());
    const target = await createTestDatabase(kind);
    cleanup.push(() => target.drop());
    const db = knexOn(source.env);
    try {
      await db.schema.createTable('orders', (table) => {
        table.increments('id');
        table.string('order_number');
      });
      await db('orders').insert(orderNumbers.map((number) => ({ order_number: number })));
    } finally {
      await db.destroy();
    }
    return [source, target];
  }

  it('uploads each backup, verifies it, keeps the newest 30 there, reports failures, and restores from it (SQLite)', async () => {
    const started = performance.now();
    const remoteDir = path.join(work, 'remote');
    const backupDir = path.join(work, 'backups');
    const remote = `offsite,secret_token="${SECRET}":${remoteDir}`;
    const shownRemote = `offsite:${remoteDir}`;

    // What the remote already holds: 31 archives of earlier days (a few with their recorded checksum), a checksum
    // whose archive is gone, and files that are not this shop's archives — those must survive any pruning.
    mkdirSync(path.join(remoteDir, 'older'), { recursive: true });
    const old = Array.from({ length: 31 }, (_, day) => oldName(day));
    for (const name of old) writeFileSync(path.join(remoteDir, name), randomBytes(64));
    for (const name of old.slice(0, 3)) writeFileSync(path.join(remoteDir, `${name}.sha256`), `${'0'.repeat(64)}  ${name}\n`);
    writeFileSync(path.join(remoteDir, `${oldName(-10)}.sha256`), `${'0'.repeat(64)}  ${oldName(-10)}\n`);
    const unrelated = ['notes.txt', 'shop-backup-manual.tar.gz', 'shop-backup-2024-01-01.tar.gz', path.join('older', oldName(-30))];
    for (const name of unrelated) writeFileSync(path.join(remoteDir, name), 'keep me');

    const original = await createTestDatabase('sqlite');
    cleanup.push(() => original.drop());
    const shop: RunningStrapi = await startStrapi(original, LIMITS);
    cleanup.push(() => shop.stop());
    const token = await adminTokenAt(shop.url);
    const product = await createProduct(
      { title: `Conjunto Remoto ${Date.now().toString(36)}`, stock: 1000, size: ['M'], stockBySize: { M: 1000 } },
      { baseUrl: shop.url, token },
    );
    const productId = product._id;
    const firstOrders = await placeOrders(shop.url, productId, 4);

    const env = { ...original.env, ...rcloneEnv, BACKUP_DIR: backupDir, BACKUP_REMOTE: remote };

    // 1. A backup goes off-site: same bytes there, its sha256 recorded beside it; the remote keeps the newest 30.
    const first = await runScript('backup.mjs', [], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const firstArchive = /^Backup written: (.+)$/m.exec(first.stdout)?.[1] ?? '';
    const firstName = path.basename(firstArchive);
    expect(first.stdout).toContain(`Off-site copy: ${shownRemote} ${firstName}, verified`);
    const uploaded = path.join(remoteDir, firstName);
    expect(statSync(uploaded).size).toBe(statSync(firstArchive).size);
    expect(sha256(uploaded)).toBe(sha256(firstArchive));
    expect(readFileSync(`${uploaded}.sha256`, 'utf8')).toBe(`${sha256(firstArchive)}  ${firstName}\n`);
    expect(remoteArchives(remoteDir)).toEqual([...old.slice(2), firstName].sort());
    // The two oldest went, with the checksum of the one that had it and the checksum whose archive was gone.
    expect(first.stdout).toContain(`Removed older off-site backups (BACKUP_REMOTE_KEEP=30): ${old[0]}, ${old[1]}`);
    expect(existsSync(path.join(remoteDir, `${old[0]}.sha256`))).toBe(false);
    expect(existsSync(path.join(remoteDir, `${old[2]}.sha256`))).toBe(true);
    expect(existsSync(path.join(remoteDir, `${oldName(-10)}.sha256`))).toBe(false);
    for (const name of unrelated) expect(readFileSync(path.join(remoteDir, name), 'utf8'), name).toBe('keep me');

    const afterFirst = readStatus(backupDir);
    expect(afterFirst).toEqual({
      version: 1,
      local: { at: isoTime, archive: firstName, bytes: statSync(firstArchive).size },
      remote: { at: isoTime, archive: firstName, bytes: statSync(firstArchive).size, remote: shownRemote },
      remoteConfigured: true,
      lastError: null,
    });

    // 2. A storage that corrupts what it stores (same size, other bytes, altered between the upload and the check):
    // the copy is refused and deleted there, the run exits 1, the local archive stays, the status says so.
    const tamper = path.join(work, 'corrupting-rclone.sh');
    writeFileSync(
      tamper,
      [
        '#!/bin/sh',
        '"$REAL_RCLONE" "$@"',
        'code=$?',
        'copy=no',
        'for arg; do [ "$arg" = copyto ] && copy=yes; last=$arg; done',
        'if [ $code -eq 0 ] && [ $copy = yes ]; then',
        '  case "$last" in *.tar.gz) printf XXXX | dd of="$TAMPER_DIR/${last##*/}" bs=1 seek=100 conv=notrunc 2>/dev/null;; esac',
        'fi',
        'exit $code',
        '',
      ].join('\n'),
    );
    chmodSync(tamper, 0o755);
    const corrupted = await runScript('backup.mjs', [], { ...env, RCLONE_BIN: tamper, REAL_RCLONE: realRclone, TAMPER_DIR: remoteDir });
    expect(corrupted.code).toBe(1);
    expect(corrupted.stderr).toMatch(/Off-site copy FAILED \(the local archive is kept\): the copy on .* does not match the local archive/);
    expect(corrupted.stderr).toMatch(/The bad copy was deleted from the remote/);
    const corruptedName = path.basename(/^Backup written: (.+)$/m.exec(corrupted.stdout)?.[1] ?? '');
    expect(existsSync(path.join(backupDir, corruptedName))).toBe(true);
    expect(existsSync(path.join(remoteDir, corruptedName))).toBe(false);
    expect(existsSync(path.join(remoteDir, `${corruptedName}.sha256`))).toBe(false);
    const afterCorrupted = readStatus(backupDir);
    expect(afterCorrupted.local?.archive).toBe(corruptedName);
    expect(afterCorrupted.remote).toEqual(afterFirst.remote);
    expect(afterCorrupted.lastError).toEqual({ at: isoTime, stage: 'remote', message: expect.stringMatching(/no coincide/) });

    // 3. A remote that cannot be written (its folder lies under a file): same story.
    writeFileSync(path.join(work, 'a-file'), '');
    const unwritable = await runScript('backup.mjs', [], { ...env, BACKUP_REMOTE: `offsite:${path.join(work, 'a-file', 'sub')}` });
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/Off-site copy FAILED .*upload to offsite:.* failed/);
    const unwritableName = path.basename(/^Backup written: (.+)$/m.exec(unwritable.stdout)?.[1] ?? '');
    expect(existsSync(path.join(backupDir, unwritableName))).toBe(true);
    const afterUnwritable = readStatus(backupDir);
    expect(afterUnwritable.local?.archive).toBe(unwritableName);
    expect(afterUnwritable.remote).toEqual(afterFirst.remote);
    expect(afterUnwritable.lastError).toEqual({ at: isoTime, stage: 'remote', message: expect.stringMatching(/Falló la subida/) });

    // 4. A failed local backup (no database there): both earlier successes are kept, the error is the local stage's.
    const noDatabase = await runScript('backup.mjs', [], { ...env, DATABASE_FILENAME: path.join(work, 'missing.db') });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toMatch(/Backup FAILED: no SQLite database/);
    const afterNoDatabase = readStatus(backupDir);
    expect(afterNoDatabase.local).toEqual(afterUnwritable.local);
    expect(afterNoDatabase.remote).toEqual(afterFirst.remote);
    expect(afterNoDatabase.lastError).toEqual({ at: isoTime, stage: 'local', message: expect.stringMatching(/copia local/) });

    // 5. More orders, then a backup that fully succeeds: the error is cleared.
    const laterOrders = await placeOrders(shop.url, productId, 3);
    const last = await runScript('backup.mjs', [], env);
    expect(last.stderr).toBe('');
    expect(last.code).toBe(0);
    const lastName = path.basename(/^Backup written: (.+)$/m.exec(last.stdout)?.[1] ?? '');
    const afterLast = readStatus(backupDir);
    expect(afterLast.lastError).toBeNull();
    expect(afterLast.remote).toEqual({
      at: isoTime,
      archive: lastName,
      bytes: statSync(path.join(remoteDir, lastName)).size,
      remote: shownRemote,
    });
    expect(afterLast.local?.archive).toBe(lastName);
    expect(Date.parse(afterLast.remote?.at ?? '')).toBeGreaterThan(Date.parse(afterFirst.remote?.at ?? ''));
    expect(remoteArchives(remoteDir)).toEqual([...old.slice(3), firstName, lastName].sort());
    expect(existsSync(path.join(remoteDir, `${old[2]}.sha256`))).toBe(false);
    await shop.stop();

    // 6. What is on the remote, newest first, with sizes.
    const listed = await runScript('restore.mjs', ['--list-remote'], env);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.split('\n').filter((line) => line.startsWith('  shop-backup-'));
    expect(lines).toHaveLength(30);
    expect(lines[0]).toContain(`${lastName}  `);
    expect(lines[0]).toContain(`(${statSync(path.join(remoteDir, lastName)).size} bytes)`);
    expect(lines[1]).toContain(`${firstName}  `);
    expect(lines.at(-1)).toContain(old[3]);

    // 7. `--from-remote latest` into a fresh location, and a shop started on it: every order is there.
    const target = await createTestDatabase('sqlite');
    cleanup.push(() => target.drop());
    const targetUploads = mkdtempSync(path.join(work, 'uploads-'));
    const targetEnv = { ...target.env, ...rcloneEnv, UPLOADS_DIR: targetUploads, BACKUP_REMOTE: remote };
    const latest = await runScript('restore.mjs', ['--from-remote', 'latest'], targetEnv);
    expect(latest.stderr).toBe('');
    expect(latest.code).toBe(0);
    expect(latest.stdout).toContain(`Downloaded ${lastName} from ${shownRemote}`);
    expect(latest.stdout).toMatch(/sha256 matches the one recorded at backup time/);
    expect(latest.stdout).toContain(`Restored the backup of`);
    expect(readFileSync(target.env.ENV_PATH ?? '', 'utf8')).toBe(readFileSync(original.env.ENV_PATH ?? '', 'utf8'));
    const restored = await startStrapi(target, LIMITS);
    cleanup.push(() => restored.stop());
    const listedOrders = await api<{ orders: { orderNumber: string; items: { productId: string; quantity: number }[] }[] }>(
      '/orders?limit=100',
      { token, baseUrl: restored.url },
    );
    expect(listedOrders.status).toBe(200);
    const ours = listedOrders.body.orders.filter((o) => o.items.some((item) => item.productId === productId));
    expect(ours.map((o) => o.orderNumber).sort()).toEqual([...firstOrders, ...laterOrders].sort());
    for (const order of ours) expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([[productId, 1]]);
    await restored.stop();

    // The same refusal as a local archive onto a location that is not empty.
    const again = await runScript('restore.mjs', ['--from-remote', 'latest'], targetEnv);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/not empty/);

    // 8. A named archive: the first backup, without the later orders.
    const named = await createTestDatabase('sqlite');
    cleanup.push(() => named.drop());
    const namedEnv = { ...named.env, ...rcloneEnv, UPLOADS_DIR: mkdtempSync(path.join(work, 'uploads-')), BACKUP_REMOTE: remote };
    const byName = await runScript('restore.mjs', ['--from-remote', firstName], namedEnv);
    expect(byName.stderr).toBe('');
    expect(byName.code).toBe(0);
    const inNamed = await orderNumbersIn(named);
    expect(firstOrders.filter((n) => !inNamed.includes(n))).toEqual([]);
    expect(laterOrders.filter((n) => inNamed.includes(n))).toEqual([]);

    // 9. A copy altered on the remote (same size, other bytes) is refused: nothing is written at the target.
    const altered = readFileSync(uploaded);
    const middle = Math.floor(altered.length / 2);
    altered.writeUInt8(altered.readUInt8(middle) ^ 0xff, middle);
    writeFileSync(uploaded, altered);
    const fresh = await createTestDatabase('sqlite');
    cleanup.push(() => fresh.drop());
    const freshUploads = mkdtempSync(path.join(work, 'uploads-'));
    const refused = await runScript('restore.mjs', ['--from-remote', firstName], {
      ...fresh.env,
      ...rcloneEnv,
      UPLOADS_DIR: freshUploads,
      BACKUP_REMOTE: remote,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Refusing to restore: the copy of .* is not the archive that was backed up: sha256 .* was recorded/);
    expect(refused.stderr).toMatch(/Nothing was changed/);
    expect(existsSync(fresh.env.DATABASE_FILENAME ?? '')).toBe(false);
    expect(readdirSync(freshUploads)).toEqual([]);

    // 10. Names that are not archives are refused before anything is downloaded.
    const traversal = await runScript('restore.mjs', ['--from-remote', '../notes.txt'], namedEnv);
    expect(traversal.code).toBe(2);
    const missing = await runScript('restore.mjs', ['--from-remote', oldName(400)], namedEnv);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No archive .* at offsite:/);

    // The credential in BACKUP_REMOTE never appears in any output or in the status file.
    expect(outputs.filter((text) => text.includes(SECRET))).toEqual([]);
    expect(readFileSync(path.join(backupDir, 'backup-status.json'), 'utf8')).not.toContain(SECRET);
    console.log(`[sqlite] ${rcloneVersion}; test ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });

  it('through an rclone `crypt` remote (no checksum offered): verified by reading the copy back, restored from it', async () => {
    const [source, target] = await sourceAndTarget('sqlite', ['JL-7', 'JL-8']);
    const remoteDir = path.join(work, 'remote-crypt');
    const cryptEnv = {
      ...rcloneEnv,
      RCLONE_CONFIG_VAULT_TYPE: 'crypt',
      RCLONE_CONFIG_VAULT_REMOTE: `offsite:${remoteDir}`,
      RCLONE_CONFIG_VAULT_PASSWORD: execFileSync(realRclone, ['obscure', `crypt-${SECRET}`], { encoding: 'utf8' }).trim(),
      BACKUP_REMOTE: 'vault:',
    };
    const run = await runScript('backup.mjs', [], {
      ...source.env,
      ...cryptEnv,
      BACKUP_DIR: path.join(work, 'backups-crypt'),
      UPLOADS_DIR: path.join(work, 'no-uploads'),
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Off-site copy: vault: shop-backup-.*, verified \(\d+ bytes, sha256 of a download\)$/m);
    // Names and contents are encrypted on the storage.
    const stored = readdirSync(remoteDir);
    expect(stored).toHaveLength(2);
    expect(stored.filter((name) => name.includes('shop-backup'))).toEqual([]);
    const restore = await runScript('restore.mjs', ['--from-remote', 'latest'], {
      ...target.env,
      ...cryptEnv,
      UPLOADS_DIR: mkdtempSync(path.join(work, 'uploads-')),
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(await orderNumbersIn(target)).toEqual(['JL-7', 'JL-8']);
  });

  it.runIf(pgReachable)('PostgreSQL: a backup copied off-site restores from the remote into another database', async () => {
    const [source, target] = await sourceAndTarget('postgres', ['JL-1', 'JL-2']);
    const remoteDir = path.join(work, 'remote-pg');
    const backupDir = path.join(work, 'backups-pg');
    const env = { ...source.env, ...rcloneEnv, BACKUP_DIR: backupDir, BACKUP_REMOTE: `offsite:${remoteDir}`, BACKUP_REMOTE_KEEP: '2' };
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const run = await runScript('backup.mjs', [], { ...env, UPLOADS_DIR: path.join(work, 'no-uploads') });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      names.push(path.basename(/^Backup written: (.+)$/m.exec(run.stdout)?.[1] ?? ''));
    }
    expect(remoteArchives(remoteDir)).toEqual(names.slice(1));
    expect(readStatus(backupDir).remote?.archive).toBe(names[2]);
    const restore = await runScript('restore.mjs', ['--from-remote', 'latest'], {
      ...target.env,
      ...rcloneEnv,
      UPLOADS_DIR: mkdtempSync(path.join(work, 'uploads-')),
      BACKUP_REMOTE: `offsite:${remoteDir}`,
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(await orderNumbersIn(target)).toEqual(['JL-1', 'JL-2']);
  });
});
