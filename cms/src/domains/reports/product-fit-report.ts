import { jointFitFigure, MSG, type FitReportAnswer } from '@shop/shared';
import { unitsSoldBySize } from '../catalogue';
import { productFitCounts, reviewVotes } from '../returns';
import { notFound } from '../../utils/http';

/**
 * GET /reports/fit?productId= (owner): how one product fits, with what it rests on (each source with its count: the
 * exchanges and size returns, the approved reviews' fit answers). Exchanges up and down by the size
 * she bought, units sold per size (orders neither cancelled nor refunded), and the share of sales exchanged. The
 * figure is given even below the owner's minimum (`shown` says whether the product page shows it).
 */
export async function productFitReport(productId: string): Promise<FitReportAnswer> {
  const product: unknown = await strapi.documents('api::product.product').findOne({ documentId: productId, fields: ['title'] });
  if (typeof product !== 'object' || product === null) throw notFound(MSG.product.notFound);
  const [counts, votes, sold, content] = await Promise.all([
    productFitCounts(productId),
    reviewVotes(productId),
    unitsSoldBySize(productId),
    strapi.service('api::site-content.site-content').getContent(),
  ]);
  const minimum = content.returns.fitMinimum;
  // As the product page counts it: exchanges, size returns and approved reviews' answers together.
  const figure = jointFitFigure(counts, votes, 1);
  const sizes = [...new Set([...counts.sizeOrder, ...sold.keys(), ...Object.keys(counts.bySize)])].filter((size) => size !== '');
  const soldUnits = [...sold.values()].reduce((sum, units) => sum + units, 0);
  return {
    productId,
    title: String((product as { title?: unknown }).title ?? ''),
    minimum,
    up: counts.up,
    down: counts.down,
    sources: { exchanges: { up: counts.up, down: counts.down }, reviews: votes },
    figure,
    shown: jointFitFigure(counts, votes, minimum) !== null,
    sold: soldUnits,
    exchanged: counts.exchanged,
    exchangedShare: soldUnits > 0 ? Math.min(1, counts.exchanged / soldUnits) : 0,
    sizes: sizes.map((size) => ({
      size,
      sold: sold.get(size) ?? 0,
      up: counts.bySize[size]?.up ?? 0,
      down: counts.bySize[size]?.down ?? 0,
      exchanged: counts.bySize[size]?.exchanged ?? 0,
    })),
  };
}
