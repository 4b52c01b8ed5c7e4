import { expect } from 'vitest';
import type { FakeMercadoPago } from '../../../scripts/fake-mercadopago.mjs';

/**
 * A call to the local fake of Mercado Pago's control routes (`/__control/<path>`): what it holds, and how it should
 * answer next. Fails the test unless the fake accepts it; its JSON answer is read as the test needs it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as the api() helper: the fake's answers are not typed
export async function fakeControl(fake: FakeMercadoPago, path: string, body: unknown = {}): Promise<any> {
  const res = await fetch(`${fake.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBeLessThan(300);
  return res.json();
}
