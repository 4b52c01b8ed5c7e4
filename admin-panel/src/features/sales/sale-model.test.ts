import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { addLine, discountPesos, emptySale, lineOf, saleBody, variantByCode } from './sale-model';

const product = {
  _id: 'p1',
  title: 'Body Encaje',
  variants: [
    { id: 'v1', sku: 'BODY-NEG-M', color: 'Negro', size: 'M', stock: 3, barcode: '7791234567890', active: true, available: true },
    { id: 'v2', sku: 'BODY-NEG-L', color: 'Negro', size: 'L', stock: 0, barcode: null, active: true, available: false },
  ],
} as unknown as Product;

describe('Nueva venta: the model', () => {
  it('finds the variant a scanned barcode or a typed SKU names, in any case', () => {
    expect(variantByCode([product], '7791234567890')?.variant.id).toBe('v1');
    expect(variantByCode([product], ' body-neg-l ')?.variant.id).toBe('v2');
    expect(variantByCode([product], 'Body')).toBeNull();
  });

  it('adds one more unit of a variant already in the sale', () => {
    const line = lineOf(product, product.variants![0]!);
    expect(addLine(addLine([], line), line)).toEqual([{ ...line, quantity: 2 }]);
  });

  it('sends the channel, the discount with its reason, and paidNow only for cash or transfer', () => {
    const form = {
      ...emptySale(),
      lines: [lineOf(product, product.variants![0]!)],
      customer: { fullName: 'Ana', phone: '2995551234', email: '', address: '', city: '' },
      paymentMethod: 'mercadopago' as const,
      paidNow: true,
      discountKind: 'percent' as const,
      discountValue: '10',
      discountReason: 'Clienta frecuente',
    };
    const body = saleBody(form);
    expect(body).toMatchObject({
      channel: 'whatsapp',
      deliveryType: 'store',
      manualDiscount: { percent: 10, reason: 'Clienta frecuente' },
    });
    expect(body).not.toHaveProperty('paidNow');
    expect(saleBody({ ...form, paymentMethod: 'cash' })).toHaveProperty('paidNow', true);
    expect(discountPesos(form, 33333)).toBe(3333);
  });
});
