import { REVIEW_FITS, REVIEW_STATUSES, type Review, type ReviewFit, type ReviewSummary, type StaffReview } from '@shop/shared';
import { isRecord, isoDate, table } from '../../utils/db-write';
import { photosOf } from './review-photos';

/** The reviews (content type api::review.review) and the invitations' and opt-outs' rows (api::review.review-invitation). */
export const REVIEWS_TABLE = 'reviews';
export const INVITATIONS_TABLE = 'review_invitations';

export const REVIEW_INDEXES = [
  // One review per order line, also when two posts race: the index decides.
  { name: 'idx_shop_reviews_line', table: REVIEWS_TABLE, columns: ['order_document_id', 'line_index'], unique: true },
  { name: 'idx_shop_reviews_product', table: REVIEWS_TABLE, columns: ['product_document_id', 'review_status', 'created_at'] },
  { name: 'idx_shop_reviews_status', table: REVIEWS_TABLE, columns: ['review_status', 'created_at'] },
  { name: 'idx_shop_review_invitations_order', table: INVITATIONS_TABLE, columns: ['order_document_id'], unique: true },
  { name: 'idx_shop_review_invitations_email', table: INVITATIONS_TABLE, columns: ['email_hash'] },
] as const;

export type Row = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const fitOf = (v: unknown): ReviewFit => REVIEW_FITS.find((f) => f === v) ?? 'true';

/** A review as shoppers see it. */
export function toReview(row: Row): Review {
  const reply = text(row.reply);
  return {
    id: Number(row.id),
    stars: Math.min(5, Math.max(1, Number(row.stars) || 1)),
    title: text(row.title),
    text: text(row.body),
    fit: fitOf(row.fit),
    size: text(row.size),
    color: text(row.color),
    usualSize: text(row.usual_size),
    author: text(row.author) || 'Compradora',
    verified: true,
    createdAt: isoDate(row.created_at) ?? '',
    reply: reply ? { text: reply, at: isoDate(row.replied_at) ?? isoDate(row.updated_at) ?? '' } : null,
    // Her photos the shop did not hide.
    photos: photosOf(row.photos).flatMap(({ url, hidden }) => (hidden ? [] : [{ url }])),
  };
}

/** A review as staff see it. */
export function toStaffReview(row: Row): StaffReview {
  return {
    ...toReview(row),
    status: REVIEW_STATUSES.find((s) => s === row.review_status) ?? 'pending',
    reason: text(row.reason) || null,
    email: text(row.email),
    orderId: text(row.order_document_id),
    orderNumber: text(row.order_number),
    productId: text(row.product_document_id),
    productTitle: text(row.product_title),
    photos: photosOf(row.photos),
  };
}

export const emptySummary = (): ReviewSummary => ({
  average: 0,
  count: 0,
  stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  fit: { small: 0, true: 0, large: 0 },
});

/** The approved reviews' figures of one product: one grouped read. */
export async function summaryOf(productId: string): Promise<ReviewSummary> {
  const rows: unknown[] = await table(strapi.db.connection, REVIEWS_TABLE)
    .where({ product_document_id: productId, review_status: 'approved' })
    .select('stars', 'fit')
    .count({ n: '*' })
    .groupBy('stars', 'fit');
  const summary = emptySummary();
  let total = 0;
  for (const row of rows.filter(isRecord)) {
    const n = Number(row.n) || 0;
    const stars = Math.min(5, Math.max(1, Number(row.stars) || 1)) as 1 | 2 | 3 | 4 | 5;
    summary.stars[stars] += n;
    summary.fit[fitOf(row.fit)] += n;
    summary.count += n;
    total += n * stars;
  }
  summary.average = summary.count > 0 ? Math.round((total / summary.count) * 10) / 10 : 0;
  return summary;
}

/** `{average, count}` of many products' approved reviews (cards, search results): one grouped read. */
export async function ratingsOf(productIds: readonly string[]): Promise<Map<string, { average: number; count: number }>> {
  const ratings = new Map<string, { average: number; count: number }>();
  if (productIds.length === 0) return ratings;
  const rows: unknown[] = await table(strapi.db.connection, REVIEWS_TABLE)
    .whereIn('product_document_id', [...productIds])
    .andWhere('review_status', 'approved')
    .select('product_document_id')
    .count({ n: '*' })
    .sum({ total: 'stars' })
    .groupBy('product_document_id');
  for (const row of rows.filter(isRecord)) {
    const count = Number(row.n) || 0;
    if (count > 0) ratings.set(text(row.product_document_id), { average: Math.round((Number(row.total) / count) * 10) / 10, count });
  }
  return ratings;
}

/** Approved fit answers of one product by the size bought (the size finder's and the owner's fit report). */
export async function reviewFitBySize(productId: string): Promise<Record<string, Record<ReviewFit, number>>> {
  const rows: unknown[] = await table(strapi.db.connection, REVIEWS_TABLE)
    .where({ product_document_id: productId, review_status: 'approved' })
    .select('size', 'fit')
    .count({ n: '*' })
    .groupBy('size', 'fit');
  const bySize: Record<string, Record<ReviewFit, number>> = {};
  for (const row of rows.filter(isRecord)) {
    const size = text(row.size).toUpperCase() || '—';
    const at = (bySize[size] ??= { small: 0, true: 0, large: 0 });
    at[fitOf(row.fit)] += Number(row.n) || 0;
  }
  return bySize;
}
