import { describe, expect, it } from 'vitest';
import type { CheckoutDetails } from '@shop/shared';
import { buildOrderPayload } from './checkout-payload';

const line = { id: 'p1', name: 'Body', price: 1000, image: '/a.webp', size: '', color: 'Negro', quantity: 2 };
const totals = { subtotal: 2000, shippingCost: 0, cashFee: 0, total: 2000 };
const details: CheckoutDetails = {
  fullName: 'Ana',
  email: 'ana@example.com',
  phone: '299',
  address: 'Belgrano 1',
  city: 'Cipolletti',
  postalCode: '',
  notes: '',
  deliveryType: 'pickup',
  paymentMethod: 'cash',
  buyerDocument: null,
};
const place = { address: 'Plaza Central', city: 'Neuquén' };

describe('order payload from the checkout form', () => {
  it('sends the meeting point as the address of a pickup order and leaves empty extras out', () => {
    const payload = buildOrderPayload(details, [line], totals, place, undefined);
    expect(payload.shippingInfo).toEqual({
      fullName: 'Ana',
      email: 'ana@example.com',
      phone: '299',
      address: 'Plaza Central',
      city: 'Neuquén',
      postalCode: undefined,
      notes: undefined,
    });
    expect(payload.items).toEqual([
      { productId: 'p1', title: 'Body', price: 1000, quantity: 2, size: undefined, color: 'Negro', image: '/a.webp' },
    ]);
    expect(payload).toMatchObject({ deliveryType: 'pickup', paymentMethod: 'cash', subtotal: 2000, total: 2000, notes: undefined });
    expect(payload).not.toHaveProperty('buyerDocument');
  });

  it("sends the buyer's DNI or CUIT for her invoice when she gave one", () => {
    expect(buildOrderPayload({ ...details, buyerDocument: '30123456' }, [line], totals, place, undefined).buyerDocument).toBe('30123456');
  });

  it('sends the typed address, notes and the proof of a delivery order', () => {
    const payload = buildOrderPayload(
      { ...details, deliveryType: 'delivery', notes: 'Timbre 2', postalCode: '8300' },
      [line],
      totals,
      place,
      '/uploads/p.png',
    );
    expect(payload.shippingInfo).toMatchObject({ address: 'Belgrano 1', city: 'Cipolletti', postalCode: '8300', notes: 'Timbre 2' });
    expect(payload).toMatchObject({ notes: 'Timbre 2', transferProofUrl: '/uploads/p.png' });
  });
});
