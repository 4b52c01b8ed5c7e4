import {
  countFit,
  fitFigure,
  jointFitFigure,
  normalizeSizes,
  type FitCounts,
  type FitLine,
  type ProductFit,
  type ReviewFitVotes,
} from '@shop/shared';
import type { Knex } from 'knex';
import { reviewFitBySize } from '../reviews';
import { isPostgres } from '../../utils/catch-up';
import { jsonColumn, table } from '../../utils/db-write';
import { returnsPolicy } from './return-create';
import { RETURNS_TABLE, linesOf } from './return-store';

/**
 * How a product fits, from what the requests record (rules/product-fit.ts): the lines of this product in every
 * request but the rejected ones (a rejected request was not the shop's to count). Read on demand: the product's
 * public answer is cached and dropped whenever a request is made or moves (catalogueChanged in return-create and
 * return-status), and the owner's report is read rarely.
 */

/** The product's sizes in its own order (the guide's, as the back office offers them), then any its variants add. */
async function sizeOrderOf(productId: string): Promise<string[]> {
  const doc: unknown = await strapi.documents('api::product.product').findOne({ documentId: productId, fields: ['size', 'variants'] });
  if (typeof doc !== 'object' || doc === null) return [];
  const row = doc as { size?: unknown; variants?: unknown };
  const variants = jsonColumn(row.variants);
  const variantSizes = Array.isArray(variants)
    ? variants.map((v) => (typeof v === 'object' && v !== null ? (v as { size?: unknown }).size : null))
    : [];
  return [...new Set([...normalizeSizes(jsonColumn(row.size)), ...normalizeSizes(variantSizes)])];
}

/**
 * The product's lines in the requests that count (not rejected). PostgreSQL finds the requests by containment in
 * their GIN index (issue 60 §4: casting 5,000 requests' lines to text for a LIKE took 28 ms a read); SQLite's LIKE
 * narrows the rows (4 ms at 5,000). Either way the lines are matched exactly below.
 */
export async function fitLinesOf(productId: string): Promise<FitLine[]> {
  // A documentId is letters and digits: the LIKE only narrows the rows.
  if (!/^[A-Za-z0-9]{1,64}$/.test(productId)) return [];
  const knex = strapi.db.connection;
  const query = table(knex, RETURNS_TABLE).select('lines').whereNot('return_status', 'rejected');
  if (isPostgres(knex)) void query.andWhereRaw('lines @> ?::jsonb', [JSON.stringify([{ productId }])]);
  else void query.andWhereRaw('lines LIKE ?', [`%${productId}%`]);
  const rows: Record<string, unknown>[] = await query;
  return rows.flatMap((row) => linesOf(row).filter((line) => line.productId === productId));
}

/** PostgreSQL: the GIN index of the requests' lines that fitLinesOf's containment reads (SQLite has none to offer). */
export async function ensureReturnLinesIndex(knex: Knex, schema: string | undefined): Promise<void> {
  if (!isPostgres(knex)) return;
  await knex.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin (lines jsonb_path_ops)', [
    'idx_shop_return_requests_lines',
    schema ? `${schema}.${RETURNS_TABLE}` : RETURNS_TABLE,
  ]);
}

export interface ProductFitCounts extends FitCounts {
  sizeOrder: string[];
}

export async function productFitCounts(productId: string, lines?: FitLine[]): Promise<ProductFitCounts> {
  const [counted, sizeOrder] = await Promise.all([lines ?? fitLinesOf(productId), sizeOrderOf(productId)]);
  return { ...countFit(counted, sizeOrder), sizeOrder };
}

/** Approved reviews' fit answers of the product, all sizes together. */
export async function reviewVotes(productId: string): Promise<ReviewFitVotes> {
  const votes: ReviewFitVotes = { small: 0, true: 0, large: 0 };
  for (const bySize of Object.values(await reviewFitBySize(productId))) {
    votes.small += bySize.small;
    votes.true += bySize.true;
    votes.large += bySize.large;
  }
  return votes;
}

/**
 * The product answer's `fit`: exchanges, size returns and approved reviews' fit answers together, null below the
 * owner's minimum (`returns.fitMinimum`).
 */
export async function productFit(productId: string): Promise<Required<ProductFit> | null> {
  const [lines, votes] = await Promise.all([fitLinesOf(productId), reviewVotes(productId)]);
  // Most products were never exchanged, returned or reviewed: two reads, nothing more.
  if (lines.length === 0 && votes.small + votes.true + votes.large === 0) return null;
  const [counts, policy] = await Promise.all([productFitCounts(productId, lines), returnsPolicy()]);
  const figure =
    votes.small + votes.true + votes.large === 0 ? fitFigure(counts, policy.fitMinimum) : jointFitFigure(counts, votes, policy.fitMinimum);
  // Each source's count rides along: the note and the size finder say what the figure rests on.
  return figure && { ...figure, sources: { exchanges: { up: counts.up, down: counts.down }, reviews: votes } };
}
