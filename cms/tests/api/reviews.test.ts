import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { REVIEW_MSG, type ProductReviewsAnswer } from '@shop/shared';
import { api, expectMessage } from '../helpers/api';
import { type TestProduct } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { ageDelivery, deliveredOrder, invitationToken, invitationsOf, reviewTeamWithOrders, type ReviewTeam } from '../helpers/reviews';
import { waitFor } from '../helpers/wait-for';

/**
 * Reviews from real buyers (issue #62, first part), on the shared shop: a delivered order is invited once its delivery
 * is `invitationDelayDays` old (the sweep runs every REVIEW_INVITATIONS_EVERY_MS, short in tests), its lines are
 * reviewed once each, the owner or the catalogue moderates, the product's answers carry the figures.
 */
const RUN = Date.now().toString(36);
let db: Knex;
let owner = '';
let sales = '';
let catalog = '';
let product: TestProduct;
let team: ReviewTeam & { extra: ShopHandle };

beforeAll(async () => {
  team = await reviewTeamWithOrders({ stock: 20, title: `Conjunto Opinado ${RUN}` });
  ({ db, owner, sales, catalog, product } = team);
  const settings = await api('/reviews/settings', {
    method: 'PUT',
    token: owner,
    body: { invitationDelayDays: 7, autoPublishShort: false },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
});

describe('reviews from real buyers', () => {
  let token = '';
  let orderId = '';

  it('invites a delivered order once, after the set days, with a signed link to its lines', async () => {
    const order = await deliveredOrder(team, `opina-${RUN}@example.com`);
    orderId = order._id;
    await ageDelivery(db, order._id, 8);
    token = await invitationToken(db, order._id);
    const invitation = await api(`/reviews/invitation/${encodeURIComponent(token)}`);
    expect(invitation.status).toBe(200);
    expect(invitation.body).toMatchObject({ orderNumber: order.orderNumber, firstName: 'María' });
    expect(invitation.body.lines).toEqual([expect.objectContaining({ index: 0, productId: product._id, size: 'M', reviewed: false })]);
    // Once: a later sweep sends nothing more (the invitation's row is the claim).
    const fresh = await deliveredOrder(team, `opina-luego-${RUN}@example.com`);
    await ageDelivery(db, fresh._id, 8);
    await invitationToken(db, fresh._id);
    expect(await invitationsOf(db, order._id)).toHaveLength(1);
    // A forged or altered link is refused in Spanish.
    expectMessage(await api(`/reviews/invitation/${encodeURIComponent(`${token.slice(0, -2)}xx`)}`), 400, REVIEW_MSG.badToken);
    expectMessage(await api('/reviews/invitation/no-es-un-token'), 400, REVIEW_MSG.badToken);
  });

  it('takes one review per line (also when two race), waiting for approval, with the size of the line', async () => {
    const body = {
      token,
      orderLine: 0,
      stars: 4,
      fit: 'small',
      title: 'Lindo',
      text: 'Pedí mi talle de siempre y me quedó justo de busto.',
      usualSize: 'M',
    };
    const [a, b] = await Promise.all([api('/reviews', { body }), api('/reviews', { body })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const created = a.status === 201 ? a : b;
    expect(created.body).toEqual({ status: 'pending', message: REVIEW_MSG.created });
    expectMessage(await api('/reviews', { body }), 409, REVIEW_MSG.already);
    const again = await api(`/reviews/invitation/${encodeURIComponent(token)}`);
    expect(again.body.lines[0].reviewed).toBe(true);
    // Junk: a Spanish 400 and nothing written.
    for (const junk of [
      { ...body, stars: 6 },
      { ...body, fit: 'raro' },
      { ...body, orderLine: 7 },
      { ...body, text: 'x'.repeat(1001) },
      { ...body, token: 'falso' },
      { ...body, extra: true },
      {},
    ]) {
      const res = await api('/reviews', { body: junk });
      expect(res.status, JSON.stringify(junk).slice(0, 80)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const counted = await db('reviews').where({ order_document_id: orderId }).count({ n: '*' });
    expect(Number(counted[0]?.n)).toBe(1);
    // Waiting: nothing public yet.
    const before = await api(`/products/${product._id}/reviews`);
    expect((before.body as ProductReviewsAnswer).summary.count).toBe(0);
  });

  it('is moderated by the owner and the catalogue, read by sales, refused without a token', async () => {
    const list = await api('/reviews?status=pending', { token: sales });
    expect(list.status).toBe(200);
    const mine = (list.body.reviews as { id: number; orderId: string; email: string }[]).find((r) => r.orderId === orderId);
    expect(mine?.email).toBe(`opina-${RUN}@example.com`);
    expect(list.body.pending).toBeGreaterThanOrEqual(1);
    expect((await api('/reviews')).status).toBe(401);
    expect((await api(`/reviews/${mine!.id}`, { method: 'PUT', body: { status: 'approved' } })).status).toBe(401);
    expect((await api(`/reviews/${mine!.id}`, { method: 'PUT', token: sales, body: { status: 'approved' } })).status).toBe(403);
    expect((await api('/reviews/settings', { token: sales })).status).toBe(403);
    expect((await api('/reviews/settings', { token: catalog })).status).toBe(403);
    expect((await api(`/reviews/${mine!.id}`, { method: 'PUT', token: catalog, body: { status: 'rejected' } })).status).toBe(400);
    expect((await api('/reviews/abc', { method: 'PUT', token: catalog, body: { status: 'approved' } })).status).toBe(400);
    expect((await api('/reviews/999999999', { method: 'PUT', token: catalog, body: { status: 'approved' } })).status).toBe(404);
    const approved = await api(`/reviews/${mine!.id}`, {
      method: 'PUT',
      token: catalog,
      body: { status: 'approved', reply: '¡Gracias, María! Te esperamos.' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.review).toMatchObject({ status: 'approved', reply: { text: '¡Gracias, María! Te esperamos.' } });
  });

  it('shows the approved review with its exact figures, on the product, its card and by fit and size', async () => {
    const page = (await api(`/products/${product._id}/reviews`)).body as ProductReviewsAnswer;
    expect(page.summary).toEqual({ average: 4, count: 1, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 }, fit: { small: 1, true: 0, large: 0 } });
    expect(page.reviews[0]).toMatchObject({
      author: 'María G.',
      verified: true,
      size: 'M',
      color: 'Negro',
      fit: 'small',
      stars: 4,
      usualSize: 'M',
    });
    expect(page.reviews[0]?.reply?.text).toBe('¡Gracias, María! Te esperamos.');
    expect(JSON.stringify(page)).not.toContain('@example.com');
    expect(((await api(`/products/${product._id}/reviews?fit=large`)).body as ProductReviewsAnswer).reviews).toHaveLength(0);
    expect(((await api(`/products/${product._id}/reviews?size=M`)).body as ProductReviewsAnswer).reviews).toHaveLength(1);
    expect((await api(`/products/${product._id}/reviews?fit=raro`)).status).toBe(400);
    const answer = await api(`/products/${product._id}`);
    expect(answer.body.product.rating).toEqual({ average: 4, count: 1 });
    const cards = await api(`/products?searchTerm=${encodeURIComponent(product.title)}`);
    const card = (cards.body.payload as { _id: string; rating?: unknown }[]).find((p) => p._id === product._id);
    expect(card?.rating).toEqual({ average: 4, count: 1 });
  });

  it("moves the fit figure with approved reviews, at the owner's minimum", async () => {
    const content = (await api('/content', { token: owner })).body;
    const saved = content.content ?? content;
    const put = (fitMinimum: number) =>
      api('/content', { method: 'PUT', token: owner, body: { returns: { ...saved.returns, fitMinimum } } });
    expect((await put(1)).status).toBe(200);
    try {
      await waitFor(
        'the fit figure',
        async () => (await api(`/products/${product._id}`)).body.product.fit,
        (fit) => fit !== undefined,
        {
          timeoutMs: 5000,
          everyMs: 100,
        },
      );
      expect((await api(`/products/${product._id}`)).body.product.fit).toEqual({
        direction: 'small',
        basedOn: 1,
        sources: { exchanges: { up: 0, down: 0 }, reviews: { small: 1, true: 0, large: 0 } },
      });
    } finally {
      expect((await put(saved.returns.fitMinimum ?? 5)).status).toBe(200);
    }
  });

  it('never invites again an address that said no', async () => {
    const email = `no-gracias-${RUN}@example.com`;
    const first = await deliveredOrder(team, email);
    await ageDelivery(db, first._id, 8);
    const firstToken = await invitationToken(db, first._id);
    const out = await api('/reviews/unsubscribe', { body: { token: firstToken } });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(REVIEW_MSG.unsubscribed);
    const second = await deliveredOrder(team, email.toUpperCase());
    await ageDelivery(db, second._id, 8);
    // The sweep reached it (its row, without a mail), and sent nothing.
    await waitFor(
      'the sweep to reach the order',
      () => db('review_invitations').where({ order_document_id: second._id }).first(),
      (row) => Boolean(row),
      {
        timeoutMs: 20_000,
        everyMs: 200,
      },
    );
    expect(await invitationsOf(db, second._id)).toHaveLength(0);
    expect(JSON.stringify(await db('review_invitations').select('*'))).not.toContain(email);
  });

  it('does not write to the buyers of long ago (a shop with a history), recording each once', async () => {
    const old = await deliveredOrder(team, `hace-tiempo-${RUN}@example.com`);
    await ageDelivery(db, old._id, 60);
    const row = await waitFor(
      'the sweep to reach it',
      () => db('review_invitations').where({ order_document_id: old._id }).first(),
      Boolean,
      {
        timeoutMs: 20_000,
        everyMs: 200,
      },
    );
    expect((row as { sent_at: unknown }).sent_at).toBeNull();
    expect(await invitationsOf(db, old._id)).toHaveLength(0);
  });

  it("keeps the owner's settings, refusing junk", async () => {
    const saved = await api('/reviews/settings', { token: owner });
    expect(saved.body).toEqual({ invitationDelayDays: 7, autoPublishShort: false });
    for (const body of [{ invitationDelayDays: 61 }, { invitationDelayDays: 'siete' }, { autoPublishShort: 'si' }, { otra: 1 }]) {
      expect((await api('/reviews/settings', { method: 'PUT', token: owner, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api('/reviews/settings', { token: owner })).body).toEqual(saved.body);
  });
});
