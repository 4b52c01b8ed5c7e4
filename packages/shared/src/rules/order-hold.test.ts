import { describe, expect, it } from 'vitest';
import { formatHoldDeadline, reservationMinutesFor, reservedUntil } from './order-hold.js';
import {
  MAX_UNITS_PER_PRODUCT_MESSAGE,
  RESERVATION_MINUTES_MESSAGE,
  defaultSiteContent,
  siteContentSchema,
} from '../content/site-content.js';

const created = new Date('2025-03-10T15:00:00.000Z');

describe('order holds', () => {
  it('defaults: transfers held two days, cash never, ten units per product', () => {
    const content = defaultSiteContent();
    expect(content.checkout.paymentInfo.bankTransfer.reservationMinutes).toBe(2880);
    expect(content.checkout.paymentInfo.cashOnDelivery.reservationMinutes).toBe(0);
    expect(content.checkout.maxUnitsPerProduct).toBe(10);
    expect(reservationMinutesFor(content.checkout.paymentInfo, 'transfer')).toBe(2880);
    expect(reservationMinutesFor(content.checkout.paymentInfo, 'cash')).toBe(0);
  });

  it('holds only an order waiting in its method’s pending status, and only with a limit', () => {
    expect(reservedUntil('transfer', 'pending_transfer_proof', 60, created)?.toISOString()).toBe('2025-03-10T16:00:00.000Z');
    expect(reservedUntil('transfer', 'pending_transfer_confirmation', 60, created)).toBeNull();
    expect(reservedUntil('cash', 'pending_manual', 0, created)).toBeNull();
    expect(reservedUntil('cash', 'pending_manual', 1, created)?.toISOString()).toBe('2025-03-10T15:01:00.000Z');
    expect(reservedUntil('cash', 'pending_transfer_proof', 1, created)).toBeNull();
    expect(reservedUntil('mercadopago', 'pending_payment', 60, created)?.toISOString()).toBe('2025-03-10T16:00:00.000Z');
    expect(reservedUntil('mercadopago', 'paid', 60, created)).toBeNull();
  });

  it('refuses junk for the new numbers instead of coercing it', () => {
    const withTransfer = (v: unknown) =>
      siteContentSchema.safeParse({ checkout: { paymentInfo: { bankTransfer: { reservationMinutes: v } } } });
    for (const bad of ['60', -1, 1.5, 43_201, null, Number.NaN, true]) {
      const result = withTransfer(bad);
      expect(result.success, String(bad)).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(RESERVATION_MINUTES_MESSAGE);
    }
    expect(withTransfer(43_200).success).toBe(true);
    for (const bad of [0, 1000, '5', 2.5]) {
      const result = siteContentSchema.safeParse({ checkout: { maxUnitsPerProduct: bad } });
      expect(result.success, String(bad)).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(MAX_UNITS_PER_PRODUCT_MESSAGE);
    }
  });

  it('formats the deadline in Argentine time', () => {
    expect(formatHoldDeadline('2025-03-12T21:30:00.000Z')).toBe('miércoles 12 de marzo, 18:30');
    expect(formatHoldDeadline('nope')).toBe('');
  });
});
