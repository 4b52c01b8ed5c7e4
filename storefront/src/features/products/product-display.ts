import { finalPrice, stockForSize, type Category, type Product } from '@shop/shared';
import type { NewCartItem } from '@/features/cart/cart-rules';
import { DEFAULT_CART_COLOR, DEFAULT_CART_SIZE } from '@/features/cart/cart-rules';

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500"><rect width="400" height="500" fill="#f6e9ec"/><path d="M150 220c0-28 22-50 50-50s50 22 50 50-22 70-50 90c-28-20-50-62-50-90z" fill="#e7c3cc"/></svg>',
  );

export function productImage(product: Pick<Product, 'thumbnails'>): string {
  return product.thumbnails.find((t) => t.trim() !== '') ?? PLACEHOLDER_IMAGE;
}

export function categoryLabel(category: string, categories: readonly Category[]): string {
  const found = categories.find((c) => c.name === category);
  if (found && found.display_name) return found.display_name;
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** The cart line a product becomes; from a card the first size (or 'M') and first colour (or 'Negro'). */
export function cartItemFromProduct(
  product: Product,
  choice: { size?: string; color?: string; quantity?: number } = {},
): NewCartItem {
  return {
    id: product._id,
    name: product.title,
    price: finalPrice(product.price, product.discount),
    originalPrice: product.price,
    discount: product.discount,
    image: productImage(product),
    size: choice.size ?? product.size[0] ?? DEFAULT_CART_SIZE,
    color: choice.color ?? product.colors[0]?.name ?? DEFAULT_CART_COLOR,
    quantity: choice.quantity ?? 1,
    stock: stockForSize(product, choice.size ?? product.size[0] ?? null),
    category: product.category,
  };
}
