import { linePrice, stockForSize, type Category, type Product } from '@shop/shared';
import { DEFAULT_CART_COLOR, DEFAULT_CART_SIZE, type NewCartItem } from '@/features/cart';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';

export function productImage(product: Pick<Product, 'thumbnails'>): string {
  return product.thumbnails.find((t) => t.trim() !== '') ?? PLACEHOLDER_IMAGE;
}

export function categoryLabel(category: string, categories: readonly Category[]): string {
  const found = categories.find((c) => c.name === category);
  if (found && found.display_name) return found.display_name;
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** The size a link asks for (`?talle=90c`), as the product spells it; null when the product does not offer it. */
export function offeredSize(product: Pick<Product, 'size'>, wanted: string | null): string | null {
  const key = (wanted ?? '').trim().toUpperCase();
  if (!key) return null;
  return product.size.find((size) => size.toUpperCase() === key) ?? null;
}

/** The cart line a product becomes; from a card the first size (or 'M') and first colour (or 'Negro'). */
export function cartItemFromProduct(product: Product, choice: { size?: string; color?: string; quantity?: number } = {}): NewCartItem {
  return {
    id: product._id,
    name: product.title,
    price: linePrice(product),
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

export { CARD_PICTURE_SIZES, GALLERY_PICTURE_SIZES } from '@/lib/picture-preload';
