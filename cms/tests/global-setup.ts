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
import { startFakeWhatsApp } from '../../scripts/fake-whatsapp.mjs';
import { WHATSAPP_ACCOUNT } from './helpers/whatsapp-account';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseKind: DatabaseKind;
    databaseEnv: Record<string, string>;
    /** Where a file asks for a kept shop on the run's database (helpers/shared-shops.ts). */
    shopBrokerUrl: string;
    /** The run's fake WhatsApp Cloud API (scripts/fake-whatsapp.mjs), which the shared and kept shops call. */
    whatsappFakeUrl: string;
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
  const whatsapp = await startFakeWhatsApp({
    accessToken: WHATSAPP_ACCOUNT.accessToken,
    appSecret: WHATSAPP_ACCOUNT.appSecret,
    phoneNumberId: WHATSAPP_ACCOUNT.phoneNumberId,
    wabaId: WHATSAPP_ACCOUNT.businessAccountId,
  });
  // Every shop the run starts reaches WhatsApp there (helpers/strapi-process.ts): nothing is sent until a test
  // connects WhatsApp and an order opts in.
  process.env.SHOP_TEST_WHATSAPP_API_URL = whatsapp.url;
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
  project.provide('whatsappFakeUrl', whatsapp.url);
  return async () => {
    await broker.close();
    await strapi.stop();
    await database.drop();
    await removeTemplate();
    await whatsapp.close();
  };
}
