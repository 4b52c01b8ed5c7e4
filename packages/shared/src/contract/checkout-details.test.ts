import { describe, expect, it } from 'vitest';
import { checkoutDetailsSchema } from './order-inputs.js';

const empty = { fullName: '', email: '', phone: '', address: '', city: '', postalCode: '', notes: '', paymentMethod: 'cash' };
const filled = { ...empty, fullName: ' Ana Pérez ', email: 'ana@example.com', phone: '2995551234' };

/** Field → first message, as the checkout form shows them. */
function messages(input: object): Record<string, string> {
  const result = checkoutDetailsSchema.safeParse(input);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('checkout details (the storefront checkout form)', () => {
  it('requires name, email and phone with the shop messages', () => {
    expect(messages({ ...empty, deliveryType: 'pickup' })).toEqual({
      fullName: 'El nombre completo es requerido',
      email: 'El email es requerido',
      phone: 'El teléfono es requerido',
    });
  });

  it('rejects an e-mail that does not look like one', () => {
    expect(messages({ ...filled, email: 'ana@', deliveryType: 'pickup' })).toEqual({ email: 'Formato de email inválido' });
  });

  it('asks for address and city only with home delivery, together with the other messages', () => {
    expect(messages({ ...filled, deliveryType: 'pickup' })).toEqual({});
    expect(messages({ ...empty, deliveryType: 'delivery' })).toMatchObject({
      fullName: 'El nombre completo es requerido',
      address: 'La dirección es requerida para el envío',
      city: 'La ciudad es requerida para el envío',
    });
    expect(messages({ ...filled, address: 'Belgrano 100', city: 'Neuquén', deliveryType: 'delivery' })).toEqual({});
  });

  it('gives the trimmed values', () => {
    expect(checkoutDetailsSchema.parse({ ...filled, deliveryType: 'pickup' }).fullName).toBe('Ana Pérez');
  });
});
