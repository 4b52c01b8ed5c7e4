import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceTag } from './price-tag';

describe('PriceTag', () => {
  it('adds the transfer price, after the product discount, only when the shop has one', () => {
    const { rerender } = render(<PriceTag price={20000} discount={10} transferPercent={10} />);
    // 20000 − 10 % = 18000; 10 % off for transfer: 16200.
    expect(screen.getByTestId('transfer-price')).toHaveTextContent('$16.200 con transferencia');
    rerender(<PriceTag price={20000} discount={10} transferPercent={0} />);
    expect(screen.queryByTestId('transfer-price')).not.toBeInTheDocument();
  });
});
