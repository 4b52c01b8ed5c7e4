import { describe, expect, it } from 'vitest';
import { manualOrderInputSchema, MANUAL_ORDER_MESSAGES } from './manual-orders.js';
import { ticketOrderNumberOf } from './counter-ticket.js';

const sale = (extra: Record<string, unknown>) => ({
  items: [{ productId: 'p1', quantity: 1 }],
  paymentMethod: 'cash',
  deliveryType: 'store',
  channel: 'local',
  shippingInfo: { fullName: 'Consumidor final' },
  ...extra,
});

describe('an anonymous counter sale', () => {
  it('at a register the phone and e-mail may both be empty', () => {
    expect(manualOrderInputSchema.safeParse(sale({ registerId: 1, payments: [{ method: 'cash', amount: 100 }] })).success).toBe(true);
  });

  it('anywhere else one of them is still required', () => {
    const parsed = manualOrderInputSchema.safeParse(sale({}));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(MANUAL_ORDER_MESSAGES.contact);
  });
});

describe('ticketOrderNumberOf', () => {
  it('upper-cases an order number and refuses anything else', () => {
    expect(ticketOrderNumberOf(' jl-20261126-0042 ')).toBe('JL-20261126-0042');
    for (const junk of ['', '-JL', 'JL_1', 'a b', 'x'.repeat(41), 'Ñandú', "1';--"]) expect(ticketOrderNumberOf(junk), junk).toBeNull();
  });
});
