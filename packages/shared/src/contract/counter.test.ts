import { describe, expect, it } from 'vitest';
import {
  COUNTER_MESSAGES,
  cashMovementInputSchema,
  changeOf,
  counterIdOf,
  counterPaymentInputSchema,
  denominationsTotal,
  openSessionInputSchema,
} from './counter.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the counter contract', () => {
  it('sums a count by denomination to the peso', () => {
    expect(denominationsTotal({ '20000': 2, '1000': 3, '50': 1, '1': 7 })).toBe(43057);
    expect(denominationsTotal({})).toBe(0);
  });

  it('opens with one amount or a count, never both nor an unknown bill', () => {
    expect(openSessionInputSchema.safeParse({ openingCash: 0 }).success).toBe(true);
    expect(openSessionInputSchema.safeParse({ denominations: { '500': 4 } }).success).toBe(true);
    expect(firstMessage(openSessionInputSchema.safeParse({}))).toBe(COUNTER_MESSAGES.openingOne);
    expect(firstMessage(openSessionInputSchema.safeParse({ openingCash: 1, denominations: { '500': 1 } }))).toBe(
      COUNTER_MESSAGES.openingOne,
    );
    expect(openSessionInputSchema.safeParse({ denominations: { '3': 1 } }).success).toBe(false);
    expect(openSessionInputSchema.safeParse({ openingCash: 1.5 }).success).toBe(false);
  });

  it('gives change only for cash tendered at or over its amount; card and QR are not available yet', () => {
    const cash = counterPaymentInputSchema.parse({ method: 'cash', amount: 16900, tendered: 20000 });
    const transfer = counterPaymentInputSchema.parse({ method: 'transfer', amount: 3000 });
    expect(changeOf([cash, transfer])).toBe(3100);
    expect(changeOf([transfer])).toBe(0);
    expect(firstMessage(counterPaymentInputSchema.safeParse({ method: 'cash', amount: 100, tendered: 99 }))).toBe(
      COUNTER_MESSAGES.tendered,
    );
    expect(firstMessage(counterPaymentInputSchema.safeParse({ method: 'transfer', amount: 100, tendered: 200 }))).toBe(
      COUNTER_MESSAGES.tenderedCashOnly,
    );
    expect(counterPaymentInputSchema.safeParse({ method: 'card', amount: 100 }).success).toBe(true);
    expect(firstMessage(counterPaymentInputSchema.safeParse({ method: 'qr', amount: 100, tendered: 200 }))).toBe(
      COUNTER_MESSAGES.tenderedCashOnly,
    );
  });

  it('asks the reason of an expense and a withdrawal, not of an income', () => {
    expect(cashMovementInputSchema.safeParse({ type: 'income', amount: 10 }).success).toBe(true);
    expect(firstMessage(cashMovementInputSchema.safeParse({ type: 'expense', amount: 10 }))).toBe(COUNTER_MESSAGES.reason);
    expect(firstMessage(cashMovementInputSchema.safeParse({ type: 'withdrawal', amount: 10, reason: '  ' }))).toBe(COUNTER_MESSAGES.reason);
  });

  it('reads path ids as positive integers only', () => {
    expect(counterIdOf('12')).toBe(12);
    for (const junk of ['0', '-1', '1.5', 'abc', '', '01', '9999999999']) expect(counterIdOf(junk), junk).toBeNull();
  });
});
