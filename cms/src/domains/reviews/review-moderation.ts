import {
  REVIEW_FITS,
  REVIEW_MSG,
  REVIEW_STATUSES,
  reviewModerationSchema,
  type ProductReviewsAnswer,
  type ReviewStatus,
  type StaffReview,
} from '@shop/shared';
import type { Knex } from 'knex';
import { catalogueChanged } from '../catalogue';
import { isRecord, table, writeTransaction } from '../../utils/db-write';
import { badRequest, notFound, parseWith } from '../../utils/http';
import { photosOf } from './review-photos';
import { REVIEWS_TABLE, summaryOf, toReview, toStaffReview } from './review-store';

const PRODUCT_ID = /^[A-Za-z0-9]{1,64}$/;

/** A single query value: absent → undefined; anything but one short text → 400. */
function one(value: unknown, max = 40): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max) throw badRequest('Filtro inválido');
  return value.trim();
}

/** One page of the rows, newest first (the later id first among reviews written in the same instant). */
function newestFirst(rows: Knex.QueryBuilder, page: number, pageSize: number): Knex.QueryBuilder {
  return rows
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** GET /products/{id}/reviews: the approved reviews, newest first, by fit and size when asked, with the summary. */
export async function productReviews(productId: string, query: Record<string, unknown>): Promise<ProductReviewsAnswer> {
  if (!PRODUCT_ID.test(productId)) throw badRequest('Identificador de producto inválido');
  const fit = one(query.fit);
  if (fit !== undefined && !REVIEW_FITS.some((f) => f === fit)) throw badRequest('El calce debe ser small, true o large');
  const size = one(query.size, 20);
  const page = Math.min(1000, Math.max(1, Number.parseInt(one(query.page) ?? '1', 10) || 1));
  const pageSize = 10;
  const knex = strapi.db.connection;
  const filtered = () => {
    const q = table(knex, REVIEWS_TABLE).where({ product_document_id: productId, review_status: 'approved' });
    if (fit) void q.andWhere('fit', fit);
    if (size) void q.andWhere('size', size);
    return q;
  };
  const [summary, counted, rows, sizes] = await Promise.all([
    summaryOf(productId),
    filtered().count({ n: '*' }).first(),
    newestFirst(filtered(), page, pageSize),
    table(knex, REVIEWS_TABLE).where({ product_document_id: productId, review_status: 'approved' }).distinct('size'),
  ]);
  return {
    summary,
    reviews: (rows as unknown[]).filter(isRecord).map(toReview),
    page,
    pageSize,
    total: isRecord(counted) ? Number(counted.n) || 0 : 0,
    sizes: (sizes as unknown[])
      .filter(isRecord)
      .map((r) => String(r.size ?? ''))
      .filter(Boolean)
      .sort(),
  };
}

/** GET /reviews (staff): newest first, by status, product and stars; with the count waiting. */
export async function staffReviews(query: Record<string, unknown>) {
  const status = one(query.status);
  if (status !== undefined && !REVIEW_STATUSES.some((s) => s === status)) throw badRequest('Estado inválido: pending, approved o rejected');
  const product = one(query.product, 64);
  if (product !== undefined && !PRODUCT_ID.test(product)) throw badRequest('Identificador de producto inválido');
  const stars = one(query.stars);
  if (stars !== undefined && !/^[1-5]$/.test(stars)) throw badRequest('Las estrellas van de 1 a 5');
  const page = Math.min(10_000, Math.max(1, Number.parseInt(one(query.page) ?? '1', 10) || 1));
  const pageSize = 20;
  const knex = strapi.db.connection;
  const filtered = () => {
    const q = table(knex, REVIEWS_TABLE);
    if (status) void q.where('review_status', status);
    if (product) void q.where('product_document_id', product);
    if (stars) void q.where('stars', Number(stars));
    return q;
  };
  const [counted, waiting, rows] = await Promise.all([
    filtered().count({ n: '*' }).first(),
    table(knex, REVIEWS_TABLE).where('review_status', 'pending').count({ n: '*' }).first(),
    newestFirst(filtered(), page, pageSize),
  ]);
  return {
    reviews: (rows as unknown[]).filter(isRecord).map(toStaffReview),
    total: isRecord(counted) ? Number(counted.n) || 0 : 0,
    page,
    pageSize,
    pending: isRecord(waiting) ? Number(waiting.n) || 0 : 0,
  };
}

/**
 * PUT /reviews/{id}: approve, reject with a reason (kept for staff, never shown to her), reply as the shop, hide
 * some of her photos from the public page (`hiddenPhotos`: the indexes hidden).
 */
export async function moderateReview(idParam: string, body: unknown): Promise<StaffReview> {
  if (!/^\d{1,10}$/.test(idParam)) throw badRequest('Identificador de opinión inválido');
  const id = Number(idParam);
  const input = parseWith(reviewModerationSchema, body);
  const now = new Date();
  const row = await writeTransaction(async (trx) => {
    const found: unknown = await table(trx, REVIEWS_TABLE).where({ id }).first();
    if (!isRecord(found)) throw notFound(REVIEW_MSG.notFound);
    const data: Record<string, unknown> = { updated_at: now };
    if (input.status) Object.assign(data, { review_status: input.status as ReviewStatus, moderated_at: now, reason: input.reason ?? null });
    if (input.reply !== undefined)
      Object.assign(data, { reply: input.reply?.trim() || null, replied_at: input.reply?.trim() ? now : null });
    if (input.hiddenPhotos !== undefined) {
      // The whole set of hidden photos (by their index): the others are shown.
      const photos = photosOf(found.photos);
      if (input.hiddenPhotos.some((i) => i >= photos.length)) throw badRequest(REVIEW_MSG.photoIndex);
      data.photos = JSON.stringify(photos.map((p, i) => ({ ...p, hidden: input.hiddenPhotos?.includes(i) === true })));
    }
    await table(trx, REVIEWS_TABLE).where({ id }).update(data);
    return { ...found, ...data };
  });
  // Published, hidden or answered: the product's public answers (rating, reviews) change.
  await catalogueChanged('all');
  return toStaffReview(row);
}
