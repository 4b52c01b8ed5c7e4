import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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

interface CartContextValue {
  items: CartItem[];
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

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>(readStorage);
  // The latest lines, so that two adds in the same tick both count against the stock.
  const latest = useRef(items);
  latest.current = items;

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
      if (event.key === STORAGE_KEYS.cart) setItems(parseStoredCart(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const add = useCallback(
    (item: NewCartItem) => {
      const result = addItem(latest.current, item);
      if (result.added) {
        latest.current = result.items;
        setItems(result.items);
      }
      return result.added;
    },
    [],
  );
  const setQuantity = useCallback((key: string, quantity: number) => {
    setItems((current) => setLineQuantity(current, key, quantity));
  }, []);
  const remove = useCallback((key: string) => setItems((current) => removeLine(current, key)), []);
  const clear = useCallback(() => setItems([]), []);
  const reconcile = useCallback((productsById: ReadonlyMap<string, Product>, missingIds: ReadonlySet<string>) => {
    const result = reconcileCart(latest.current, productsById, missingIds);
    if (result.items !== latest.current) {
      latest.current = result.items;
      setItems(result.items);
    }
    return result.changes;
  }, []);

  const value = useMemo(
    () => ({ items, count: cartCount(items), subtotal: cartSubtotal(items), add, setQuantity, remove, clear, reconcile }),
    [items, add, setQuantity, remove, clear, reconcile],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
