import { SHOP_UTC_OFFSET_MS } from '@shop/shared';

/** An ISO instant as a `datetime-local` value in the shop's time (Argentina, UTC−3). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t - SHOP_UTC_OFFSET_MS).toISOString().slice(0, 16) : '';
}

/** A `datetime-local` value, read in the shop's time, as an ISO instant (null when empty). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const t = Date.parse(`${value}:00Z`);
  return Number.isFinite(t) ? new Date(t + SHOP_UTC_OFFSET_MS).toISOString() : value;
}

/** A date for the lists ("24/11/2026 10:00"), in the shop's time. */
export function shopDateTime(iso: string | null): string {
  const local = toLocalInput(iso);
  if (!local) return '';
  const [day, time] = local.split('T');
  const [y, m, d] = (day ?? '').split('-');
  return `${d}/${m}/${y} ${time}`;
}
