import { shopDayRange, shopIsoDay } from '@shop/shared';
import { badRequest } from '../../utils/http';

const DAY_MS = 86_400_000;

/** A report's period as asked (Argentine days, both included): `defaultDays` up to today when a day is missing. */
export interface ReportPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** Checks the days (a real day each, `from` ≤ `to`) and answers the period with its instants; a Spanish 400 otherwise. */
export function reportPeriod(
  query: { from?: string; to?: string },
  defaultDays: number,
  messages: { badDate: string; badRange: string },
  now = new Date(),
): ReportPeriod {
  const to = query.to ?? shopIsoDay(now);
  const toRange = shopDayRange(to);
  if (!toRange) throw badRequest(messages.badDate);
  const from = query.from ?? shopIsoDay(new Date(toRange.start.getTime() - (defaultDays - 1) * DAY_MS));
  const fromRange = shopDayRange(from);
  if (!fromRange) throw badRequest(messages.badDate);
  if (fromRange.start > toRange.start) throw badRequest(messages.badRange);
  return { from, to, start: fromRange.start, end: toRange.end };
}
