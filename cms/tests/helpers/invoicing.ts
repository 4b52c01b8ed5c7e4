import { expect } from 'vitest';
import { api } from './api';
import { inviteStaffMember } from './staff';
import { totpAt } from '../../src/domains/staff/totp';

/** An owner account with two-factor sign-in on (invoicing.manage asks for it): its token. */
export async function ownerWithTwoFactor(firstOwner: string, baseUrl: string): Promise<string> {
  const owner = await inviteStaffMember(firstOwner, 'owner', baseUrl);
  return turnOnTwoFactor(owner.token, owner.email, 'Clave-owner-2026', baseUrl);
}

/** Turns two-factor sign-in on for a signed-in account, then signs in again with a code: the new token. */
export async function turnOnTwoFactor(token: string, email: string, password: string, baseUrl: string): Promise<string> {
  const setup = await api('/auth/2fa/setup', { method: 'POST', token, body: {}, baseUrl });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enabled = await api('/auth/2fa/enable', {
    method: 'POST',
    token,
    body: { code: totpAt(setup.body.secret, Date.now()) },
    baseUrl,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const challenge = (await api('/auth/login', { body: { email, password }, baseUrl })).body.challenge;
  const verified = await api('/auth/2fa/verify', { body: { challenge, code: totpAt(setup.body.secret, Date.now() + 30_000) }, baseUrl });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.token;
}

export const SETTINGS = {
  cuit: '20-12345678-6',
  taxCondition: 'monotributo',
  pointOfSale: 3,
  businessName: 'Lencería Neuquén de Prueba',
  address: 'Av. Argentina 100, Neuquén',
  activityStart: '2020-03-01',
  grossIncome: 'Exento',
  environment: 'homologacion',
  mode: 'auto',
};

/** Decodes the `p` of ARCA's QR address. */
export function qrPayloadOf(url: string): Record<string, unknown> {
  const p = new URL(url).searchParams.get('p') ?? '';
  return JSON.parse(Buffer.from(p, 'base64').toString('utf8'));
}

export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Settings saved, key and CSR made, the certificate the fake ARCA signs uploaded: invoicing ready. */
export async function setUpInvoicing(
  token: string,
  baseUrl: string,
  signCsr: (csr: string) => string,
  settings: Record<string, unknown> = SETTINGS,
): Promise<void> {
  const saved = await api('/invoicing/settings', { method: 'PUT', token, body: settings, baseUrl });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const csr = await api('/invoicing/csr', { token, body: {}, baseUrl });
  expect(csr.status, JSON.stringify(csr.body)).toBe(200);
  const cert = await api('/invoicing/certificate', { method: 'PUT', token, body: { certificate: signCsr(csr.body.csr) }, baseUrl });
  expect(cert.status, JSON.stringify(cert.body)).toBe(200);
}
