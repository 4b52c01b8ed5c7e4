import { createRequire } from 'node:module';
import path from 'node:path';
import { E2E_DATABASE } from '../playwright.config';

/** The little of better-sqlite3 the tests use. */
interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  pragma(text: string): unknown;
  close(): void;
}

/**
 * Whether the browser tests started the shop themselves (its SQLite file is then E2E_DATABASE); a shop already
 * running (E2E_BASE_URL) has a database these tests cannot reach.
 */
export const ownShopDatabase = !process.env.E2E_BASE_URL;

/**
 * Runs `work` on the test shop's SQLite database, for state a browser cannot make (e.g. what an e-mail would carry in
 * a shop without a mail server). better-sqlite3 is the CMS's own driver (as scripts/backup.mjs loads it).
 */
export function withShopDatabase<T>(work: (db: SqliteDatabase) => T): T {
  const load = createRequire(path.join(__dirname, '..', '..', 'cms', 'package.json'));
  const Database: new (file: string) => SqliteDatabase = load('better-sqlite3');
  const db = new Database(E2E_DATABASE);
  try {
    // The shop writes too: wait for its lock instead of failing at once.
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}
