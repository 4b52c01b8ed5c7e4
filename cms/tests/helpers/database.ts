import { inject } from 'vitest';
import knex, { type Knex } from 'knex';

/** A direct connection to a test database from its env (SQLite file when DATABASE_FILENAME is set, else PostgreSQL). */
export function knexOn(env: Record<string, string | undefined>): Knex {
  return env.DATABASE_FILENAME
    ? knex({ client: 'better-sqlite3', connection: { filename: env.DATABASE_FILENAME }, useNullAsDefault: true })
    : knex({ client: 'pg', connection: env.DATABASE_URL });
}

/** A direct connection to the test shop's database (SQLite file or PostgreSQL), to read what the API does not show. */
export function testDatabase(): Knex {
  return knexOn(inject('databaseEnv'));
}
