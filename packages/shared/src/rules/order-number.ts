export const SHOP_TIME_ZONE = 'America/Argentina/Buenos_Aires';
/** The shop's time zone is UTC-3 all year (Argentina has had no daylight saving since 2009). */
export const SHOP_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;
export const DEFAULT_ORDER_PREFIX = 'JL';

/** Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it (every order needs one). */
let dayFormat: Intl.DateTimeFormat | null = null;

/** The last minute asked and its day: a day starts on a whole minute in every time zone, so one minute has one day. */
let lastDay: { minute: number; key: string } | null = null;

/** The calendar day of a moment in Argentina, as YYYYMMDD. */
export function shopDayKey(date: Date = new Date()): string {
  const minute = Math.floor(date.getTime() / 60_000);
  if (lastDay?.minute === minute) return lastDay.key;
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = dayFormat.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const key = `${get('year')}${get('month')}${get('day')}`;
  lastDay = { minute, key };
  return key;
}

/** The calendar day of a moment in Argentina, as YYYY-MM-DD (today by default). */
export function shopIsoDay(date: Date = new Date()): string {
  const key = shopDayKey(date);
  return `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6)}`;
}

export function formatOrderNumber(prefix: string, dayKey: string, sequence: number): string {
  return `${prefix}-${dayKey}-${String(sequence).padStart(4, '0')}`;
}

/** Start and end (exclusive) instants of a shop day given as YYYY-MM-DD (Argentina is UTC-3, no DST). */
export function shopDayRange(isoDay: string): { start: Date; end: Date } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return null;
  const start = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00-03:00`);
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  return { start, end };
}
