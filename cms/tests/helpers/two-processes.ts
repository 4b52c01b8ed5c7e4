import { createTestDatabase, startStrapi, type DatabaseKind, type RunningStrapi, type TestDatabase } from './strapi-process';

/** Two app processes on one throwaway database of their own. */
export interface TwoProcesses {
  database: TestDatabase;
  first: RunningStrapi;
  second: RunningStrapi;
}

/**
 * Creates a throwaway database and starts two processes on it, one after the other, with the same `env`. When one
 * does not start, what was started is stopped and the database dropped before the error is thrown.
 */
export async function startTwoProcesses(kind: DatabaseKind, env: Record<string, string>): Promise<TwoProcesses> {
  const database = await createTestDatabase(kind, { seeded: true });
  const started: RunningStrapi[] = [];
  try {
    for (let i = 0; i < 2; i += 1) started.push(await startStrapi(database, env));
  } catch (error) {
    await stopTwoProcesses({ database, first: started[0] });
    throw error;
  }
  return { database, first: started[0]!, second: started[1]! };
}

/** Stops whichever of the two processes were started, then drops their database. */
export async function stopTwoProcesses({ database, first, second }: Partial<TwoProcesses>): Promise<void> {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.drop();
}
