import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { STORAGE_KEYS, type Product } from '@shop/shared';
import {
  addItem,
  cartCount,
  cartSubtotal,
  parseStoredCart,
  reconcileCart,
  removeLine,
  setLineQuantity,
  type CartChanges,
  type CartItem,
  type NewCartItem,
} from './cart-rules';

/**
 * How the cart reads a product's current figures: the app passes the catalogue's detail query (same key and cache
 * as the product page), so the cart does not depend on the products feature, which depends on the cart.
 */
export type ProductQuery = (id: string) => {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<Product>;
};

interface CartContextValue {
  items: CartItem[];
  productQuery: ProductQuery;
  count: number;
  subtotal: number;
  /** Returns false when the add was ignored because it would exceed the stock. */
  add: (item: NewCartItem) => boolean;
  setQuantity: (key: string, quantity: number) => void;
  remove: (key: string) => void;
  clear: () => void;
  /** Applies the catalogue's current figures to the lines (see reconcileCart) and reports what changed. */
  reconcile: (productsById: ReadonlyMap<string, Product>, missingIds: ReadonlySet<string>) => CartChanges;
}

const CartContext = createContext<CartContextValue | null>(null);

function readStorage(): CartItem[] {
  try {
    return parseStoredCart(localStorage.getItem(STORAGE_KEYS.cart));
  } catch {
    return [];
  }
}

export function CartProvider({ productQuery, children }: { productQuery: ProductQuery; children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>(readStorage);
  // The latest lines, updated as soon as a change is decided (not at the next render): two changes in the same
  // tick then build on each other. Without this, a reconciliation right after clear() restored the cleared lines.
  const latest = useRef(items);
  const commit = useCallback((next: CartItem[]) => {
    latest.current = next;
    setItems(next);
  }, []);

  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
    } catch {
      // Private mode or a full storage: the cart still works for this visit.
    }
  }, [items]);

  // Keep several open tabs in step.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cart) commit(parseStoredCart(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [commit]);

  const add = useCallback(
    (item: NewCartItem) => {
      const result = addItem(latest.current, item);
      if (result.added) commit(result.items);
      return result.added;
    },
    [commit],
  );
  const setQuantity = useCallback((key: string, quantity: number) => commit(setLineQuantity(latest.current, key, quantity)), [commit]);
  const remove = useCallback((key: string) => commit(removeLine(latest.current, key)), [commit]);
  const clear = useCallback(() => commit([]), [commit]);
  const reconcile = useCallback(
    (productsById: ReadonlyMap<string, Product>, missingIds: ReadonlySet<string>) => {
      const result = reconcileCart(latest.current, productsById, missingIds);
      if (result.items !== latest.current) commit(result.items);
      return result.changes;
    },
    [commit],
  );

  const value = useMemo(
    () => ({ items, productQuery, count: cartCount(items), subtotal: cartSubtotal(items), add, setQuantity, remove, clear, reconcile }),
    [items, productQuery, add, setQuantity, remove, clear, reconcile],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
