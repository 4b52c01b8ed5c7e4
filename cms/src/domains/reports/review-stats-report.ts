import { lastMonths, MSG, reviewMonths, type ReviewStatsAnswer } from '@shop/shared';
import { approvedStarsSince, reviewFitBySize } from '../reviews';
import { notFound } from '../../utils/http';
import { productFitReport } from './product-fit-report';

const PRODUCT_ID = /^[A-Za-z0-9]{1,64}$/;

/**
 * GET /reviews/products/{id}/stats (staff, reviews.view): one product's approved reviews for the owner: the stars of
 * each of the last 12 months in Argentina, the fit answers by the size bought ("90B: 8 justo, 3 chico, 1 grande")
 * and, for a role that reads reports, what the fit report counts of its exchanges. An unknown product: 404.
 */
export async function productReviewStats(productId: string, withExchanges: boolean, now = new Date()): Promise<ReviewStatsAnswer> {
  if (!PRODUCT_ID.test(productId)) throw notFound(MSG.product.notFound);
  const [first] = lastMonths(now);
  // From the first shown month's first day in Argentina (a day early is harmless: the months leave it out).
  const since = new Date(`${first ?? '1970-01'}-01T00:00:00-03:00`);
  const [report, stars, fit] = await Promise.all([
    productFitReport(productId),
    approvedStarsSince(productId, since),
    reviewFitBySize(productId),
  ]);
  // The product's sizes in the fit report's order, then any size only the reviews know.
  const order = [...new Set([...report.sizes.map((s) => s.size), ...Object.keys(fit)])];
  return {
    productId,
    title: report.title,
    months: reviewMonths(stars, now),
    bySize: order.flatMap((size) => (fit[size] ? [{ size, ...fit[size] }] : [])),
    exchanges: withExchanges
      ? {
          up: report.up,
          down: report.down,
          sold: report.sold,
          exchanged: report.exchanged,
          exchangedShare: report.exchangedShare,
          sizes: report.sizes,
        }
      : null,
  };
}
