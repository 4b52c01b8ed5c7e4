import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './strapi-process';
import { waitFor } from './wait-for';

/**
 * Services a fault test may stop, restart and break without touching the machine's own: a PostgreSQL cluster and a
 * Redis server of the test's own, on their own ports and data folders, gone when the test ends. (The machine's
 * PostgreSQL and Redis serve every other test; restarting them would break those.)
 */

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (set PG_BIN)');
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin');
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (who owns the folder). */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const root = userInfo().uid === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  // Asynchronous: the test's clients keep calling the shop while the server starts, restarts or stops.
  await promisify(execFile)(file, argv, { timeout: 120_000 });
}

export interface OwnPostgres {
  port: number;
  /** A connection URL to `database` (as the superuser `postgres`, trust authentication). */
  url(database: string): string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is down for a moment, then back. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-own-pg-'));
  const data = path.join(dir, 'data');
  mkdirSync(data);
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  const port = await freePort();
  await asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  // fsync off: a throwaway cluster, restarted on purpose; durability is not what this test checks.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]) =>
    asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', ...args]);
  await ctl('start');
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    restart: () => ctl('-m', 'fast', 'restart'),
    stop: async () => {
      try {
        await ctl('-m', 'immediate', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Creates a database on the test's own PostgreSQL. */
export async function createOwnDatabase(server: OwnPostgres, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return server.url(name);
}

export interface OwnRedis {
  url: string;
  /** Stops the server (SIGTERM, nothing kept: it runs without persistence, as the shop's Redis may lose its keys). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-own-redis-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    await waitFor(
      `redis on ${port}`,
      async () => {
        try {
          execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
          return true;
        } catch {
          return false;
        }
      },
      (up) => up,
      { timeoutMs: 10_000, everyMs: 100 },
    );
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
  };
}

/** A small disk of its own (tmpfs of `megabytes`) mounted at `folder`; needs root. `unmount()` takes it away. */
export function mountSmallDisk(folder: string, megabytes: number): { unmount(): void } {
  mkdirSync(folder, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', folder], { stdio: 'pipe' });
  return { unmount: () => execFileSync('umount', ['-l', folder], { stdio: 'pipe' }) };
}
