import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceTag } from './price-tag';

describe('PriceTag', () => {
  it('adds the transfer price, after the product discount, only when the shop has one', () => {
    const { rerender } = render(<PriceTag price={20000} discount={10} transferPercent={10} vatRate={21} />);
    // 20000 − 10 % = 18000; 10 % off for transfer: 16200.
    // Exactly the specification's text: the net of the transfer price is a line of its own.
    expect(screen.getByTestId('transfer-price').textContent).toBe('$16.200 con transferencia');
    rerender(<PriceTag price={20000} discount={10} transferPercent={0} vatRate={21} />);
    expect(screen.queryByTestId('transfer-price')).not.toBeInTheDocument();
  });

  it('states the price without national taxes under the price and under the transfer price (Ley 27.743)', () => {
    const { rerender } = render(<PriceTag price={24200} discount={0} transferPercent={10} vatRate={21} />);
    // 24.200 / 1,21 = 20.000; by transfer 21.780 / 1,21 = 18.000.
    expect(screen.getByTestId('net-price')).toHaveTextContent('Precio sin impuestos nacionales: $20.000');
    expect(screen.getByTestId('net-transfer-price')).toHaveTextContent('Precio sin impuestos nacionales: $18.000');
    // A promotional price gets its own: 10 % off 24.200 is 21.780 → 18.000; at 10,5 %, 19.710.
    rerender(<PriceTag price={24200} discount={10} transferPercent={0} vatRate={10.5} />);
    expect(screen.getByTestId('net-price')).toHaveTextContent('Precio sin impuestos nacionales: $19.710');
  });
});
