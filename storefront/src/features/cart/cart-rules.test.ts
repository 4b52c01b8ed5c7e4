import { describe, expect, it } from 'vitest';
import { makeProduct, makeVariant } from '@/test/fixtures';
import {
  addItem,
  cartCount,
  cartSubtotal,
  hasCartChanges,
  lineKey,
  parseStoredCart,
  quantityCap,
  reconcileCart,
  setLineQuantity,
  type CartItem,
  type NewCartItem,
} from './cart-rules';

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
    const stored = JSON.stringify([
      { ...base, quantity: 2 },
      { id: '', quantity: 1 },
    ]);
    expect(parseStoredCart(stored)).toEqual([{ ...base, quantity: 2 }]);
  });
});

describe('reconcileCart', () => {
  const stored: CartItem = {
    id: 'p1',
    name: 'Conjunto Encaje Rosa',
    price: 20000,
    originalPrice: 20000,
    discount: 0,
    image: '/images/products/p1.webp',
    size: 'M',
    color: 'Negro',
    quantity: 2,
    stock: 5,
    category: 'conjuntos',
  };
  const catalogue = (...products: ReturnType<typeof makeProduct>[]) => new Map(products.map((p) => [p._id, p]));
  const none = new Set<string>();

  it('returns the very same array and no changes when the catalogue agrees', () => {
    const items = [stored];
    const result = reconcileCart(items, catalogue(makeProduct()), none);
    expect(result.items).toBe(items);
    expect(hasCartChanges(result.changes)).toBe(false);
  });

  it('leaves lines alone while their product is unknown (loading or a network error)', () => {
    const items = [stored, { ...stored, id: 'p9' }];
    const result = reconcileCart(items, new Map(), none);
    expect(result.items).toBe(items);
    expect(hasCartChanges(result.changes)).toBe(false);
  });

  it('takes the current price after discount, name, first image and stock, keeping size, colour and quantity', () => {
    const product = makeProduct({ price: 30000, discount: 15, title: 'Conjunto Encaje', thumbnails: ['', '/b.webp'], stock: 8 });
    const result = reconcileCart([stored, { ...stored, size: 'L', quantity: 1 }], catalogue(product), none);
    expect(result.changes).toEqual({ pricesChanged: true, linesRemoved: false, quantitiesCapped: false });
    expect(result.items).toEqual([
      { ...stored, price: 25500, originalPrice: 30000, discount: 15, name: 'Conjunto Encaje', image: '/b.webp', stock: 8 },
      {
        ...stored,
        size: 'L',
        quantity: 1,
        price: 25500,
        originalPrice: 30000,
        discount: 15,
        name: 'Conjunto Encaje',
        image: '/b.webp',
        stock: 8,
      },
    ]);
    expect(cartSubtotal(result.items)).toBe(25500 * 3);
  });

  it('updates silently when only the name or image changed', () => {
    const result = reconcileCart([stored], catalogue(makeProduct({ title: 'Conjunto Rosa' })), none);
    expect(result.items[0]?.name).toBe('Conjunto Rosa');
    expect(hasCartChanges(result.changes)).toBe(false);
  });

  it('caps quantities at the new stock', () => {
    const result = reconcileCart([{ ...stored, quantity: 4 }], catalogue(makeProduct({ stock: 3 })), none);
    expect(result.items).toEqual([{ ...stored, quantity: 3, stock: 3 }]);
    expect(result.changes).toEqual({ pricesChanged: false, linesRemoved: false, quantitiesCapped: true });
  });

  it('removes the lines of a product with no stock left or that is inactive', () => {
    const other = { ...stored, id: 'p2' };
    const result = reconcileCart(
      [stored, { ...stored, size: 'S' }, other],
      catalogue(makeProduct({ stock: 0 }), makeProduct({ _id: 'p2', status: false })),
      none,
    );
    expect(result.items).toEqual([]);
    expect(result.changes).toEqual({ pricesChanged: false, linesRemoved: true, quantitiesCapped: false });
  });

  it('removes the lines of a product the catalogue answered 404 for and keeps the rest', () => {
    const other = { ...stored, id: 'p2' };
    const result = reconcileCart([stored, other], catalogue(makeProduct()), new Set(['p2']));
    expect(result.items).toEqual([stored]);
    expect(result.changes).toEqual({ pricesChanged: false, linesRemoved: true, quantitiesCapped: false });
  });

  it('drops a line whose size ran out and caps a line at its size, leaving other sizes alone', () => {
    const bySize = makeProduct({ stock: 3, stockBySize: { S: 0, M: 1, L: 2 } });
    const lines: CartItem[] = [
      { ...stored, size: 'S', quantity: 1 },
      { ...stored, size: 'M', quantity: 2 },
      { ...stored, size: 'L', quantity: 2, stock: 2 },
    ];
    const result = reconcileCart(lines, catalogue(bySize), none);
    expect(result.items.map((l) => [l.size, l.quantity, l.stock])).toEqual([
      ['M', 1, 1],
      ['L', 2, 2],
    ]);
    expect(result.changes).toEqual({ pricesChanged: false, linesRemoved: true, quantitiesCapped: true });
    // A size the product no longer offers is gone too.
    const dropped = reconcileCart([{ ...stored, size: 'XL' }], catalogue(bySize), none);
    expect(dropped.items).toEqual([]);
  });
  it('keeps two colours of one size apart and checks each line against its variant (colour × size)', () => {
    const product = makeProduct({
      size: ['M', 'L'],
      stock: 8,
      stockBySize: { M: 8, L: 0 },
      thumbnails: ['/negro.webp', '/blanco.webp'],
      photoColors: { '/negro.webp': 'Negro', '/blanco.webp': 'Blanco' },
      variants: [
        makeVariant('Negro', 'M', 1),
        makeVariant('Blanco', 'M', 7),
        makeVariant('Negro', 'L', 5, false),
        makeVariant('Blanco', 'L', 0),
      ],
    });
    let items: CartItem[] = addItem([], { ...base, size: 'M', color: 'Negro', stock: 1 }).items;
    items = addItem(items, { ...base, size: 'M', color: 'Blanco', stock: 7, quantity: 3 }).items;
    items = addItem(items, { ...base, size: 'L', color: 'Negro', stock: 5 }).items;
    expect(items.map((l) => [l.color, l.size, l.quantity])).toEqual([
      ['Negro', 'M', 1],
      ['Blanco', 'M', 3],
      ['Negro', 'L', 1],
    ]);
    // The Negro M line is full at its variant's 1 unit although size M has 8 in all.
    expect(addItem(items, { ...base, size: 'M', color: 'Negro', stock: 1 }).added).toBe(false);

    const result = reconcileCart([...items, { ...base, size: 'M', color: 'Rojo', quantity: 1 }], catalogue(product), none);
    // Negro L is paused and Rojo is not sold: both go; each M line keeps its colour's stock and picture.
    expect(result.items.map((l) => [l.color, l.size, l.quantity, l.stock, l.image])).toEqual([
      ['Negro', 'M', 1, 1, '/negro.webp'],
      ['Blanco', 'M', 3, 7, '/blanco.webp'],
    ]);
    expect(result.changes.linesRemoved).toBe(true);
    const capped = reconcileCart([{ ...base, size: 'm', color: 'BLANCO', quantity: 9, stock: 9 } as CartItem], catalogue(product), none);
    expect(capped.items.map((l) => [l.quantity, l.stock])).toEqual([[7, 7]]);
    expect(capped.changes.quantitiesCapped).toBe(true);
  });
});
