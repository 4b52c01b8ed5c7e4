import { inject } from 'vitest';
import knex, { type Knex } from 'knex';

/** A direct connection to the test shop's database (SQLite file or PostgreSQL), to read what the API does not show. */
export function testDatabase(): Knex {
  const env = inject('databaseEnv');
  return env.DATABASE_FILENAME
    ? knex({ client: 'better-sqlite3', connection: { filename: env.DATABASE_FILENAME }, useNullAsDefault: true })
    : knex({ client: 'pg', connection: env.DATABASE_URL });
}
