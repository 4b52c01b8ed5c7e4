import type { Context } from 'koa';
import { factories } from '@strapi/strapi';
import { badRequest, requestBody, unsubscribeBody } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { consume } from '../../../domains/platform';
import { requireStaff } from '../../../domains/staff';
import { invitation, submitReview } from '../../../domains/reviews/review-submit';
import { reviewForm, type ReviewFormBody } from '../../../domains/reviews/review-photos';
import { moderateReview, productReviews, staffReviews } from '../../../domains/reviews/review-moderation';
import { putReviewSettings, reviewSettings } from '../../../domains/reviews/review-settings';
import { unsubscribeInvitations } from '../../../domains/reviews/review-invitations';
import { REVIEW_MSG } from '@shop/shared';

/** Reviews (docs/api.md, "Reviews"). Staff routes are checked by the is-admin policy too. */
export default factories.createCoreController('api::review.review', () => ({
  async productReviews(ctx: Context) {
    ctx.body = await productReviews(routeParam(ctx, 'id'), ctx.query as Record<string, unknown>);
  },

  async invitation(ctx: Context) {
    await consume(ctx, 'reviews');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await invitation(routeParam(ctx, 'token'));
  },

  async create(ctx: Context) {
    await consume(ctx, 'reviews');
    // JSON, or multipart with photos (read into memory by the multipart-routes middleware).
    const form = ctx.state.memoryForm as ReviewFormBody | undefined;
    const { body, photos } = form ? reviewForm(form) : { body: requestBody(ctx), photos: [] };
    const { status } = await submitReview(body, photos);
    ctx.status = 201;
    ctx.body = { status, message: status === 'approved' ? REVIEW_MSG.published : REVIEW_MSG.created };
  },

  /** The invitation's opt-out: the page's POST `{token}` or a mail client's one-click POST (RFC 8058). */
  async unsubscribe(ctx: Context) {
    await consume(ctx, 'reviews');
    const body = unsubscribeBody(ctx);
    const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
    if (typeof token !== 'string') throw badRequest(REVIEW_MSG.badToken);
    ctx.body = await unsubscribeInvitations(token);
  },

  async list(ctx: Context) {
    await requireStaff(ctx, 'reviews.view');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await staffReviews(ctx.query as Record<string, unknown>);
  },

  async settings(ctx: Context) {
    await requireStaff(ctx, 'settings.manage');
    ctx.body = await reviewSettings();
  },

  async saveSettings(ctx: Context) {
    await requireStaff(ctx, 'settings.manage');
    ctx.body = await putReviewSettings(requestBody(ctx));
  },

  async moderate(ctx: Context) {
    await requireStaff(ctx, 'reviews.moderate');
    ctx.body = { review: await moderateReview(routeParam(ctx, 'id'), requestBody(ctx)) };
  },
}));
