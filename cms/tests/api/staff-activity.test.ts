import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, shopperToken } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { createProduct, orderBody, extraStrapi } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { inviteStaffMember } from '../helpers/staff';

/** Who did what: every staff change lands in the owner's activity list, newest first, by person and kind. */
describe('GET /activity', () => {
  // Orders are placed on a process of their own (the shared one's order budget belongs to the other files).
  let checkout: ShopHandle;
  beforeAll(async () => {
    checkout = await extraStrapi();
  }, 180_000);
  afterAll(async () => {
    await checkout?.stop();
  });

  it('lists each change with who made it, what and on what; filters by person and kind; pages', async () => {
    const owner = await adminToken();
    const sales = await inviteStaffMember(owner, 'sales');
    const catalog = await inviteStaffMember(owner, 'catalog');
    const product = await createProduct({ stock: 3 });
    const edited = await api(`/products/${product._id}`, { method: 'PUT', token: catalog.token, body: { price: 12345 } });
    expect(edited.status).toBe(200);
    const placed = await api('/orders', {
      baseUrl: checkout.url,
      body: orderBody([{ productId: product._id, quantity: 1 }], { paymentMethod: 'transfer' }),
    });
    expect(placed.status).toBe(201);
    const paid = await api(`/orders/${placed.body.order._id}/status`, { method: 'PUT', token: sales.token, body: { status: 'paid' } });
    expect(paid.status).toBe(200);
    // A refused change is not activity.
    expect(
      (await api(`/orders/${placed.body.order._id}/status`, { method: 'PUT', token: sales.token, body: { status: 'refunded' } })).status,
    ).toBe(403);

    const bySales = await api(`/activity?staffId=${sales.id}`, { token: owner });
    expect(bySales.status).toBe(200);
    expect(bySales.body.activity[0]).toMatchObject({
      staffId: sales.id,
      kind: 'orders',
      action: 'order.status',
      target: placed.body.orderNumber,
      summary: expect.stringContaining('Pagado'),
    });
    expect(bySales.body.activity.map((a: { action: string }) => a.action)).not.toContain('order.refund');
    // Its first sign-in changed the temporary password: that is activity too.
    expect(bySales.body.activity.map((a: { action: string }) => a.action)).toContain('account.password');
    const products = await api(`/activity?kind=products&staffId=${catalog.id}`, { token: owner });
    expect(products.body.activity[0]).toMatchObject({ kind: 'products', action: 'product.update', target: product._id });
    expect(products.body.activity[0].summary).toContain('price');
    const staffChanges = await api('/activity?kind=staff', { token: owner });
    expect(staffChanges.body.activity.some((a: { target: string }) => a.target === sales.email)).toBe(true);
    // Newest first, paged.
    const all = await api('/activity?limit=2&page=1', { token: owner });
    expect(all.body.activity).toHaveLength(2);
    expect(all.body.totalPages).toBeGreaterThan(1);
    const [a, b] = all.body.activity;
    expect(Date.parse(a.at)).toBeGreaterThanOrEqual(Date.parse(b.at));
  });

  it('is the owner’s only, and refuses junk filters with a Spanish 400', async () => {
    const owner = await adminToken();
    const sales = await inviteStaffMember(owner, 'sales');
    expect((await api('/activity')).status).toBe(401);
    expect((await api('/activity', { token: GARBAGE_TOKEN })).status).toBe(401);
    expect((await api('/activity', { token: await shopperToken() })).status).toBe(403);
    expect((await api('/activity', { token: sales.token })).status).toBe(403);
    for (const query of ['kind=robos', 'staffId=abc', 'staffId=-1', 'kind=%00']) {
      const res = await api(`/activity?${query}`, { token: owner });
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
