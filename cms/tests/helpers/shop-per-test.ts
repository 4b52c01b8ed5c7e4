import { afterEach } from 'vitest';
import { createTestDatabase, startStrapi, type DatabaseKind, type RunningStrapi, type TestDatabase } from './strapi-process';

/**
 * For tests that start a shop of their own on a throwaway database: after each test the shop started last is
 * stopped and the database dropped.
 */
export function shopPerTest() {
  let database: TestDatabase | undefined;
  let running: RunningStrapi | undefined;
  afterEach(async () => {
    await running?.stop();
    await database?.drop();
    running = undefined;
    database = undefined;
  });
  return {
    async createDatabase(kind: DatabaseKind): Promise<TestDatabase> {
      database = await createTestDatabase(kind);
      return database;
    },
    /** Starts a shop on the database created last (again after a crash: the same database). */
    async start(env: Record<string, string>): Promise<RunningStrapi> {
      if (!database) throw new Error('createDatabase() comes first');
      running = await startStrapi(database, env);
      return running;
    },
  };
}
