import type { TestProject } from 'vitest/node';
import {
  compileCms,
  createTestDatabase,
  makeSeededTemplate,
  postgresAvailable,
  startStrapi,
  type DatabaseKind,
} from './helpers/strapi-process';
import { startShopBroker } from './helpers/shared-shops';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseKind: DatabaseKind;
    databaseEnv: Record<string, string>;
    /** Where a file asks for a kept shop on the run's database (helpers/shared-shops.ts). */
    shopBrokerUrl: string;
  }
}

/** One real Strapi on a throwaway database for the whole run (SQLite by default, TEST_DB=postgres for PostgreSQL). */
export default async function setup(project: TestProject) {
  const kind: DatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  if (kind === 'postgres' && !(await postgresAvailable())) {
    throw new Error('TEST_DB=postgres but PostgreSQL is not reachable (set TEST_PG_ADMIN_URL)');
  }
  if (process.env.SKIP_CMS_COMPILE !== '1') compileCms();
  const database = await createTestDatabase(kind);
  let strapi = await startStrapi(database);
  // The seeded template the files' own shops start from (createTestDatabase(kind, { seeded: true })): taken right
  // after the first start, before any test writes. PostgreSQL copies only a database nobody is connected to.
  let removeTemplate: () => Promise<void>;
  if (kind === 'sqlite') {
    removeTemplate = await makeSeededTemplate(database);
  } else {
    await strapi.stop();
    removeTemplate = await makeSeededTemplate(database);
    strapi = await startStrapi(database);
  }
  // The raised-limit shops beside the shared one, started by the first file that asks and kept for the others.
  const broker = await startShopBroker(database);
  project.provide('shopBrokerUrl', broker.url);
  project.provide('baseUrl', strapi.url);
  project.provide('databaseKind', kind);
  project.provide('databaseEnv', database.env);
  return async () => {
    await broker.close();
    await strapi.stop();
    await database.drop();
    await removeTemplate();
  };
}
