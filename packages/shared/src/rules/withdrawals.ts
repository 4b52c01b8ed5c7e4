import { z } from 'zod';
import { shopDayRange, shopIsoDay } from './order-number.js';

/**
 * The botón de arrepentimiento (Ley 24.240 art. 34, CCyC art. 1110, Res. SCI 424/2020, Disp. SSDCyLC 954/2025): a
 * shopper who bought at a distance may take the purchase back within 10 calendar days of receiving the goods (or of
 * buying, whichever is later), at no cost; the shop answers with a withdrawal code at once and keeps every request.
 */

/** The law's 10 calendar days ("días corridos"). */
export const WITHDRAWAL_DAYS = 10;

/**
 * When the window closes: the end (Argentine time) of the 10th calendar day after the later of the delivery and the
 * purchase; null while the goods are not delivered (the right holds at any time until then).
 */
export function withdrawalWindowEnd(purchasedAt: string, deliveredAt: string | null): string | null {
  if (!deliveredAt) return null;
  const start = Math.max(new Date(purchasedAt).getTime() || 0, new Date(deliveredAt).getTime() || 0);
  // Noon of the start day plus ten days lands on the tenth calendar day whatever the hour (Argentina has no DST).
  const startDay = shopDayRange(shopIsoDay(new Date(start)));
  if (!startDay) return null;
  const lastDay = shopIsoDay(new Date(startDay.start.getTime() + 12 * 3_600_000 + WITHDRAWAL_DAYS * 86_400_000));
  return shopDayRange(lastDay)?.end.toISOString() ?? null;
}

/** Whether a request made `now` is in time (always, before the delivery). */
export function withinWithdrawalWindow(windowEndsAt: string | null, now: Date = new Date()): boolean {
  return windowEndsAt === null || now.getTime() < new Date(windowEndsAt).getTime();
}

/** The statuses of a request, in order: received → pickup_arranged → received_in_store → refunded, or rejected. */
export const WITHDRAWAL_STATUSES = ['received', 'pickup_arranged', 'received_in_store', 'refunded', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  received: 'Recibido',
  pickup_arranged: 'Retiro coordinado',
  received_in_store: 'Recibido en tienda',
  refunded: 'Reintegrado',
  rejected: 'Rechazado',
};
export const withdrawalStatusLabel = (status: string): string => WITHDRAWAL_STATUS_LABELS[status as WithdrawalStatus] ?? status;

/** Still waiting for the shop to act (the back office's badge counts these). */
export const WITHDRAWAL_OPEN: readonly WithdrawalStatus[] = ['received', 'pickup_arranged', 'received_in_store'];

const NEXT: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  received: ['pickup_arranged', 'rejected'],
  pickup_arranged: ['received_in_store', 'rejected'],
  received_in_store: ['refunded'],
  refunded: [],
  rejected: [],
};

/** 'same' when already there (a double click), 'ok' when allowed, else the Spanish refusal. */
export function withdrawalStepCheck(from: WithdrawalStatus, to: WithdrawalStatus): 'same' | 'ok' | string {
  if (from === to) return 'same';
  if (NEXT[from].includes(to)) return 'ok';
  return `No se puede pasar un arrepentimiento de "${withdrawalStatusLabel(from)}" a "${withdrawalStatusLabel(to)}"`;
}

/** Whole calendar days left to act before the window closes (0 on its last day, negative once it closed). */
export function withdrawalDaysLeft(windowEndsAt: string | null, now: Date = new Date()): number | null {
  if (windowEndsAt === null) return null;
  const today = shopDayRange(shopIsoDay(now));
  if (!today) return null;
  return Math.round((new Date(windowEndsAt).getTime() - today.end.getTime()) / 86_400_000);
}

/** `ARR-` and ten characters of Crockford's base 32 (no I, L, O, U): about 50 bits, read aloud without mistakes. */
export const WITHDRAWAL_CODE_PATTERN = /^ARR-[0-9A-HJKMNP-TV-Z]{10}$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A withdrawal code from ten random bytes (the caller gives them: crypto on the server). */
export function withdrawalCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < 10) throw new Error('withdrawalCodeFrom needs 10 random bytes');
  return `ARR-${Array.from(bytes.slice(0, 10), (b) => CROCKFORD[b % 32]).join('')}`;
}

/** A date as the shop's pages write it (dd/mm/aaaa, Argentine time). */
export function shopDate(iso: string): string {
  const [year, month, day] = shopIsoDay(new Date(iso)).split('-');
  return `${day}/${month}/${year}`;
}

/** The window's last day as the shopper reads it (the window ends at the first instant of the next day). */
export const withdrawalLastDay = (windowEndsAt: string): string => shopDate(new Date(new Date(windowEndsAt).getTime() - 1).toISOString());

export const WITHDRAWAL_MESSAGES = {
  notFound: 'No encontramos un pedido con ese número y ese e-mail o teléfono',
  cancelled: 'Este pedido está cancelado o ya fue reintegrado: no hace falta arrepentirse, no se te cobra nada',
  returned: 'Ya devolviste todas las prendas de este pedido: su reintegro sigue en Cambios y devoluciones',
  codeNotFound: 'No encontramos una solicitud con ese código y ese e-mail o teléfono',
  inTime: (code: string) =>
    `Recibimos tu arrepentimiento. Tu código es ${code}: guardalo. Te lo mandamos también por e-mail y te escribimos para coordinar el retiro, sin costo para vos.`,
  outOfTime: (code: string, closedOn: string) =>
    `Recibimos tu pedido con el código ${code}, pero el plazo de 10 días para arrepentirse terminó el ${closedOn}. Lo registramos igual y la tienda te va a responder.`,
  rejectReason: 'Indicá el motivo del rechazo (la clienta lo recibe)',
  refundMethod: 'Indicá cómo se reintegra el dinero',
  notMercadoPago: 'Este pedido no se pagó con Mercado Pago: elegí transferencia o efectivo',
  notFoundStaff: 'No existe ese arrepentimiento',
  returnNotCarrier: 'Este pedido no se envió por correo: coordiná el retiro con la clienta (cadete o punto de encuentro)',
  returnNoAddress: 'Cargá la dirección del local para devoluciones en Configuración › Envíos antes de generar el envío',
  returnStep: 'El envío de devolución se genera antes de recibir las prendas en la tienda',
  returnCreating: 'Se está creando el envío de devolución: probá de nuevo en unos segundos',
  returnNone: 'Este arrepentimiento todavía no tiene envío de devolución',
  returnPickup: (carrier: string, trackingNumber: string) =>
    `${carrier} retira las prendas en tu domicilio, sin costo para vos. Número de seguimiento: ${trackingNumber}.`,
} as const;
