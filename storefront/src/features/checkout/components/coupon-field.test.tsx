import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CouponField } from './coupon-field';

describe('CouponField', () => {
  it('applies the typed code with the button or Enter, never submitting the order', async () => {
    const onApply = vi.fn();
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <CouponField code={null} outcome={null} pending={false} onApply={onApply} onRemove={() => undefined} />
      </form>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    await user.type(screen.getByLabelText('¿Tenés un cupón?'), ' insta10 {Enter}');
    expect(onApply).toHaveBeenLastCalledWith('insta10');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(submit).not.toHaveBeenCalled();
  });

  it('tells why a coupon does not apply, in a live region, and marks the field', () => {
    render(
      <CouponField
        code="viejo"
        outcome={{ code: 'VIEJO', applied: false, message: 'El cupón venció' }}
        pending={false}
        onApply={() => undefined}
        onRemove={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('El cupón venció');
    expect(screen.getByLabelText('¿Tenés un cupón?')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an applied coupon with a button to remove it', async () => {
    const onRemove = vi.fn();
    render(
      <CouponField
        code="insta10"
        outcome={{ code: 'INSTA10', applied: true, message: null }}
        pending={false}
        onApply={() => undefined}
        onRemove={onRemove}
      />,
    );
    expect(screen.getByTestId('coupon-applied')).toHaveTextContent('Cupón INSTA10 aplicado');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Quitar' }));
    expect(onRemove).toHaveBeenCalled();
  });

  it('ignores an outcome for another code (a quote still on its way)', () => {
    render(
      <CouponField
        code="nuevo"
        outcome={{ code: 'VIEJO', applied: true, message: null }}
        pending
        onApply={() => undefined}
        onRemove={() => undefined}
      />,
    );
    expect(screen.queryByTestId('coupon-applied')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Revisando el cupón…');
  });
});
