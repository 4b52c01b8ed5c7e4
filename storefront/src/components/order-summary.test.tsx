import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from './order-summary';

describe('order summary', () => {
  const lines = [
    { key: 'a', title: 'Body Tul', quantity: 2, price: 12500, size: 'S', color: 'Negro' },
    { key: 'b', title: 'Bombacha Colaless', quantity: 1, price: 4990 },
  ];

  it('shows line totals, subtotal, shipping and total in es-AR pesos', () => {
    const totals = { subtotal: 29990, shippingCost: 2500, cashFee: 0, total: 32490 };
    render(<OrderSummary lines={lines} totals={totals} />);
    expect(screen.getByText('$25.000')).toBeInTheDocument();
    expect(screen.getByText('Talla: S · Color: Negro · Cantidad: 2')).toBeInTheDocument();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$29.990');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('$2.500');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$32.490');
  });

  it('shows "Precio sin impuestos nacionales" of the total under it, only once the total is known', () => {
    const totals = { subtotal: 29990, shippingCost: 2500, cashFee: 0, total: 32490 };
    const { rerender } = render(<OrderSummary lines={lines} totals={totals} netTotal={26851} />);
    expect(screen.getByTestId('summary-net-total')).toHaveTextContent('Precio sin impuestos nacionales: $26.851');
    rerender(<OrderSummary lines={lines} totals={{ ...totals, total: null }} netTotal={26851} />);
    expect(screen.queryByTestId('summary-net-total')).not.toBeInTheDocument();
    rerender(<OrderSummary lines={lines} totals={totals} />);
    expect(screen.queryByTestId('summary-net-total')).not.toBeInTheDocument();
  });

  it("shows free shipping as 'Gratis' once the threshold is reached", () => {
    const totals = { subtotal: 29990, shippingCost: 0, cashFee: 0, total: 29990 };
    render(<OrderSummary lines={lines} totals={totals} />);
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Gratis');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$29.990');
    expect(screen.queryByTestId('summary-cash-fee')).not.toBeInTheDocument();
  });

  it('reads figures not known yet as the given text, shows discounts and marks figures on their way as busy', () => {
    const figures = {
      subtotal: 29990,
      shippingCost: null,
      cashFee: 0,
      discounts: [{ label: 'Cupón BIENVENIDA', amount: 2000 }],
      total: null,
    };
    const { container, rerender } = render(<OrderSummary lines={lines} totals={figures} unknownText="A calcular" />);
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('A calcular');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('A calcular');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('Cupón BIENVENIDA-$2.000');
    expect(container.querySelector('dl')).not.toHaveAttribute('aria-busy');
    rerender(<OrderSummary lines={lines} totals={{ ...figures, shippingCost: 0, total: 27990 }} busy />);
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Gratis');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$27.990');
    expect(container.querySelector('dl')).toHaveAttribute('aria-busy', 'true');
  });
});
