import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { CartProvider, useCart, type ProductQuery } from './cart-context';
import { lineKey } from './cart-rules';

// These tests hand the catalogue's figures to reconcile() themselves; nothing asks the server for a product.
const unusedProductQuery: ProductQuery = (id) => {
  throw new Error(`unexpected product query for ${id}`);
};
const wrapper = ({ children }: { children: ReactNode }) => <CartProvider productQuery={unusedProductQuery}>{children}</CartProvider>;

describe('cart context', () => {
  it('keeps a cleared cart empty when the catalogue answers in the same tick (order placed, stock refreshed)', () => {
    localStorage.clear();
    const product = makeProduct({ _id: 'p1', price: 10000, discount: 0, stock: 5 });
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => {
      result.current.add({ id: 'p1', name: product.title, price: 10000, image: '', size: 'M', stock: 5 });
    });
    expect(result.current.count).toBe(1);

    act(() => {
      result.current.clear();
      // The product's detail query refetched after the order (stock 4) and reconciles before the next render.
      result.current.reconcile(new Map([['p1', { ...product, stock: 4 }]]), new Set());
    });
    expect(result.current.items).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
  });

  it('lets two changes in one tick build on each other', () => {
    localStorage.clear();
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => {
      result.current.add({ id: 'p1', name: 'A', price: 100, image: '', size: 'M', stock: 5 });
      result.current.add({ id: 'p2', name: 'B', price: 200, image: '', size: 'S', stock: 5 });
    });
    act(() => {
      result.current.setQuantity(lineKey({ id: 'p1', size: 'M' }), 3);
      result.current.remove(lineKey({ id: 'p2', size: 'S' }));
    });
    expect(result.current.items.map((i) => [i.id, i.quantity])).toEqual([['p1', 3]]);
  });
});
