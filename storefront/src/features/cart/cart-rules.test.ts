import { describe, expect, it } from 'vitest';
import { addItem, cartCount, cartSubtotal, lineKey, parseStoredCart, quantityCap, setLineQuantity, type NewCartItem } from './cart-rules';

const base: NewCartItem = { id: 'p1', name: 'Body Encaje', price: 15000, image: '/a.webp', size: 'M', color: 'Negro', stock: 3 };

describe('cart rules', () => {
  it('identifies a line by id, size and colour', () => {
    let items = addItem([], base).items;
    items = addItem(items, { ...base, size: 'L' }).items;
    items = addItem(items, { ...base, color: 'Blanco' }).items;
    items = addItem(items, base).items;
    expect(items).toHaveLength(3);
    expect(items.find((i) => lineKey(i) === lineKey(base))?.quantity).toBe(2);
    expect(lineKey({ id: 'a', size: 'M', color: undefined })).not.toBe(lineKey({ id: 'a', size: 'M', color: 'Negro' }));
  });

  it('silently ignores an add that would exceed the stock', () => {
    let items = addItem([], { ...base, quantity: 2 }).items;
    const result = addItem(items, { ...base, quantity: 2 });
    expect(result.added).toBe(false);
    expect(result.items[0]?.quantity).toBe(2);
    items = addItem(items, { ...base, quantity: 1 }).items;
    expect(items[0]?.quantity).toBe(3);
    expect(addItem(items, base).added).toBe(false);
  });

  it('caps at 99 when the stock is unknown and refuses products without stock', () => {
    expect(quantityCap(undefined)).toBe(99);
    expect(quantityCap(7)).toBe(7);
    const noStock: NewCartItem = { ...base, stock: undefined };
    expect(addItem([], { ...noStock, quantity: 99 }).added).toBe(true);
    expect(addItem([], { ...noStock, quantity: 100 }).added).toBe(false);
    expect(addItem([], { ...base, stock: 0 }).added).toBe(false);
  });

  it('removes a line when its quantity is set to 0 or less and caps larger quantities', () => {
    const items = addItem([], base).items;
    const key = lineKey(base);
    expect(setLineQuantity(items, key, 0)).toEqual([]);
    expect(setLineQuantity(items, key, -2)).toEqual([]);
    expect(setLineQuantity(items, key, 50)[0]?.quantity).toBe(3);
    expect(setLineQuantity(items, key, 2)[0]?.quantity).toBe(2);
  });

  it('counts units and adds up the subtotal', () => {
    let items = addItem([], { ...base, quantity: 2 }).items;
    items = addItem(items, { ...base, id: 'p2', price: 9990, quantity: 1 }).items;
    expect(cartCount(items)).toBe(3);
    expect(cartSubtotal(items)).toBe(2 * 15000 + 9990);
  });

  it('reads stored carts defensively', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    const stored = JSON.stringify([{ ...base, quantity: 2 }, { id: '', quantity: 1 }]);
    expect(parseStoredCart(stored)).toEqual([{ ...base, quantity: 2 }]);
  });
});
