import type { PaymentMethod } from './pricing.js';
import type { OrderStatus } from './statuses.js';

type Method = PaymentMethod;

/** The status an unpaid order waits in, per payment method, while its units are held for it. */
export const HELD_STATUS: Record<Method, OrderStatus> = {
  transfer: 'pending_transfer_proof',
  cash: 'pending_manual',
  mercadopago: 'pending_payment',
};

export interface ReservationRules {
  cashOnDelivery: { reservationMinutes: number };
  bankTransfer: { reservationMinutes: number };
  mercadoPago: { reservationMinutes: number };
}

/** Minutes an unpaid order of this method is held (0 = until staff change it). */
export function reservationMinutesFor(paymentInfo: ReservationRules, method: Method): number {
  if (method === 'mercadopago') return paymentInfo.mercadoPago.reservationMinutes;
  return method === 'transfer' ? paymentInfo.bankTransfer.reservationMinutes : paymentInfo.cashOnDelivery.reservationMinutes;
}

/**
 * Until when an order created at `createdAt` keeps its units: only while it waits in its method's held status and
 * the method has a limit; null otherwise.
 */
export function reservedUntil(method: Method, status: string, minutes: number, createdAt: Date): Date | null {
  if (!Number.isInteger(minutes) || minutes <= 0 || status !== HELD_STATUS[method]) return null;
  return new Date(createdAt.getTime() + minutes * 60_000);
}

/** Who changed an order's status: a staff account, or the shop itself (the sweep of unpaid orders). */
export const SYSTEM_ACTOR_NAME = 'sistema';

const TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** A deadline for the shopper, in the shop's time zone: "jueves 12 de marzo, 18:30". Empty for a bad date. */
export function formatHoldDeadline(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat('es-AR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: TIME_ZONE }).format(date);
  const time = new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }).format(date);
  return `${day.replace(',', '')}, ${time}`;
}
