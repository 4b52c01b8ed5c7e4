import {
  deliveredAndKept,
  REVIEW_MSG,
  reviewAuthor,
  reviewInputSchema,
  type Order,
  type ReviewInvitationAnswer,
  type ReviewStatus,
} from '@shop/shared';
import { catalogueChanged } from '../catalogue';
import { findOrderDocument, getOrder } from '../orders';
import { insertDocumentOnce, isRecord, writeTransaction } from '../../utils/db-write';
import { badRequest, conflict, notFound, parseWith } from '../../utils/http';
import { cleanReviewPhoto, removeReviewPhotos, storeReviewPhotos } from './review-photos';
import { reviewSettings } from './review-settings';
import { REVIEWS_TABLE } from './review-store';
import { orderOfToken } from './review-tokens';

/** The order an invitation names, checked: 400 for a forged or expired link, 404 when the order is gone. */
async function invitedOrder(token: unknown): Promise<Order> {
  const orderId = orderOfToken(token);
  if (!orderId) throw badRequest(REVIEW_MSG.badToken);
  if (!(await findOrderDocument(orderId))) throw notFound(REVIEW_MSG.badToken);
  return getOrder(orderId);
}

async function reviewedLines(orderId: string): Promise<Set<number>> {
  const rows: unknown[] = await strapi.db.connection(REVIEWS_TABLE).where({ order_document_id: orderId }).select('line_index');
  return new Set(rows.filter(isRecord).map((r) => Number(r.line_index)));
}

/** GET /reviews/invitation/{token}: the order's lines, each saying whether it was reviewed already. */
export async function invitation(token: string): Promise<ReviewInvitationAnswer> {
  const order = await invitedOrder(token);
  const reviewed = await reviewedLines(order._id);
  return {
    orderNumber: order.orderNumber,
    firstName: order.shippingInfo.fullName.trim().split(/\s+/)[0] ?? '',
    lines: deliveredAndKept(order)
      ? order.items.flatMap((item, index) =>
          item.productId
            ? [
                {
                  index,
                  productId: item.productId,
                  title: item.title,
                  image: item.image ?? null,
                  size: item.size ?? '',
                  color: item.color ?? '',
                  reviewed: reviewed.has(index),
                },
              ]
            : [],
        )
      : [],
  };
}

/**
 * POST /reviews: one review of one delivered line, with the size and colour of the line (never typed), her first name
 * and initial, and up to 3 photos (multipart). Waits for the owner's approval, unless she publishes short 4-5 star
 * reviews (no title, text or photo) at once. A second review of the same line (also two at once: the unique index
 * decides) is a 409. Junk photos are refused before anything is stored; photos stored for a review refused at the
 * end (the race) are removed.
 */
export async function submitReview(body: unknown, photos: readonly Buffer[] = []): Promise<{ status: ReviewStatus }> {
  const input = parseWith(reviewInputSchema, body);
  const order = await invitedOrder(input.token);
  const line = order.items[input.orderLine];
  // A line of a product since deleted has nothing to review.
  if (!deliveredAndKept(order) || !line?.productId) throw badRequest(REVIEW_MSG.lineNotReviewable);
  if (photos.length > 0 && (await reviewedLines(order._id)).has(input.orderLine)) throw conflict(REVIEW_MSG.already);
  const cleaned: Buffer[] = [];
  for (const photo of photos) cleaned.push(await cleanReviewPhoto(photo));
  const settings = await reviewSettings();
  const title = input.title?.trim() ?? '';
  const text = input.text?.trim() ?? '';
  const short = input.stars >= 4 && !title && !text && cleaned.length === 0;
  const status: ReviewStatus = settings.autoPublishShort && short ? 'approved' : 'pending';
  const stored = await storeReviewPhotos(cleaned);
  const inserted = await writeTransaction((trx) =>
    insertDocumentOnce(
      trx,
      REVIEWS_TABLE,
      {
        order_document_id: order._id,
        order_number: order.orderNumber,
        line_index: input.orderLine,
        product_document_id: line.productId,
        product_title: line.title.slice(0, 200),
        size: (line.size ?? '').slice(0, 20),
        color: (line.color ?? '').slice(0, 40),
        stars: input.stars,
        fit: input.fit,
        title: title.slice(0, 200),
        body: text,
        usual_size: input.usualSize?.trim() ?? '',
        author: reviewAuthor(order.shippingInfo.fullName).slice(0, 80),
        email: order.shippingInfo.email.trim().toLowerCase().slice(0, 254),
        review_status: status,
        photos: JSON.stringify(stored.map(({ url }) => ({ url, hidden: false }))),
      },
      ['order_document_id', 'line_index'],
    ),
  ).catch(async (err: unknown) => {
    await removeReviewPhotos(stored);
    throw err;
  });
  if (!inserted) {
    await removeReviewPhotos(stored);
    throw conflict(REVIEW_MSG.already);
  }
  // A review published at once changes the product's answer (its rating): the caches drop it.
  if (status === 'approved') await catalogueChanged('all');
  return { status };
}
