import { SHOP_TIME_ZONE } from '@shop/shared';

/** Admin dates are written the es-ES way (day/month/year), in the shop's time zone. */
const DAY = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: SHOP_TIME_ZONE } as const;
const DAY_AND_TIME = { ...DAY, hour: '2-digit', minute: '2-digit' } as const;

/** '' for no date or one that cannot be read; otherwise the date written by `write`. */
function written(iso: string | null | undefined, write: (date: Date) => string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : write(date);
}

export function formatDate(iso: string | null | undefined): string {
  return written(iso, (date) => date.toLocaleDateString('es-ES', DAY));
}

export function formatDateTime(iso: string | null | undefined): string {
  return written(iso, (date) => date.toLocaleString('es-ES', DAY_AND_TIME));
}

/** Date and time the Argentine way (es-AR, 24-hour clock): `22/11/2026, 15:05`; '' for no date. */
export function formatDateTimeAR(iso: string | null | undefined): string {
  return written(iso, (date) => date.toLocaleString('es-AR', { ...DAY_AND_TIME, hourCycle: 'h23' }));
}
