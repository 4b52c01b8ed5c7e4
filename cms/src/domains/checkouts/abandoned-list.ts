// The staff's list of abandoned checkouts (contact, lines priced today, age) and the dashboard's figures.
import type { AbandonedCheckout, AbandonedCheckoutListAnswer, CheckoutStatsAnswer } from '@shop/shared';
import { priceDraft } from './draft-pricing';
import { draftOf, draftsTable, type Row } from './draft-store';

/** `checkout.abandonedAfterMinutes` of the site content (null or missing: 60). */
export async function abandonedAfterMinutes(): Promise<number> {
  const content = await strapi.service('api::site-content.site-content').cachedContent();
  const minutes = Number(content.checkout.abandonedAfterMinutes);
  return Number.isFinite(minutes) && minutes >= 0 ? minutes : 60;
}

/** Drafts without an order whose last change is older than the threshold, newest first. */
function abandonedQuery(before: Date) {
  return draftsTable().whereNull('converted_at').andWhere('updated_at', '<=', before);
}

export async function listAbandoned(page: number, pageSize: number): Promise<AbandonedCheckoutListAnswer> {
  const afterMinutes = await abandonedAfterMinutes();
  const now = Date.now();
  const before = new Date(now - afterMinutes * 60_000);
  const counted = (await abandonedQuery(before).count({ n: '*' }).first()) as { n?: unknown } | undefined;
  const rows: Row[] = await abandonedQuery(before)
    .orderBy([
      { column: 'updated_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset((page - 1) * pageSize)
    .limit(pageSize)
    .select('*');
  const data: AbandonedCheckout[] = [];
  for (const row of rows) {
    const draft = draftOf(row);
    const priced = await priceDraft(draft.lines);
    data.push({
      token: draft.token,
      email: draft.email,
      phone: draft.phone,
      fullName: draft.fullName,
      lines: priced.lines,
      total: priced.total,
      updatedAt: draft.updatedAt.toISOString(),
      ageMinutes: Math.max(0, Math.floor((now - draft.updatedAt.getTime()) / 60_000)),
      emailSentAt: draft.emailSentAt ? draft.emailSentAt.toISOString() : null,
    });
  }
  return { data, meta: { page, pageSize, total: Number(counted?.n ?? 0), afterMinutes } };
}

/**
 * The dashboard over the last `days`: drafts abandoned (no order, past the threshold, last changed in the period),
 * converted, recovered (ordered from a recovery link) and the recovered orders' totals.
 */
export async function checkoutStats(days: number): Promise<CheckoutStatsAnswer> {
  const afterMinutes = await abandonedAfterMinutes();
  const now = Date.now();
  const since = new Date(now - days * 86_400_000);
  const abandoned = (await abandonedQuery(new Date(now - afterMinutes * 60_000))
    .andWhere('updated_at', '>=', since)
    .count({ n: '*' })
    .first()) as { n?: unknown } | undefined;
  const converted = (await draftsTable().whereNotNull('converted_at').andWhere('converted_at', '>=', since).count({ n: '*' }).first()) as
    | { n?: unknown }
    | undefined;
  const recovered = (await draftsTable()
    .whereNotNull('converted_at')
    .andWhere('converted_at', '>=', since)
    .andWhere('recovered', true)
    .count({ n: '*' })
    .sum({ revenue: 'order_total' })
    .first()) as { n?: unknown; revenue?: unknown } | undefined;
  return {
    days,
    abandoned: Number(abandoned?.n ?? 0),
    converted: Number(converted?.n ?? 0),
    recovered: Number(recovered?.n ?? 0),
    recoveredRevenue: Number(recovered?.revenue ?? 0),
  };
}
