import { describe, expect, it } from 'vitest';
import { MSG } from '@shop/shared';
import { ApiError } from '@/lib/api-client';
import { checkoutFailure, EMPTY_CHECKOUT_FORM, validateCheckout, validateProof } from './checkout-rules';

const filled = { ...EMPTY_CHECKOUT_FORM, fullName: 'Ana Pérez', email: 'ana@example.com', phone: '2995551234' };

describe('checkout validation (spec §5)', () => {
  it('requires name, email and phone with the spec messages', () => {
    expect(validateCheckout(EMPTY_CHECKOUT_FORM, 'pickup')).toEqual({
      fullName: 'El nombre completo es requerido',
      email: 'El email es requerido',
      phone: 'El teléfono es requerido',
    });
  });

  it('rejects an e-mail that does not look like one', () => {
    expect(validateCheckout({ ...filled, email: 'ana@' }, 'pickup')).toEqual({ email: 'Formato de email inválido' });
  });

  it('asks for address and city only with home delivery', () => {
    expect(validateCheckout(filled, 'pickup')).toEqual({});
    expect(validateCheckout(filled, 'delivery')).toEqual({
      address: 'La dirección es requerida para el envío',
      city: 'La ciudad es requerida para el envío',
    });
    expect(validateCheckout({ ...filled, address: 'Belgrano 100', city: 'Neuquén' }, 'delivery')).toEqual({});
  });

  it('accepts JPG, PNG and WEBP proofs up to 5 MB', () => {
    expect(validateProof({ type: 'image/png', size: 1000 })).toBeNull();
    expect(validateProof({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(validateProof({ type: 'application/pdf', size: 1000 })).toBe('Por favor, sube una imagen válida (JPG, PNG, WEBP)');
    expect(validateProof({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('La imagen no puede superar los 5MB');
  });

  it('maps order failures to the alert texts of spec §8', () => {
    expect(checkoutFailure(new ApiError('Error en la petición: 400', { status: 400 })).title).toBe(MSG.checkout.error400);
    expect(checkoutFailure(new ApiError('Error en la petición: 500', { status: 500 }))).toEqual({ title: MSG.checkout.error500, detail: null });
    expect(checkoutFailure(new ApiError('Error de red o desconocido', { isNetworkError: true })).title).toBe(MSG.checkout.errorNetwork);
    expect(checkoutFailure(new Error('Network Error')).title).toBe(MSG.checkout.errorNetwork);
    expect(checkoutFailure(new ApiError('Stock insuficiente para Body', { status: 409 }))).toEqual({
      title: MSG.checkout.errorDefault,
      detail: 'Stock insuficiente para Body',
    });
  });
});
