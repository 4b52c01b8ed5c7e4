import { describe, expect, it } from 'vitest';
import { MSG } from '@shop/shared';
import { ApiError } from '@shop/client-kit';
import { checkoutFailure, validateProof } from './checkout-rules';

describe('checkout rules', () => {
  it('accepts JPG, PNG and WEBP proofs up to 5 MB', () => {
    expect(validateProof({ type: 'image/png', size: 1000 })).toBeNull();
    expect(validateProof({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(validateProof({ type: 'application/pdf', size: 1000 })).toBe('Por favor, sube una imagen válida (JPG, PNG, WEBP)');
    expect(validateProof({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('La imagen no puede superar los 5MB');
  });

  it('maps order failures to the checkout alert texts', () => {
    expect(checkoutFailure(new ApiError('Error en la petición: 400', { status: 400 })).title).toBe(MSG.checkout.error400);
    expect(checkoutFailure(new ApiError('Error en la petición: 500', { status: 500 }))).toEqual({
      title: MSG.checkout.error500,
      detail: null,
    });
    expect(checkoutFailure(new ApiError('Error de red o desconocido', { network: true })).title).toBe(MSG.checkout.errorNetwork);
    expect(checkoutFailure(new Error('Network Error')).title).toBe(MSG.checkout.errorNetwork);
    expect(checkoutFailure(new ApiError('Stock insuficiente para Body', { status: 409 }))).toEqual({
      title: MSG.checkout.errorDefault,
      detail: 'Stock insuficiente para Body',
    });
  });
});
