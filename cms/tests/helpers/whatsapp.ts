import { expect, inject } from 'vitest';
import type { FakeWhatsAppSnapshot } from '../../../scripts/fake-whatsapp.mjs';
import { adminTokenAt, api } from './api';
import { inviteStaffMember } from './staff';
import { WHATSAPP_ACCOUNT } from './whatsapp-account';
import { totpAt } from '../../src/domains/staff/totp';
import { WHATSAPP_SUGGESTIONS } from '../../src/domains/notifications/whatsapp-suggestions';

export { WHATSAPP_ACCOUNT };

/** One of the fake's test controls (POST /__control/<name>): its answer, after checking it said 200. */
export async function whatsappControl<T = Record<string, unknown>>(name: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${inject('whatsappFakeUrl')}/__control/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `fake WhatsApp control ${name}`).toBe(200);
  return (await res.json()) as T;
}

export const whatsappState = () => whatsappControl<FakeWhatsAppSnapshot>('state');

/** The owners this file made: retireOwners() deactivates them (staff.test.ts counts the shop's one active owner). */
const madeOwners: { id: number; baseUrl?: string }[] = [];

/** A new owner account with two-factor sign-in on (whatsapp.manage asks for it): her token. */
export async function ownerWithTwoFactor(baseUrl?: string): Promise<string> {
  const member = await inviteStaffMember(await adminTokenAt(baseUrl ?? inject('baseUrl')), 'owner', baseUrl);
  madeOwners.push({ id: member.id, baseUrl });
  const setup = await api('/auth/2fa/setup', { method: 'POST', token: member.token, body: {}, baseUrl });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const on = await api('/auth/2fa/enable', {
    method: 'POST',
    token: member.token,
    body: { code: totpAt(setup.body.secret, Date.now()) },
    baseUrl,
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return (on.body.token as string | undefined) ?? member.token;
}

/** Every step mapped to the shop's suggested template (es_AR) with the suggestion's variables. */
export const SUGGESTED_MAPPING = Object.fromEntries(
  WHATSAPP_SUGGESTIONS.map((s) => [s.step, { name: s.name, language: 'es_AR', variables: s.variables }]),
);

/**
 * The run's database connected to the run's fake, every step mapped to the suggestions, which the fake's account has
 * approved. The same settings whichever file calls it (several do, on the one database): it never undoes another's.
 */
export async function connectWhatsapp(owner: string, baseUrl?: string): Promise<Record<string, unknown>> {
  await whatsappControl('templates', {
    data: [
      ...WHATSAPP_SUGGESTIONS.map((s) => ({ name: s.name, language: 'es_AR', status: 'APPROVED', category: 'UTILITY', body: s.text })),
      { name: 'plantilla_pendiente', language: 'es_AR', status: 'PENDING', category: 'UTILITY', body: 'Hola {{1}}' },
    ],
  });
  const saved = await api('/whatsapp/settings', {
    method: 'PUT',
    token: owner,
    baseUrl,
    body: { ...WHATSAPP_ACCOUNT, enabled: true, templates: SUGGESTED_MAPPING },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as Record<string, unknown>;
}

/** Deactivates the owners ownerWithTwoFactor() made (in the file's afterAll): the shop keeps its one active owner. */
export async function retireOwners(): Promise<void> {
  for (const made of madeOwners.splice(0)) {
    const admin = await adminTokenAt(made.baseUrl ?? inject('baseUrl'));
    const res = await api(`/staff/${made.id}`, { method: 'PUT', token: admin, baseUrl: made.baseUrl, body: { active: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
