import { describe, expect, it } from 'vitest';
import { MSG } from '@shop/shared';
import { ApiError } from '@shop/client-kit';
import { checkoutFailure, holdDuration, validateProof } from './checkout-rules';

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

  it("shows a 502's own explanation as the alert (Mercado Pago down), the generic text for a bare 502", () => {
    const down = 'No pudimos conectar con Mercado Pago para iniciar el pago. Tu pedido no se registró y no se reservó stock.';
    expect(checkoutFailure(new ApiError(down, { status: 502 }))).toEqual({ title: down, detail: null });
    expect(checkoutFailure(new ApiError('Error en la petición: 502', { status: 502 }))).toEqual({
      title: MSG.checkout.error500,
      detail: null,
    });
  });

  it('says how long an order is held in days, hours or minutes', () => {
    expect(holdDuration(60)).toBe('1 hora');
    expect(holdDuration(180)).toBe('3 horas');
    expect(holdDuration(1440)).toBe('1 día');
    expect(holdDuration(2880)).toBe('2 días');
    expect(holdDuration(45)).toBe('45 minutos');
    expect(holdDuration(1)).toBe('1 minuto');
  });
});
