import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startFakeCorreoArgentino } from '../../../scripts/fake-correo-argentino.mjs';
import { startFakeAndreani } from '../../../scripts/fake-andreani.mjs';
import type { FakeCarrier } from '../../../scripts/lib/fake-carrier-http.mjs';
import { adminTokenAt } from './api';
import { createTestDatabase, startStrapi, type DatabaseKind, type RunningStrapi, type TestDatabase } from './strapi-process';

/** The carriers' accounts of one test file, made up for it (the fakes accept only these). */
export const carrierAccounts = () => ({
  correo: {
    user: `tienda-${randomUUID().slice(0, 8)}`,
    password: randomBytes(12).toString('hex'),
    customerId: String(1_000_000 + Math.floor(Math.random() * 8_999_999)),
  },
  andreani: {
    user: `ws-${randomUUID().slice(0, 8)}`,
    password: randomBytes(12).toString('hex'),
    contract: '400006709',
    branchContract: '400006711',
  },
});
export type CarrierAccounts = ReturnType<typeof carrierAccounts>;

/** Both fakes, a shop of its own pointed at them (and `env`), and the owner's token. */
export interface CarrierShop {
  correo: FakeCarrier;
  andreani: FakeCarrier;
  database: TestDatabase;
  shop: RunningStrapi;
  owner: string;
}

export async function startCarrierShop(
  kind: DatabaseKind,
  accounts: CarrierAccounts,
  env: Record<string, string> = {},
): Promise<CarrierShop> {
  const correo = await startFakeCorreoArgentino(accounts.correo);
  const andreani = await startFakeAndreani({
    user: accounts.andreani.user,
    password: accounts.andreani.password,
    contracts: { door: accounts.andreani.contract, branch: accounts.andreani.branchContract },
  });
  const database = await createTestDatabase(kind, { seeded: true });
  const shop = await startStrapi(database, { CORREO_ARGENTINO_API_URL: correo.url, ANDREANI_API_URL: andreani.url, ...env });
  return { correo, andreani, database, shop, owner: await adminTokenAt(shop.url) };
}

export async function stopCarrierShop(running: Partial<CarrierShop>): Promise<void> {
  await running.shop?.stop();
  await running.database?.drop();
  await running.correo?.close();
  await running.andreani?.close();
}

/** The owner's settings with both carriers on, with their credentials (and each one's fees when given). */
export const bothCarriersOn = (
  accounts: CarrierAccounts,
  fees: { correo?: Record<string, number>; andreani?: Record<string, number> } = {},
) => ({
  carriers: {
    'correo-argentino': { enabled: true, credentials: accounts.correo, ...fees.correo },
    andreani: { enabled: true, credentials: accounts.andreani, ...fees.andreani },
  },
});

/** A fake's mode (ok, down, slow, error): a test control, not the carrier's. */
export async function carrierMode(fake: FakeCarrier, value: 'ok' | 'down' | 'slow' | 'error', delayMs?: number): Promise<void> {
  const res = await fetch(`${fake.url}/__control/mode`, { method: 'POST', body: JSON.stringify({ mode: value, delayMs }) });
  expect(res.status).toBe(200);
}
