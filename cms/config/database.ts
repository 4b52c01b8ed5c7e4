import path from 'path';

type SqliteStatement = { run: (...params: unknown[]) => unknown };
type SqliteConnection = { pragma: (sql: string) => unknown; prepare: (sql: string) => SqliteStatement; inTransaction: boolean };

/**
 * Makes every transaction knex opens on this connection take SQLite's write lock at its start (`BEGIN IMMEDIATE`)
 * instead of at its first write. A deferred transaction that has read and then writes after another process
 * committed cannot wait for the lock: SQLite fails it at once with SQLITE_BUSY_SNAPSHOT, whatever the busy timeout
 * (Strapi's document service reads before it inserts, so a staff invitation on one process failed with a 503 while
 * a second process took orders). An immediate transaction waits its turn through the busy timeout instead. knex
 * opens a transaction with exactly `BEGIN;` (and nested ones with SAVEPOINT, left as they are).
 */
function beginImmediately(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  conn.prepare = (sql: string) => prepare(sql === 'BEGIN;' ? 'BEGIN IMMEDIATE;' : sql);
}

/**
 * Rolls back a transaction whose COMMIT SQLite refused and left open. SQLite keeps the transaction open after a
 * COMMIT that fails on a deferred constraint or with SQLITE_BUSY (it rolls back by itself after most I/O errors,
 * SQLITE_FULL included); knex rejects the transaction but gives the connection back to the pool as it is, so the
 * next request on it (the pool's only connection) found the failed transaction still open, holding the write lock:
 * its BEGIN failed ("cannot start a transaction within a transaction") and its writes would have joined the failed
 * ones. The COMMIT's own error still goes to the caller (503 or 500, nothing was written). knex commits with exactly
 * `COMMIT;` (commit-failure.test.ts).
 */
function rollBackRefusedCommits(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  conn.prepare = (sql: string) => {
    const statement = prepare(sql);
    if (sql !== 'COMMIT;') return statement;
    const run = statement.run.bind(statement);
    statement.run = (...params: unknown[]) => {
      try {
        return run(...params);
      } catch (err) {
        if (conn.inTransaction) prepare('ROLLBACK;').run();
        throw err;
      }
    };
    return statement;
  };
}

/**
 * Keeps the last `max` prepared statements of this connection by their SQL, so that a query the shop makes again (every
 * product read, every order's inserts) is not parsed and planned by SQLite again: knex prepares every query it runs,
 * and preparing was 4.5 % of a shop's CPU under the API tests (profiled 2026-11-29). A statement is run to its end
 * before the next one starts (better-sqlite3 is synchronous and knex only calls `all` and `run`), so one statement
 * serves every later use; SQLite prepares it again by itself after the schema changes. The least recently used one
 * is dropped past `max` (queries with lists of different lengths have texts of their own).
 */
function cachePreparedStatements(conn: SqliteConnection, max = 500): void {
  const prepare = conn.prepare.bind(conn);
  const kept = new Map<string, SqliteStatement>();
  conn.prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (statement) kept.delete(sql);
    else statement = prepare(sql);
    kept.set(sql, statement);
    if (kept.size > max) kept.delete(kept.keys().next().value as string);
    return statement;
  };
}

/** Migrations are written in TypeScript (database/migrations/*.ts) and run from the compiled dist/database/migrations. */
const settings = { useTypescriptMigrations: true };

export default ({ env }: { env: EnvFn }) => {
  const url = env('DATABASE_URL', '');
  if (url) {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: url,
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) } : false,
          schema: env('DATABASE_SCHEMA', 'public'),
          // A server that does not answer (restarting, failing over) is given up after 3 s, not the OS's minutes.
          connectionTimeoutMillis: env.int('DATABASE_CONNECT_TIMEOUT_MS', 3000),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        // A request waits at most this long for a connection; then it answers 503 with Retry-After (api-errors.ts)
        // instead of hanging while the database is down.
        acquireConnectionTimeout: env.int('DATABASE_ACQUIRE_TIMEOUT_MS', 6000),
      },
      settings,
    };
  }
  const filename = env('DATABASE_FILENAME', path.join(__dirname, '..', '..', '.tmp', 'data.db'));
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: path.resolve(filename) },
      useNullAsDefault: true,
      pool: {
        // WAL + a busy timeout + immediate transactions let several app processes share one SQLite file without
        // "database is locked".
        // synchronous=FULL: every commit is fsynced to the WAL before it returns, so an order answered 201 (its
        // transaction committed) survives a power cut. better-sqlite3 opens an existing WAL file with NORMAL, where
        // the last commits can be lost; it is set on every connection because the setting is per connection.
        afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: SqliteConnection) => void) => {
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = FULL');
          conn.pragma('busy_timeout = 10000');
          conn.pragma('foreign_keys = ON');
          beginImmediately(conn);
          rollBackRefusedCommits(conn);
          cachePreparedStatements(conn);
          done(null, conn);
        },
      },
    },
    settings,
  };
};
