import { describe, expect, it } from 'vitest';
import {
  FULFILLMENT_MESSAGES,
  deliveredAndKept,
  bulkFulfillmentSchema,
  fulfillmentPlan,
  fulfillmentUpdateSchema,
  legacyFulfillment,
  nextFulfillmentSteps,
  type FulfillmentState,
} from './fulfillment.js';
import { whatsappTemplateKey } from './whatsapp.js';
import { orderExportCells, orderExportFiltersSchema, ORDER_EXPORT_HEADER } from './order-export.js';

const order = (over: Partial<FulfillmentState> = {}): FulfillmentState => ({
  status: 'paid',
  paymentMethod: 'transfer',
  deliveryType: 'delivery',
  fulfillment: 'unfulfilled',
  paidAt: '2026-11-20T12:00:00.000Z',
  ...over,
});

describe('fulfillmentPlan', () => {
  it('goes forward on the home-delivery path and on the pickup path, skipping steps when asked', () => {
    expect(fulfillmentPlan(order(), 'packed')).toEqual({ kind: 'step', collectCash: false });
    expect(fulfillmentPlan(order({ fulfillment: 'packed' }), 'shipped')).toEqual({ kind: 'step', collectCash: false });
    expect(fulfillmentPlan(order({ fulfillment: 'shipped' }), 'delivered')).toEqual({ kind: 'step', collectCash: false });
    expect(fulfillmentPlan(order({ deliveryType: 'pickup', fulfillment: 'packed' }), 'ready_for_pickup').kind).toBe('step');
    expect(fulfillmentPlan(order(), 'delivered').kind).toBe('step');
  });

  it('repeating the current step is a no-op, even on a closed order', () => {
    expect(fulfillmentPlan(order({ fulfillment: 'packed' }), 'packed')).toEqual({ kind: 'noop' });
    expect(fulfillmentPlan(order({ status: 'cancelled', fulfillment: 'delivered' }), 'delivered')).toEqual({ kind: 'noop' });
  });

  it('refuses going back, the other path, closed orders and delivering unpaid non-cash orders', () => {
    expect(fulfillmentPlan(order({ fulfillment: 'delivered' }), 'packed')).toEqual({
      kind: 'refused',
      message: FULFILLMENT_MESSAGES.backwards('delivered', 'packed'),
    });
    expect(fulfillmentPlan(order({ deliveryType: 'pickup' }), 'shipped')).toEqual({
      kind: 'refused',
      message: FULFILLMENT_MESSAGES.notShipped,
    });
    expect(fulfillmentPlan(order(), 'ready_for_pickup')).toEqual({ kind: 'refused', message: FULFILLMENT_MESSAGES.notForPickup });
    for (const status of ['cancelled', 'refunded']) expect(fulfillmentPlan(order({ status }), 'packed').kind).toBe('refused');
    const unpaid = fulfillmentPlan(order({ status: 'pending_transfer_confirmation', paidAt: null }), 'delivered');
    expect(unpaid.kind).toBe('refused');
    expect(unpaid.kind === 'refused' && unpaid.message).toMatch(/sin pagar/);
    expect(fulfillmentPlan(order({ status: 'confirmado', paidAt: null }), 'delivered').kind).toBe('refused');
  });

  it('a cash order delivered unpaid collects the cash; paid already, it does not', () => {
    expect(fulfillmentPlan(order({ paymentMethod: 'cash', status: 'pending_manual', paidAt: null }), 'delivered')).toEqual({
      kind: 'step',
      collectCash: true,
    });
    expect(fulfillmentPlan(order({ paymentMethod: 'cash', status: 'paid' }), 'delivered')).toEqual({ kind: 'step', collectCash: false });
  });
});

describe('the rest of the fulfilment rules', () => {
  it('offers the next steps of the order path', () => {
    expect(nextFulfillmentSteps({ deliveryType: 'delivery', fulfillment: 'packed' })).toEqual(['shipped', 'delivered']);
    expect(nextFulfillmentSteps({ deliveryType: 'pickup' })).toEqual(['packed', 'ready_for_pickup', 'delivered']);
    expect(nextFulfillmentSteps({ deliveryType: 'pickup', fulfillment: 'delivered' })).toEqual([]);
  });

  it('migrates orders handed over under the old rules as delivered, the rest (cancelled included) unfulfilled', () => {
    expect(legacyFulfillment({ status: 'paid', paymentMethod: 'cash' })).toBe('delivered');
    expect(legacyFulfillment({ status: 'confirmado', paymentMethod: 'transfer' })).toBe('delivered');
    expect(legacyFulfillment({ status: 'confirmado', paymentMethod: 'mercadopago' })).toBe('delivered');
    expect(legacyFulfillment({ status: 'confirmado', paymentMethod: 'cash' })).toBe('unfulfilled');
    expect(legacyFulfillment({ status: 'paid', paymentMethod: 'transfer' })).toBe('unfulfilled');
    expect(legacyFulfillment({ status: 'cancelled', paymentMethod: 'cash' })).toBe('unfulfilled');
  });

  it('parses the step bodies strictly', () => {
    expect(fulfillmentUpdateSchema.safeParse({ step: 'delivered' }).success).toBe(true);
    for (const body of [{}, { step: 'unfulfilled' }, { step: 'DELIVERED' }, { step: 'packed', extra: 1 }, { step: 3 }])
      expect(fulfillmentUpdateSchema.safeParse(body).success).toBe(false);
    expect(bulkFulfillmentSchema.safeParse({ ids: ['abc123'], step: 'packed' }).success).toBe(true);
    for (const body of [
      { ids: [], step: 'packed' },
      { ids: ['a b'], step: 'packed' },
      { ids: 'abc', step: 'packed' },
    ])
      expect(bulkFulfillmentSchema.safeParse(body).success).toBe(false);
  });

  it('picks the WhatsApp message of the step, unless the order was cancelled since', () => {
    expect(whatsappTemplateKey({ status: 'paid', deliveryType: 'delivery', fulfillment: 'shipped' })).toBe('onTheWay');
    expect(whatsappTemplateKey({ status: 'paid', deliveryType: 'pickup', fulfillment: 'ready_for_pickup' })).toBe('readyForPickup');
    expect(whatsappTemplateKey({ status: 'paid', deliveryType: 'pickup', fulfillment: 'delivered' })).toBe('delivered');
    expect(whatsappTemplateKey({ status: 'cancelled', deliveryType: 'pickup', fulfillment: 'delivered' })).toBe('cancelled');
    expect(whatsappTemplateKey({ status: 'paid', deliveryType: 'pickup', fulfillment: 'packed' })).toBe('paid');
  });

  it('exports the step and the delivery time, and filters by step', () => {
    const cells = orderExportCells({
      orderNumber: 'JL-1',
      createdAt: null,
      status: 'paid',
      paymentMethod: 'cash',
      deliveryType: 'pickup',
      shippingInfo: null,
      items: [],
      subtotal: 0,
      shippingCost: 0,
      cashFee: 0,
      total: 0,
      paidAt: null,
      fulfillment: 'delivered',
      deliveredAt: '2026-11-20T15:00:00.000Z',
    });
    expect(cells.length).toBe(ORDER_EXPORT_HEADER.length);
    expect(cells[ORDER_EXPORT_HEADER.indexOf('Estado de entrega')]).toBe('Entregado');
    expect(cells[ORDER_EXPORT_HEADER.indexOf('Entregada el')]).not.toBe('');
    expect(orderExportFiltersSchema.safeParse({ fulfillment: 'shipped' }).success).toBe(true);
    expect(orderExportFiltersSchema.safeParse({ fulfillment: 'lost' }).success).toBe(false);
  });
});

describe('deliveredAndKept', () => {
  it('is true only for a delivered order that was not cancelled or refunded since', () => {
    expect(deliveredAndKept({ fulfillment: 'delivered', status: 'paid' })).toBe(true);
    expect(deliveredAndKept({ fulfillment: 'shipped', status: 'paid' })).toBe(false);
    expect(deliveredAndKept({ fulfillment: 'delivered', status: 'refunded' })).toBe(false);
    expect(deliveredAndKept({ fulfillment: 'delivered', status: 'cancelled' })).toBe(false);
  });
});
