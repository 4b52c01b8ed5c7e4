// Public face of the cart: what other features and the app may use. The cart page itself is loaded by path from
// app/routes.tsx (its own chunk), so it is not exported here.
export { CartProvider, useCart, type ProductQuery } from './cart-context';
export { DEFAULT_CART_COLOR, DEFAULT_CART_SIZE, lineKey, type CartItem, type NewCartItem } from './cart-rules';
export { CartChangesNotice } from './components/cart-changes-notice';
export { useCartReconciliation } from './use-cart-reconciliation';
