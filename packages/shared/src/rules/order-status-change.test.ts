import { describe, expect, it } from 'vitest';
import {
  amountToCollect,
  canConfirm,
  confirmRefusalMessage,
  refundableByMercadoPago,
  statusChangePlan,
  statusFitsMethod,
} from './order-status-change.js';

const active = { status: 'pending_transfer_proof', stockReturned: false, paidAt: null };

describe('statusChangePlan', () => {
  it('gives the units back once when an order is cancelled or refunded', () => {
    expect(statusChangePlan(active, 'cancelled').stock).toBe('return');
    expect(statusChangePlan(active, 'refunded').stock).toBe('return');
    expect(statusChangePlan({ ...active, status: 'cancelled', stockReturned: true }, 'refunded').stock).toBe('keep');
  });
  it('takes the units again when an order leaves cancelled or refunded', () => {
    expect(statusChangePlan({ status: 'cancelled', stockReturned: true, paidAt: null }, 'paid').stock).toBe('take');
    expect(statusChangePlan(active, 'paid').stock).toBe('keep');
  });
  it('stamps paidAt when an order becomes paid, and keeps the first stamp of a paid order', () => {
    expect(statusChangePlan(active, 'paid').stampPaidAt).toBe(true);
    expect(statusChangePlan({ ...active, status: 'paid', paidAt: '2026-01-01T00:00:00.000Z' }, 'paid').stampPaidAt).toBe(false);
    expect(statusChangePlan({ ...active, status: 'paid', paidAt: null }, 'paid').stampPaidAt).toBe(true);
    expect(statusChangePlan(active, 'pending_manual').stampPaidAt).toBe(false);
  });
  it('ends the reservation only when the status changes', () => {
    expect(statusChangePlan(active, 'paid').endReservation).toBe(true);
    expect(statusChangePlan(active, 'pending_transfer_proof').endReservation).toBe(false);
  });
});

describe('confirm rule', () => {
  it('confirms only cash orders waiting for payment', () => {
    expect(canConfirm('pending_manual')).toBe(true);
    expect(canConfirm('pending_transfer_proof')).toBe(false);
    expect(canConfirm('confirmado')).toBe(false);
  });
  it('explains the refusal with the current status label', () => {
    expect(confirmRefusalMessage('paid')).toMatch(
      /^Solo se pueden confirmar órdenes pendientes de pago en efectivo \(estado actual: .+\)$/,
    );
  });
});

describe('amountToCollect', () => {
  it('is the total of a cash order until it is paid, and nothing for a transfer', () => {
    expect(amountToCollect({ paymentMethod: 'cash', status: 'pending_manual', total: 100 })).toBe(100);
    expect(amountToCollect({ paymentMethod: 'cash', status: 'confirmado', total: 100 })).toBe(100);
    expect(amountToCollect({ paymentMethod: 'cash', status: 'paid', total: 100 })).toBe(0);
    expect(amountToCollect({ paymentMethod: 'transfer', status: 'paid', total: 100 })).toBe(0);
  });
});

describe('Mercado Pago rules', () => {
  const approved = { paymentId: '123', paymentStatus: 'approved' };
  it('refunds through Mercado Pago only an approved payment of a paid (or late-cancelled) Mercado Pago order', () => {
    expect(refundableByMercadoPago({ paymentMethod: 'mercadopago', status: 'paid', payment: approved })).toBe(true);
    expect(refundableByMercadoPago({ paymentMethod: 'mercadopago', status: 'cancelled', payment: approved })).toBe(true);
    expect(refundableByMercadoPago({ paymentMethod: 'mercadopago', status: 'refunded', payment: approved })).toBe(false);
    expect(
      refundableByMercadoPago({ paymentMethod: 'mercadopago', status: 'paid', payment: { ...approved, paymentStatus: 'rejected' } }),
    ).toBe(false);
    expect(refundableByMercadoPago({ paymentMethod: 'mercadopago', status: 'paid', payment: { ...approved, paymentId: null } })).toBe(
      false,
    );
    expect(refundableByMercadoPago({ paymentMethod: 'cash', status: 'paid', payment: approved })).toBe(false);
  });
  it('lets only Mercado Pago orders wait for Mercado Pago', () => {
    expect(statusFitsMethod('pending_payment', 'mercadopago')).toBe(true);
    expect(statusFitsMethod('pending_payment', 'cash')).toBe(false);
    expect(statusFitsMethod('pending_payment', 'transfer')).toBe(false);
    expect(statusFitsMethod('paid', 'cash')).toBe(true);
  });
});
