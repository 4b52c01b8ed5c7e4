import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ARCA_URL } from '../playwright.config';
import { bearer, type AdminSession } from './shop';
import { totp } from './totp';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A second owner with two-factor sign-in on (invoicing.manage asks for it); the seeded owner stays as it is. */
export interface TwoFactorOwner {
  email: string;
  password: string;
  secret: string;
  /** When two-factor sign-in was turned on: the next code must be of a later 30-second step. */
  enabledAt: number;
}

export async function twoFactorOwner(request: APIRequestContext, admin: AdminSession, name: string): Promise<TwoFactorOwner> {
  const email = `facturacion.${unique()}@jazminlenceria.com.ar`;
  const created = await request.post('/api/staff', { headers: bearer(admin), data: { name, email, role: 'owner' } });
  expect(created.status()).toBe(201);
  const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };
  const first = (await (await request.post('/api/auth/login', { data: { email, password: temporaryPassword } })).json()) as {
    token: string;
  };
  const password = `Factura-${unique()}-2026`;
  const changed = await request.put('/api/users/password', {
    headers: { Authorization: `Bearer ${first.token}` },
    data: { currentPassword: temporaryPassword, newPassword: password },
  });
  expect(changed.status()).toBe(200);
  // A password change ends the earlier sessions (from the next second on): the answer carries the new one.
  const auth = { Authorization: `Bearer ${((await changed.json()) as { token: string }).token}` };
  const setup = (await (await request.post('/api/auth/2fa/setup', { headers: auth, data: {} })).json()) as { secret: string };
  const enabledAt = Date.now();
  expect((await request.post('/api/auth/2fa/enable', { headers: auth, data: { code: totp(setup.secret, enabledAt) } })).status()).toBe(200);
  return { email, password, secret: setup.secret, enabledAt };
}

/** Signs the two-factor owner in through the API (the challenge and the next code): her session. */
export async function twoFactorSession(request: APIRequestContext, owner: TwoFactorOwner): Promise<AdminSession> {
  const login = (await (await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } })).json()) as {
    challenge?: string;
  };
  expect(login.challenge).toBeTruthy();
  const verified = await request.post('/api/auth/2fa/verify', {
    data: { challenge: login.challenge, code: totp(owner.secret, owner.enabledAt + 30_000) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return (await verified.json()) as AdminSession;
}

const FISCAL = {
  cuit: '20-12345678-6',
  taxCondition: 'monotributo',
  pointOfSale: 4,
  businessName: 'Jazmín Lencería de Prueba',
  address: 'Av. Argentina 245, Neuquén',
  activityStart: '2020-03-01',
  grossIncome: 'Exento',
  environment: 'homologacion',
};

/**
 * Invoicing on, automatic, in homologación against the fake ARCA: the fiscal data, the CSR signed by the fake as
 * ARCA's certificate page would, the certificate. `manualInvoicing` puts it back to by hand for the specs after.
 */
export async function autoInvoicing(request: APIRequestContext, owner: AdminSession): Promise<void> {
  const saved = await request.put('/api/invoicing/settings', { headers: bearer(owner), data: { ...FISCAL, mode: 'auto' } });
  expect(saved.status(), await saved.text()).toBe(200);
  const csr = await request.post('/api/invoicing/csr', { headers: bearer(owner), data: {} });
  expect(csr.status(), await csr.text()).toBe(200);
  const signed = await request.post(`${E2E_ARCA_URL}/__control/sign-csr`, { data: { csr: ((await csr.json()) as { csr: string }).csr } });
  const { certificate } = (await signed.json()) as { certificate: string };
  const uploaded = await request.put('/api/invoicing/certificate', { headers: bearer(owner), data: { certificate } });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
}

export async function manualInvoicing(request: APIRequestContext, owner: AdminSession): Promise<void> {
  const manual = await request.put('/api/invoicing/settings', { headers: bearer(owner), data: { ...FISCAL, mode: 'manual' } });
  expect(manual.status(), await manual.text()).toBe(200);
}
