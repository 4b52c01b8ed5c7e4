import { describe, expect, it } from 'vitest';
import { formatOrderNumber, shopDayKey, shopDayRange, shopIsoDay } from './order-number.js';
import { initialOrderStatus, normalizeStatus, statusLabel } from './statuses.js';
import { pageWindow } from '../constants/limits.js';

describe('order numbers and statuses', () => {
  it('uses the Argentine calendar day', () => {
    // 02:30 UTC on Jan 2nd is still Jan 1st in Buenos Aires (UTC-3).
    expect(shopDayKey(new Date('2024-01-02T02:30:00Z'))).toBe('20240101');
    expect(formatOrderNumber('JL', '20240101', 1)).toBe('JL-20240101-0001');
    expect(shopDayRange('2024-01-01')?.start.toISOString()).toBe('2024-01-01T03:00:00.000Z');
    expect(shopDayRange('nope')).toBeNull();
  });
  it('gives each moment its own day around midnight, asked in any order (the day of the last minute is kept)', () => {
    const moments = ['2024-01-02T02:59:59.999Z', '2024-01-02T03:00:00.000Z', '2024-01-02T02:59:00.000Z', '2024-01-02T03:00:59.999Z'];
    expect(moments.map((at) => shopDayKey(new Date(at)))).toEqual(['20240101', '20240102', '20240101', '20240102']);
    expect(shopDayKey(new Date('2024-01-02T03:00:30Z'))).toBe('20240102');
    expect(shopDayKey(new Date('2024-01-02T02:59:30Z'))).toBe('20240101');
    expect(() => shopDayKey(new Date(Number.NaN))).toThrow(RangeError);
  });
  it('maps payment to the initial status and unknown statuses to pending_manual', () => {
    expect(initialOrderStatus('cash', false)).toBe('pending_manual');
    expect(initialOrderStatus('transfer', true)).toBe('pending_transfer_confirmation');
    expect(initialOrderStatus('transfer', false)).toBe('pending_transfer_proof');
    expect(normalizeStatus('shipped')).toBe('pending_manual');
    expect(statusLabel('paid')).toBe('Pagado');
  });
  it('builds a page window of at most 5 buttons', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('shopIsoDay', () => {
  it('is the calendar day in Argentina (UTC-3), as YYYY-MM-DD', () => {
    expect(shopIsoDay(new Date('2026-03-01T02:59:59Z'))).toBe('2026-02-28');
    expect(shopIsoDay(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
    const day = shopIsoDay(new Date('2026-12-31T23:00:00Z'));
    expect(shopDayRange(day)?.start.toISOString()).toBe('2026-12-31T03:00:00.000Z');
  });
});
