import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import sharp from 'sharp';
import { REVIEW_MSG, type ProductReviewsAnswer, type StaffReview } from '@shop/shared';
import { api, expectMessage } from '../helpers/api';
import { phonePhoto } from '../helpers/images';
import { PNG_BYTES } from '../helpers/orders';
import type { ShopHandle } from '../helpers/shared-shops';
import { ageDelivery, deliveredOrder, invitationToken, reviewTeamWithOrders, type ReviewTeam } from '../helpers/reviews';

/**
 * Photos on reviews (issue #62), on the shared shop as reviews.test.ts: up to 3 per review, posted as multipart with
 * the review's fields, re-encoded without metadata, hidden one by one by who moderates.
 */
const RUN = Date.now().toString(36);
let team: ReviewTeam & { extra: ShopHandle };

/** A delivered order, eight days on: the sweep invited it; its id and its invitation's token. */
async function invitedOrder(email: string): Promise<{ _id: string; token: string }> {
  const order = await deliveredOrder(team, email);
  await ageDelivery(team.db, order._id, 8);
  return { _id: order._id, token: await invitationToken(team.db, order._id) };
}

/** The review as a multipart form: its fields as text, each photo in `photos`. */
function reviewForm(fields: Record<string, string | number>, photos: { bytes: Uint8Array; name: string; type: string }[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const photo of photos) form.append('photos', new Blob([Uint8Array.from(photo.bytes)], { type: photo.type }), photo.name);
  return form;
}

const postForm = (form: FormData) => api('/reviews', { method: 'POST', raw: form });
const storedPhotos = async () => Number((await team.db('files').where('name', 'like', 'opinion-%').count({ n: '*' }))[0]?.n);

beforeAll(async () => {
  team = await reviewTeamWithOrders({ stock: 10, title: `Conjunto Con Fotos ${RUN}` });
}, 120_000);

afterAll(async () => {
  await team?.db.destroy();
});

describe('photos on reviews', () => {
  let order: { _id: string; token: string };
  let reviewId = 0;

  it('refuses junk photos in Spanish, storing nothing', async () => {
    order = await invitedOrder(`fotos-${RUN}@example.com`);
    const fields = { token: order.token, orderLine: 0, stars: 5, fit: 'true' };
    const before = await storedPhotos();
    const text = { bytes: Buffer.from('esto no es una foto, es texto'), name: 'foto.jpg', type: 'image/jpeg' };
    expectMessage(await postForm(reviewForm(fields, [text])), 400, REVIEW_MSG.photoType);
    const huge = Buffer.alloc(20 * 1024 * 1024);
    Buffer.from(await phonePhoto()).copy(huge);
    expectMessage(
      await postForm(reviewForm(fields, [{ bytes: huge, name: 'enorme.jpg', type: 'image/jpeg' }])),
      400,
      REVIEW_MSG.photoTooBig,
    );
    const png = { bytes: PNG_BYTES, name: 'a.png', type: 'image/png' };
    expectMessage(await postForm(reviewForm(fields, [png, png, png, png])), 400, REVIEW_MSG.photosTooMany);
    // A good photo with junk fields: the schema's Spanish answer, nothing stored either.
    expectMessage(await postForm(reviewForm({ ...fields, stars: 'cinco' }, [png])), 400, REVIEW_MSG.stars);
    expect(await storedPhotos()).toBe(before);
    expect(await team.db('reviews').where({ order_document_id: order._id })).toHaveLength(0);
  }, 60_000);

  it('takes a review with 2 photos, stored without EXIF or GPS, at most 1600 px, and keeps short ones with photos waiting', async () => {
    const settings = await api('/reviews/settings', { token: team.owner });
    expect((await api('/reviews/settings', { method: 'PUT', token: team.owner, body: { autoPublishShort: true } })).status).toBe(200);
    try {
      const phone = await phonePhoto();
      expect((await sharp(phone).metadata()).exif).toBeDefined();
      const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c08080' } })
        .png()
        .toBuffer();
      const res = await postForm(
        reviewForm({ token: order.token, orderLine: '0', stars: '5', fit: 'true' }, [
          { bytes: phone, name: 'IMG_0001.JPG', type: 'image/jpeg' },
          { bytes: wide, name: 'captura.png', type: 'image/png' },
        ]),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // 5 stars without title or text, but with photos: it waits for the owner.
      expect(res.body).toEqual({ status: 'pending', message: REVIEW_MSG.created });
    } finally {
      expect((await api('/reviews/settings', { method: 'PUT', token: team.owner, body: settings.body })).status).toBe(200);
    }
    const list = await api(`/reviews?product=${team.product._id}`, { token: team.sales });
    const mine = (list.body.reviews as StaffReview[]).find((r) => r.orderId === order._id);
    expect(mine?.photos).toHaveLength(2);
    reviewId = mine!.id;
    const sizes: [number, number][] = [];
    for (const photo of mine!.photos!) {
      expect(photo).toEqual({ url: expect.stringMatching(/^\/uploads\/opinion_[0-9a-f]{32}_[0-9a-z]+\.jpg$/), hidden: false });
      const served = await fetch(`${inject('baseUrl')}${photo.url}`);
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      sizes.push([meta.width ?? 0, meta.height ?? 0]);
    }
    // The phone's photo turned upright (EXIF orientation 6), the wide one bounded to 1600 px.
    expect(sizes).toEqual([
      [200, 300],
      [1600, 800],
    ]);
    // Nothing public while it waits.
    expect(((await api(`/products/${team.product._id}/reviews`)).body as ProductReviewsAnswer).reviews).toHaveLength(0);
  }, 60_000);

  it('hides a photo for who moderates (catalogue yes, sales no), out of the public answer', async () => {
    const hide = (token: string, body: Record<string, unknown>) => api(`/reviews/${reviewId}`, { method: 'PUT', token, body });
    expect((await api(`/reviews/${reviewId}`, { method: 'PUT', body: { hiddenPhotos: [0] } })).status).toBe(401);
    expect((await hide(team.sales, { hiddenPhotos: [0] })).status).toBe(403);
    expectMessage(await hide(team.catalog, { hiddenPhotos: [2] }), 400, REVIEW_MSG.photoIndex);
    expect((await hide(team.catalog, { hiddenPhotos: ['0'] })).status).toBe(400);
    const hidden = await hide(team.catalog, { status: 'approved', hiddenPhotos: [0] });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const staff = hidden.body.review as StaffReview;
    expect(staff.photos?.map((p) => p.hidden)).toEqual([true, false]);
    const page = (await api(`/products/${team.product._id}/reviews`)).body as ProductReviewsAnswer;
    expect(page.reviews[0]?.photos).toEqual([{ url: staff.photos?.[1]?.url }]);
    expect(JSON.stringify(page)).not.toContain(staff.photos?.[0]?.url);
    // Shown again: the whole set is what is hidden.
    const shown = await hide(team.owner, { hiddenPhotos: [] });
    expect((shown.body.review as StaffReview).photos?.map((p) => p.hidden)).toEqual([false, false]);
    const again = (await api(`/products/${team.product._id}/reviews`)).body as ProductReviewsAnswer;
    expect(again.reviews[0]?.photos).toHaveLength(2);
  });

  it('keeps the JSON form unchanged: a review without photos answers no photos', async () => {
    const other = await invitedOrder(`sin-fotos-${RUN}@example.com`);
    const res = await api('/reviews', { body: { token: other.token, orderLine: 0, stars: 3, fit: 'small' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await api(`/reviews?product=${team.product._id}`, { token: team.owner });
    expect((list.body.reviews as StaffReview[]).find((r) => r.orderId === other._id)?.photos).toEqual([]);
  }, 60_000);
});
