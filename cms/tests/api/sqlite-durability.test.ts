import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CMS_DIR } from '../helpers/strapi-process';

/**
 * An order is acknowledged (201) only after its transaction commits. On SQLite that commit must be on disk before
 * the answer leaves, or a power cut can take back an order the shopper was told exists. This runs the shop's own
 * compiled database configuration (what `strapi start` loads) on real better-sqlite3 connections.
 */

interface PragmaConnection {
  pragma(sql: string, options?: { simple: true }): unknown;
  exec(sql: string): void;
  close(): void;
}
type AfterCreate = (conn: PragmaConnection, done: (err: Error | null, conn: PragmaConnection) => void) => void;

const requireFromCms = createRequire(path.join(CMS_DIR, 'package.json'));
const Database = requireFromCms('better-sqlite3') as new (filename: string) => PragmaConnection;

interface KnexLike {
  (table: string): { select(column: string): Promise<{ units: number }[]>; decrement(column: string, by: number): Promise<number> };
  transaction<T>(work: (trx: KnexLike) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}
/** The knex Strapi runs on (the same package, so the same way of opening a transaction). */
const knex = requireFromCms('knex') as (config: Record<string, unknown>) => KnexLike;

function sqliteAfterCreate(filename: string): AfterCreate {
  const loaded: unknown = requireFromCms(path.join(CMS_DIR, 'dist', 'config', 'database.js'));
  const factory = (loaded as { default?: unknown }).default ?? loaded;
  if (typeof factory !== 'function') throw new Error('dist/config/database.js does not export a function');
  const values: Record<string, string> = { DATABASE_FILENAME: filename };
  const env = Object.assign((key: string, fallback = '') => values[key] ?? fallback, {
    int: (key: string, fallback = 0) => (key in values ? Number(values[key]) : fallback),
    bool: (key: string, fallback = false) => (key in values ? values[key] === 'true' : fallback),
    array: (key: string, fallback: string[] = []) => values[key]?.split(',') ?? fallback,
  });
  const config = (factory as (ctx: { env: typeof env }) => { connection: { client: string; pool?: { afterCreate?: unknown } } })({ env });
  expect(config.connection.client).toBe('sqlite');
  const afterCreate = config.connection.pool?.afterCreate;
  if (typeof afterCreate !== 'function') throw new Error('the SQLite pool has no afterCreate');
  return afterCreate as AfterCreate;
}

function connect(filename: string, afterCreate: AfterCreate): Promise<PragmaConnection> {
  return new Promise((resolve, reject) => {
    afterCreate(new Database(filename), (err, conn) => (err ? reject(err) : resolve(conn)));
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'shop-sqlite-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite durability (acknowledged orders survive a power cut)', () => {
  it('every pooled connection runs WAL with synchronous=FULL, including after a restart on an existing file', async () => {
    const filename = path.join(dir, 'data.db');
    const afterCreate = sqliteAfterCreate(filename);
    // First start: a new file. Then a "restart": better-sqlite3 opens a file already in WAL mode with
    // synchronous=NORMAL by default (SQLITE_DEFAULT_WAL_SYNCHRONOUS=1), where a commit is not fsynced.
    const open: PragmaConnection[] = [];
    try {
      for (const moment of ['first start', 'restart', 'second pooled connection']) {
        const conn = await connect(filename, afterCreate);
        open.push(conn);
        expect(conn.pragma('journal_mode', { simple: true }), moment).toBe('wal');
        expect(conn.pragma('synchronous', { simple: true }), moment).toBe(2); // 2 = FULL
        expect(conn.pragma('foreign_keys', { simple: true }), moment).toBe(1);
        // The first start's connection closes (the process stopped); the restart's stays open beside the next one.
        if (moment === 'first start') open.pop()?.close();
      }
    } finally {
      for (const conn of open) conn.close();
    }
  });
});

describe('SQLite shared by several processes', () => {
  it('a transaction that reads before it writes waits for another process instead of failing (never SQLITE_BUSY_SNAPSHOT)', async () => {
    const filename = path.join(dir, 'two-processes.db');
    const afterCreate = sqliteAfterCreate(filename);
    const db = knex({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true, pool: { afterCreate } });
    // The other process: its own connection on the same file, with a short busy timeout so the test need not wait 10 s.
    const other = await connect(filename, afterCreate);
    other.pragma('busy_timeout = 100');
    try {
      other.exec('CREATE TABLE stock (units INTEGER NOT NULL); INSERT INTO stock VALUES (10)');
      let otherWhileOpen = '';
      await db.transaction(async (trx) => {
        // Strapi's document service reads (a relation, a unique value) before it inserts.
        expect(await trx('stock').select('units')).toEqual([{ units: 10 }]);
        try {
          other.exec('UPDATE stock SET units = units - 1');
          otherWhileOpen = 'wrote';
        } catch (err) {
          otherWhileOpen = err instanceof Error && 'code' in err ? String(err.code) : String(err);
        }
        await trx('stock').decrement('units', 2);
      });
      // The other process had to wait (its busy timeout ran out here); the transaction committed on what it read.
      expect(otherWhileOpen).toBe('SQLITE_BUSY');
      other.exec('UPDATE stock SET units = units - 1');
      expect(await db('stock').select('units')).toEqual([{ units: 7 }]);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
