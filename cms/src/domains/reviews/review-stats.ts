import type { Review } from '@shop/shared';
import { isRecord, isoDate, table } from '../../utils/db-write';
import { REVIEWS_TABLE, toReview } from './review-store';

const PRODUCT_ID = /^[A-Za-z0-9]{1,64}$/;

/** The newest approved reviews of a product (the product page's JSON-LD `review`), newest first. */
export async function latestReviews(productId: string, limit = 5): Promise<Review[]> {
  if (!PRODUCT_ID.test(productId)) return [];
  const rows: unknown[] = await table(strapi.db.connection, REVIEWS_TABLE)
    .where({ product_document_id: productId, review_status: 'approved' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.filter(isRecord).map(toReview);
}

/**
 * The dates and stars of a product's approved reviews since `since` (the owner's stars over time), read as rows and
 * compared here: the databases store dates differently, and a product has few reviews.
 */
export async function approvedStarsSince(productId: string, since: Date): Promise<{ createdAt: string; stars: number }[]> {
  if (!PRODUCT_ID.test(productId)) return [];
  const rows: unknown[] = await table(strapi.db.connection, REVIEWS_TABLE)
    .where({ product_document_id: productId, review_status: 'approved' })
    .select('created_at', 'stars')
    .orderBy('created_at', 'desc')
    .limit(10_000);
  return rows.filter(isRecord).flatMap((row) => {
    const createdAt = isoDate(row.created_at);
    return createdAt && createdAt >= since.toISOString() ? [{ createdAt, stars: Number(row.stars) || 1 }] : [];
  });
}
