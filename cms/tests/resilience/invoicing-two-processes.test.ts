import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '@shop/shared';
import { startFakeArca, type FakeArca } from '../../../scripts/fake-arca.mjs';
import { adminTokenAt, api } from '../helpers/api';
import { ownerWithTwoFactor, setUpInvoicing, waitUntil } from '../helpers/invoicing';
import { createProduct, orderBody, type TestProduct } from '../helpers/orders';
import { startTwoProcesses, stopTwoProcesses, type TwoProcesses } from '../helpers/two-processes';
import { postgresForTests, type DatabaseKind, type RunningStrapi } from '../helpers/strapi-process';

// The production shape for invoices: two app processes on one database (SQLite's file, or PostgreSQL), each with its invoice sweep. Twenty
// orders paid at once, half on each process, must get consecutive numbers from ARCA with no gap and no repeat,
// through one WSAA ticket shared by both (ARCA refuses a second login while a ticket is valid: the fake counts them).
// In the resilience step (not the API step): two extra Strapi processes are too heavy for the API files' budget.
const ORDERS = 20;
const POINT = { id: 'punto-dos', title: 'Punto Dos', address: 'Av. Olascoaga 410', schedule: 'Lun a Sáb', notes: '', enabled: true };
const pgUp = await postgresForTests();
const kinds: DatabaseKind[] = ['sqlite', 'postgres'];

describe.each(kinds)('invoices from two processes on one %s database', (kind) => {
  const runs = kind === 'sqlite' || pgUp;
  let fake: FakeArca;
  let apps: TwoProcesses | undefined;
  let firstOwner: string;
  let product: TestProduct;

  beforeAll(async () => {
    if (!runs) return;
    fake = await startFakeArca();
    apps = await startTwoProcesses(kind, {
      RATE_LIMIT_ORDERS_MAX: '100000',
      ARCA_WSAA_URL: fake.wsaaUrl,
      ARCA_WSFE_URL: fake.wsfeUrl,
      ARCA_SWEEP_MS: '300',
      ARCA_RETRY_MS: '300',
      ARCA_TIMEOUT_MS: '5000',
    });
    firstOwner = await adminTokenAt(apps.first.url);
    const owner = await ownerWithTwoFactor(firstOwner, apps.first.url);
    const content = (await api<{ content: SiteContent }>('/content', { baseUrl: apps.first.url })).body.content;
    content.checkout.deliveryInfo.meetingPoint = { ...content.checkout.deliveryInfo.meetingPoint, enabled: true };
    content.checkout.deliveryInfo.meetingPoints = [POINT];
    content.checkout.paymentInfo.cashOnDelivery = { ...content.checkout.paymentInfo.cashOnDelivery, enabled: true, additionalFee: 0 };
    expect((await api('/content', { method: 'PUT', token: firstOwner, body: content, baseUrl: apps.first.url })).status).toBe(200);
    product = await createProduct({ stock: 500, price: 9900 }, { baseUrl: apps.first.url, token: firstOwner });
    await setUpInvoicing(owner, apps.first.url, (csr) => fake.signCsr(csr));
  });

  afterAll(async () => {
    await stopTwoProcesses(apps ?? {});
    await fake?.close();
  });

  async function paidOn(app: RunningStrapi): Promise<string> {
    const placed = await api<{ order: { _id: string } }>('/orders', {
      body: orderBody([{ productId: product._id, quantity: 1 }], { meetingPointId: POINT.id }),
      baseUrl: app.url,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.order._id;
    const paid = await api(`/orders/${id}/status`, { method: 'PUT', token: firstOwner, body: { status: 'paid' }, baseUrl: app.url });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return id;
  }

  it.skipIf(!runs)(`${ORDERS} orders paid at once across both: consecutive numbers, no gap or repeat, one WSAA ticket`, async () => {
    const { first, second } = apps!;
    const ids = await Promise.all(Array.from({ length: ORDERS }, (_, i) => paidOn(i % 2 === 0 ? first : second)));
    const invoices = await Promise.all(
      ids.map((id, i) =>
        waitUntil(
          async () =>
            (
              await api<{ invoice: { status: string; number: number } }>(`/orders/${id}/invoice`, {
                token: firstOwner,
                baseUrl: (i % 2 === 0 ? second : first).url,
              })
            ).body.invoice,
          (invoice) => invoice.status === 'authorized',
          120_000,
        ),
      ),
    );
    expect(invoices.map((invoice) => invoice.status)).toEqual(Array(ORDERS).fill('authorized'));
    const numbers = invoices.map((invoice) => invoice.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: ORDERS }, (_, k) => k + 1));
    expect(fake.state.last.get('3-11')).toBe(ORDERS);
    expect(fake.state.vouchers.size).toBe(ORDERS);
    expect(fake.state.logins).toBe(1);
    expect(fake.state.refusedLogins).toBe(0);
  });
});
