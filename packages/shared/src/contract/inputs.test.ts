import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from './errors.js';
import { orderInputSchema } from './order-inputs.js';
import { productInputSchema } from './product-inputs.js';

describe('input schemas', () => {
  const base = {
    items: [{ productId: 'abc', quantity: 1, size: 'M' }],
    shippingInfo: { fullName: 'Ana', email: 'ana@example.com', phone: '299' },
    paymentMethod: 'cash',
  };
  it('requires address and city for home delivery only', () => {
    expect(orderInputSchema.safeParse(base).success).toBe(true);
    const r = orderInputSchema.safeParse({ ...base, deliveryType: 'delivery' });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstIssueMessage(r.error)).toBe('La dirección es requerida para el envío');
  });
  it('gives the spec texts for bad product input', () => {
    const r = productInputSchema.safeParse({ title: ' ', description: 'd', price: 0, category: 'x', size: [], thumbnails: [] });
    expect(r.success).toBe(false);
    if (!r.success) {
      const msgs = r.error.issues.map((i) => i.message);
      expect(msgs).toContain('El título es requerido');
      expect(msgs).toContain('El precio debe ser mayor a 0');
      expect(msgs).toContain('Debe seleccionar al menos una talla');
      expect(msgs).toContain('Debe incluir al menos una imagen');
    }
  });
});
