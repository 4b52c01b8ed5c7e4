import { describe, expect, it } from 'vitest';
import type { SiteContent } from '@shop/shared';
import { startFakeArca } from '../../../scripts/fake-arca.mjs';
import { adminTokenAt, api } from '../helpers/api';
import { knexOn } from '../helpers/database';
import { ownerWithTwoFactor, setUpInvoicing, waitUntil } from '../helpers/invoicing';
import { createProduct, orderBody } from '../helpers/orders';
import { createTestDatabase, postgresForTests, startStrapi, type DatabaseKind, type RunningStrapi } from '../helpers/strapi-process';

/**
 * "Never twice, never lost" when the process dies mid-call: ARCA authorises the invoice but its answer is slow, the
 * shop's process is killed with SIGKILL while it waits (no shutdown code runs), and a new process on the same database
 * must end with exactly one authorised invoice: the one ARCA made (reconciled with FECompConsultar), never a second
 * number asked.
 */

const POINT = { id: 'punto-corte', title: 'Punto Corte', address: 'Av. Argentina 200', schedule: 'Lun a Vie', notes: '', enabled: true };
const pgUp = await postgresForTests();
const kinds: DatabaseKind[] = ['sqlite', 'postgres'];

describe.each(kinds)('%s: a process killed between asking ARCA and its answer', (kind) => {
  it.skipIf(kind === 'postgres' && !pgUp)(
    'ends with exactly one authorised invoice after the restart',
    async () => {
      const fake = await startFakeArca();
      const control = (body: unknown) => fetch(`${fake.url}/__control/switches`, { method: 'POST', body: JSON.stringify(body) });
      const database = await createTestDatabase(kind);
      const env = {
        RATE_LIMIT_ORDERS_MAX: '100000',
        ARCA_WSAA_URL: fake.wsaaUrl,
        ARCA_WSFE_URL: fake.wsfeUrl,
        ARCA_SWEEP_MS: '300',
        ARCA_RETRY_MS: '300',
        // The killed process's lease (3 × the timeout + the margin) is what the new one waits out: 3 × 6 s + 1 s.
        ARCA_TIMEOUT_MS: '6000',
        ARCA_LEASE_MARGIN_MS: '1000',
      };
      let shop: RunningStrapi | undefined;
      try {
        shop = await startStrapi(database, env);
        const firstOwner = await adminTokenAt(shop.url);
        const owner = await ownerWithTwoFactor(firstOwner, shop.url);
        const content = (await api<{ content: SiteContent }>('/content', { baseUrl: shop.url })).body.content;
        content.checkout.deliveryInfo.meetingPoint = { ...content.checkout.deliveryInfo.meetingPoint, enabled: true };
        content.checkout.deliveryInfo.meetingPoints = [POINT];
        content.checkout.paymentInfo.cashOnDelivery = { ...content.checkout.paymentInfo.cashOnDelivery, enabled: true, additionalFee: 0 };
        expect((await api('/content', { method: 'PUT', token: firstOwner, body: content, baseUrl: shop.url })).status).toBe(200);
        const product = await createProduct({ stock: 10, price: 15000 }, { baseUrl: shop.url, token: firstOwner });
        await setUpInvoicing(owner, shop.url, (csr) => fake.signCsr(csr));

        // ARCA authorises at once, but its answer takes 5 s to come back (within the shop's 6 s timeout).
        await control({ answerDelayMs: 5000 });
        const placed = await api<{ order: { _id: string } }>('/orders', {
          body: orderBody([{ productId: product._id, quantity: 1 }], { meetingPointId: POINT.id }),
          baseUrl: shop.url,
        });
        expect(placed.status).toBe(201);
        const id = placed.body.order._id;
        const paid = await api(`/orders/${id}/status`, { method: 'PUT', token: firstOwner, body: { status: 'paid' }, baseUrl: shop.url });
        expect(paid.status).toBe(200);
        await waitUntil(
          async () => fake.state.vouchers.size,
          (n) => n === 1,
          20_000,
        );
        expect(fake.state.vouchers.size).toBe(1);
        // Killed while it waits for ARCA's answer.
        const exited = new Promise((resolve) => shop!.process.once('exit', resolve));
        shop.process.kill('SIGKILL');
        await exited;
        const db = knexOn(database.env);
        try {
          const rows = await db('invoices').where({ order_document_id: id }).select('status', 'number');
          expect(rows).toHaveLength(1);
          expect(rows[0]).toMatchObject({ status: 'pending', number: 1 });
        } finally {
          await db.destroy();
        }
        await control({ answerDelayMs: 0 });

        shop = await startStrapi(database, env);
        const invoice = await waitUntil(
          async () => (await api(`/orders/${id}/invoice`, { token: owner, baseUrl: shop!.url })).body.invoice,
          (i) => i.status === 'authorized',
          120_000,
        );
        const voucher = [...fake.state.vouchers.values()][0]!;
        expect(invoice).toMatchObject({ status: 'authorized', number: 1, cae: voucher.CodAutorizacion });
        expect(fake.state.vouchers.size).toBe(1);
        expect(fake.state.calls.filter((c) => c === 'FECAESolicitar')).toHaveLength(1);
        expect(fake.state.calls).toContain('FECompConsultar');
      } finally {
        await shop?.stop();
        await database.drop();
        await fake.close();
      }
    },
    420_000,
  );
});
