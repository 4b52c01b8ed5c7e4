import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailListAnswerSchema, emailResendAnswerSchema, type EmailMessage, type EmailStatus, type Order } from '@shop/shared';
import { adminToken, adminTokenAt, api, shopperToken, type CallOptions } from '../helpers/api';
import { testDatabase } from '../helpers/database';
import { expectAdminOnly } from '../helpers/auth-matrix';
import { JUNK_QUERY_VALUES, LONG_10K, NUL_TEXT } from '../helpers/junk';
import { createProduct, orderBody, extraStrapi } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { TEST_ADMIN } from '../helpers/strapi-process';

// The test shops run without SMTP_HOST: mail waits in the outbox, readable by staff.

describe('outbox without a mail server', () => {
  // Orders are placed on a process of their own (raised order limit, same database): the shared process's order
  // budget belongs to the files that test the limit.
  let shop: ShopHandle;
  let staffToken: string;
  const call = (path: string, options: CallOptions = {}) => api(path, { baseUrl: shop.url, ...options });
  const adminToken = () => Promise.resolve(staffToken);

  async function placeOrder(): Promise<Order> {
    const product = await createProduct({ stock: 5 }, { baseUrl: shop.url, token: staffToken });
    const res = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }]) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.order;
  }

  beforeAll(async () => {
    shop = await extraStrapi();
    staffToken = await adminTokenAt(shop.url);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('keeps the order mail pending, listed for staff, with the owner defaulting to the staff account', async () => {
    const order = await placeOrder();
    const res = await call(`/emails?order=${order._id}`, { token: await adminToken() });
    expect(res.status).toBe(200);
    const list = emailListAnswerSchema.parse(res.body);
    expect(list.mailConfigured).toBe(false);
    expect(list.total).toBe(2);
    const byKind = Object.fromEntries(list.emails.map((m) => [m.kind, m]));
    expect(byKind.order_received?.to).toBe(order.shippingInfo.email);
    expect(byKind.order_received?.subject).toContain(order.orderNumber);
    expect(byKind.owner_new_order?.to).toBe(TEST_ADMIN.email);
    expect(list.emails.every((m) => m.status === 'pending' && m.attempts === 0 && m.sentAt === null && m.orderId === order._id)).toBe(true);
  });

  it('lists newest first, filters by status and pages', async () => {
    await placeOrder();
    const token = await adminToken();
    const page1 = emailListAnswerSchema.parse((await call('/emails?limit=1&status=pending', { token })).body);
    expect(page1.emails).toHaveLength(1);
    expect(page1.totalPages).toBe(page1.total);
    const page2 = emailListAnswerSchema.parse((await call('/emails?limit=1&page=2&status=pending', { token })).body);
    expect(page2.emails[0]!.id).toBeLessThan(page1.emails[0]!.id);
    const sent = emailListAnswerSchema.parse((await call('/emails?status=sent', { token })).body);
    expect(sent.emails).toEqual([]);
  });

  it('re-queues a message now (resend) and answers 404 for an unknown one', async () => {
    const order = await placeOrder();
    const token = await adminToken();
    const [first] = emailListAnswerSchema.parse((await call(`/emails?order=${order._id}`, { token })).body).emails;
    const res = await call(`/emails/${first!.id}/resend`, { method: 'POST', token });
    expect(res.status).toBe(200);
    const { email } = emailResendAnswerSchema.parse(res.body);
    expect(email).toMatchObject({ id: first!.id, status: 'pending', attempts: 0 });
    const missing = await call('/emails/999999999/resend', { method: 'POST', token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Correo no encontrado');
  });
});

/**
 * The list's pages are read from an index in the list's order (created_at, id), newest first; these answers are the
 * ones the Query Engine's findMany gave (docs/performance.md, "The outbox list"). Seven messages of the far future
 * are the newest of the outbox, written oldest id first: two pairs share their moment, so the id decides there.
 */
describe('the outbox list: order, pages and filter', () => {
  let db: Knex;
  const AT = Date.parse('2090-03-01T12:00:00.000Z');
  const LINES: { minutes: number; status: EmailStatus }[] = [
    { minutes: 0, status: 'failed' },
    { minutes: 0, status: 'sent' },
    { minutes: -1, status: 'pending' },
    { minutes: -2, status: 'failed' },
    { minutes: -2, status: 'failed' },
    { minutes: -3, status: 'sent' },
    { minutes: -4, status: 'failed' },
  ];
  /** The seven as the list must answer them, newest first (the later id first at the same moment). */
  let expected: EmailMessage[] = [];

  beforeAll(async () => {
    db = testDatabase();
    await db('email_outboxes').where('order_document_id', 'like', 'listaorden%').delete();
    const written: EmailMessage[] = [];
    for (const [i, line] of LINES.entries()) {
      const created = new Date(AT + line.minutes * 60_000);
      const next = new Date(created.getTime() + 5 * 60_000);
      const sent = new Date(created.getTime() + 1_000);
      const [row] = await db('email_outboxes')
        .insert({
          document_id: `lista-${i}-${Date.now()}`,
          to: `lista${i}@example.com`,
          subject: `Prueba de la lista ${i}`,
          html: '<p>Prueba</p>',
          text: 'Prueba',
          kind: 'order_paid',
          order_document_id: `listaorden${i}`,
          order_number: `JL-20900301-000${i}`,
          status: line.status,
          attempts: i,
          next_attempt_at: next,
          last_error: line.status === 'failed' ? 'Buzón lleno' : null,
          sent_at: line.status === 'sent' ? sent : null,
          created_at: created,
          updated_at: created,
          published_at: created,
        })
        .returning('id');
      const id = Number(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row);
      written.push({
        id,
        to: `lista${i}@example.com`,
        subject: `Prueba de la lista ${i}`,
        kind: 'order_paid',
        orderId: `listaorden${i}`,
        orderNumber: `JL-20900301-000${i}`,
        status: line.status,
        attempts: i,
        nextAttemptAt: line.status === 'pending' ? next.toISOString() : null,
        lastError: line.status === 'failed' ? 'Buzón lleno' : null,
        sentAt: line.status === 'sent' ? sent.toISOString() : null,
        createdAt: created.toISOString(),
      });
    }
    expected = [...written].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
  });

  afterAll(async () => {
    await db('email_outboxes').where('order_document_id', 'like', 'listaorden%').delete();
    await db.destroy();
  });

  const list = async (query: string) => {
    const res = await api(`/emails?${query}`, { token: await adminToken() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return emailListAnswerSchema.parse(res.body);
  };
  const countOf = async (status?: EmailStatus) => {
    const q = db('email_outboxes');
    if (status) void q.where('status', status);
    const row = await q.count({ n: '*' }).first();
    return Number(row?.n);
  };

  it('pages the whole outbox newest first, the id deciding between equal moments, with every field', async () => {
    const total = await countOf();
    const pages = [await list('page=1&limit=3'), await list('page=2&limit=3'), await list('page=3&limit=3')];
    for (const [i, page] of pages.entries()) {
      expect(page).toMatchObject({ total, totalPages: Math.ceil(total / 3), page: i + 1, mailConfigured: false });
    }
    expect(pages[0]!.emails).toEqual(expected.slice(0, 3));
    expect(pages[1]!.emails).toEqual(expected.slice(3, 6));
    expect(pages[2]!.emails[0]).toEqual(expected[6]);
    // Past the last page: no message, the same count.
    const beyond = await list(`page=${Math.ceil(total / 3) + 1}&limit=3`);
    expect(beyond).toMatchObject({ emails: [], total });
  });

  it('filters by status (and by order) with the same order and count', async () => {
    const failed = expected.filter((m) => m.status === 'failed');
    expect(failed).toHaveLength(4);
    const total = await countOf('failed');
    const first = await list('page=1&limit=2&status=failed');
    const second = await list('page=2&limit=2&status=failed');
    expect(first).toMatchObject({ total, totalPages: Math.ceil(total / 2), page: 1 });
    expect([...first.emails, ...second.emails]).toEqual(failed);
    const sent = await list('limit=20&status=sent');
    expect(sent.emails.slice(0, 2)).toEqual(expected.filter((m) => m.status === 'sent'));
    expect(sent.total).toBe(await countOf('sent'));
    const pending = await list('limit=1&status=pending');
    expect(pending.emails).toEqual([expected.find((m) => m.status === 'pending')]);
    const ofOrder = await list('order=listaorden3');
    expect(ofOrder).toMatchObject({ emails: [expected.find((m) => m.orderId === 'listaorden3')], total: 1, totalPages: 1 });
  });
});

describe('who may read and resend mail', () => {
  it('only staff: no token and garbage token 401, a shopper 403', async () => {
    await expectAdminOnly('GET', '/emails');
    await expectAdminOnly('GET', '/emails?status=pending');
    await expectAdminOnly('POST', '/emails/1/resend');
    // A shopper's token cannot read the shop's mail, not even their own.
    const shopper = await api('/emails', { token: await shopperToken() });
    expect(shopper.status).toBe(403);
  });

  it('junk filters and ids: a 4xx with a Spanish message, never a 500', async () => {
    const token = await adminToken();
    const paths = [
      ...JUNK_QUERY_VALUES.flatMap((v) => [`/emails?status=${v}`, `/emails?order=${v}`, `/emails?page=${v}&limit=${v}`]),
      `/emails?status=pending&status=sent`,
      `/emails?order=a&order=b`,
      `/emails?status=${encodeURIComponent(NUL_TEXT)}`,
      `/emails?order=${encodeURIComponent(LONG_10K)}`,
    ];
    for (const path of paths) {
      const res = await api(path, { token });
      expect(res.status, path).not.toBe(500);
      if (res.status !== 200) {
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
        expect(typeof res.body?.message, path).toBe('string');
      }
    }
    const invalid = await api('/emails?status=enviado', { token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/Estado de correo inválido/);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999', '%00', 'x'.repeat(300), encodeURIComponent(NUL_TEXT)]) {
      const res = await api(`/emails/${id}/resend`, { method: 'POST', token, body: { junk: NUL_TEXT } });
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
      expect(typeof res.body?.message, id).toBe('string');
    }
  });
});
