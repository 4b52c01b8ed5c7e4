import { describe, expect, it } from 'vitest';
import {
  WITHDRAWAL_CODE_PATTERN,
  shopDate,
  withdrawalCodeFrom,
  withdrawalDaysLeft,
  withdrawalLastDay,
  withdrawalStepCheck,
  withdrawalWindowEnd,
  withinWithdrawalWindow,
} from './withdrawals.js';

describe('the botón de arrepentimiento’s window (10 calendar days, Argentine time)', () => {
  it('closes at the end of the 10th calendar day after the delivery, whatever the hour it came', () => {
    // Delivered on 1 March at 23:30 in Neuquén (02:30 UTC of the 2nd): the last day is 11 March.
    const end = withdrawalWindowEnd('2026-02-20T12:00:00.000Z', '2026-03-02T02:30:00.000Z');
    expect(end).toBe('2026-03-12T03:00:00.000Z');
    expect(shopDate(end!)).toBe('12/03/2026');
    expect(withdrawalLastDay(end!)).toBe('11/03/2026');
    expect(withinWithdrawalWindow(end, new Date('2026-03-12T02:59:59.000Z'))).toBe(true);
    expect(withinWithdrawalWindow(end, new Date('2026-03-12T03:00:00.000Z'))).toBe(false);
  });

  it('counts from the purchase when it came after the delivery, and has no end before the goods arrive', () => {
    expect(withdrawalWindowEnd('2026-03-05T15:00:00.000Z', '2026-03-01T15:00:00.000Z')).toBe('2026-03-16T03:00:00.000Z');
    expect(withdrawalWindowEnd('2026-03-05T15:00:00.000Z', null)).toBeNull();
    expect(withinWithdrawalWindow(null, new Date('2030-01-01'))).toBe(true);
  });

  it('delivered 9 days ago is in time, 11 days ago is not', () => {
    const now = new Date('2026-06-20T18:00:00.000Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    expect(withinWithdrawalWindow(withdrawalWindowEnd(daysAgo(10), daysAgo(9)), now)).toBe(true);
    expect(withinWithdrawalWindow(withdrawalWindowEnd(daysAgo(12), daysAgo(11)), now)).toBe(false);
    expect(withdrawalDaysLeft(withdrawalWindowEnd(daysAgo(10), daysAgo(9)), now)).toBe(1);
    expect(withdrawalDaysLeft(withdrawalWindowEnd(daysAgo(1), daysAgo(0)), now)).toBe(10);
    expect(withdrawalDaysLeft(withdrawalWindowEnd(daysAgo(12), daysAgo(11)), now)).toBe(-1);
    expect(withdrawalDaysLeft(null, now)).toBeNull();
  });
});

describe('the code and the steps', () => {
  it('makes codes of Crockford’s alphabet from random bytes, and refuses too few bytes', () => {
    const code = withdrawalCodeFrom(Uint8Array.from([0, 1, 2, 3, 31, 32, 33, 200, 255, 17]));
    expect(code).toBe('ARR-0123Z018ZH');
    expect(code).toMatch(WITHDRAWAL_CODE_PATTERN);
    expect('ARR-0123Z0188I').not.toMatch(WITHDRAWAL_CODE_PATTERN);
    expect(() => withdrawalCodeFrom(new Uint8Array(9))).toThrow();
  });

  it('moves one step at a time; rejection only before the goods are back', () => {
    expect(withdrawalStepCheck('received', 'pickup_arranged')).toBe('ok');
    expect(withdrawalStepCheck('received', 'received')).toBe('same');
    expect(withdrawalStepCheck('received', 'refunded')).toMatch(/No se puede pasar/);
    expect(withdrawalStepCheck('pickup_arranged', 'rejected')).toBe('ok');
    expect(withdrawalStepCheck('received_in_store', 'rejected')).toMatch(/"Recibido en tienda" a "Rechazado"/);
    expect(withdrawalStepCheck('refunded', 'received')).toMatch(/No se puede pasar/);
  });
});
