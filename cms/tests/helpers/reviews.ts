import { expect } from 'vitest';
import type { Knex } from 'knex';
import { adminToken, api } from './api';
import { testDatabase } from './database';
import { createProduct, extraStrapi, orderBody, type TestProduct } from './orders';
import type { ShopHandle } from './shared-shops';
import { inviteStaff } from './staff';
import { waitFor } from './wait-for';

/** The review files' cast on the shared shop: its database, the owner, a salesperson, a cataloguer and their product. */
export interface ReviewTeam {
  db: Knex;
  owner: string;
  sales: string;
  catalog: string;
  product: TestProduct;
}

/** Signs the owner in and invites a salesperson and a cataloguer while the product is created. */
export async function reviewTeam(product: Parameters<typeof createProduct>[0]): Promise<ReviewTeam> {
  const db = testDatabase();
  const owner = await adminToken();
  const [sales, catalog, created] = await Promise.all([inviteStaff(owner, 'sales'), inviteStaff(owner, 'catalog'), createProduct(product)]);
  return { db, owner, sales, catalog, product: created };
}

/** The team and the kept process with raised limits, where orders are placed (the shared one keeps the real order budget). */
export async function reviewTeamWithOrders(product: Parameters<typeof createProduct>[0]): Promise<ReviewTeam & { extra: ShopHandle }> {
  const [team, extra] = await Promise.all([reviewTeam(product), extraStrapi()]);
  return { ...team, extra };
}

/** An order of one black M of the team's product, placed on the kept process and delivered (picked up) by the owner. */
export async function deliveredOrder(
  { owner, product, extra }: ReviewTeam & { extra: ShopHandle },
  email: string,
): Promise<{ _id: string; orderNumber: string }> {
  const placed = await api('/orders', {
    baseUrl: extra.url,
    body: orderBody([{ productId: product._id, quantity: 1, size: 'M', color: 'Negro' }], {
      shippingInfo: { fullName: 'María Laura Gómez', email, phone: '299 555 0199', address: '', city: '', postalCode: '8300', notes: '' },
    }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.order as { _id: string; orderNumber: string };
  for (const step of ['ready_for_pickup', 'delivered']) {
    const res = await api(`/orders/${order._id}/fulfillment`, { method: 'PUT', token: owner, body: { step } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return order;
}

const DAY = 86_400_000;

/** Moves the order's delivery (and its last change) `days` back, as if it had been delivered then. */
export async function ageDelivery(db: Knex, orderId: string, days: number): Promise<void> {
  const row: { fulfillment_steps: unknown } = await db('orders').where({ document_id: orderId }).first('fulfillment_steps');
  const raw = typeof row.fulfillment_steps === 'string' ? JSON.parse(row.fulfillment_steps) : row.fulfillment_steps;
  const then = new Date(Date.now() - days * DAY);
  const steps = (raw as { step: string; at: string }[]).map((s) => ({ ...s, at: then.toISOString() }));
  await db('orders')
    .where({ document_id: orderId })
    .update({ fulfillment_steps: JSON.stringify(steps), updated_at: then });
}

/** The review invitations queued for an order. */
export const invitationsOf = (db: Knex, orderId: string) =>
  db('email_outboxes').where({ order_document_id: orderId, kind: 'review_invitation' }).select('text');

/** The signed token of the order's invitation link, once the sweep queued its e-mail. */
export async function invitationToken(db: Knex, orderId: string): Promise<string> {
  const [mail] = await waitFor(
    'the invitation e-mail',
    () => invitationsOf(db, orderId),
    (m) => m.length > 0,
    { timeoutMs: 20_000, everyMs: 200 },
  );
  const token = /\/opinar\/(?!baja)([^\s?]+)/.exec(String(mail?.text))?.[1];
  expect(token).toBeTruthy();
  return decodeURIComponent(token!);
}
