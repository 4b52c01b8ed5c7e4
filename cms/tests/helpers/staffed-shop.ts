import { inject } from 'vitest';
import { adminTokenAt } from './api';
import { inviteStaffMember } from './staff';
import { createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from './strapi-process';

/** A shop of the test file's own on a fresh seeded database, with the owner's token and a salesperson's and a cataloguer's. */
export interface StaffedShop {
  database: TestDatabase;
  shop: RunningStrapi;
  owner: string;
  sales: string;
  catalog: string;
}

/** Starts the shop with this environment, signs the owner in and invites a salesperson and a cataloguer. */
export async function startStaffedShop(env: Record<string, string>): Promise<StaffedShop> {
  const database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  const shop = await startStrapi(database, env);
  const owner = await adminTokenAt(shop.url);
  const sales = (await inviteStaffMember(owner, 'sales', shop.url)).token;
  const catalog = (await inviteStaffMember(owner, 'catalog', shop.url)).token;
  return { database, shop, owner, sales, catalog };
}
