import { expect, inject } from 'vitest';
import type { FakeWhatsAppSnapshot } from '../../../scripts/fake-whatsapp.mjs';

export { WHATSAPP_ACCOUNT } from './whatsapp-account';

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
