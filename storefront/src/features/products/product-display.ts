import { linePrice, variantsOf, type Category, type Product } from '@shop/shared';
import { DEFAULT_CART_COLOR, DEFAULT_CART_SIZE, type NewCartItem } from '@/features/cart';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';
import { defaultColor, variantStock } from './product-variants';

export function productImage(product: Pick<Product, 'thumbnails'>): string {
  return product.thumbnails.find((t) => t.trim() !== '') ?? PLACEHOLDER_IMAGE;
}

export function categoryLabel(category: string, categories: readonly Category[]): string {
  const found = categories.find((c) => c.name === category);
  if (found && found.display_name) return found.display_name;
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/**
 * The cart line a product becomes; from a card the first size (or 'M') and the first colour that has it in stock
 * (or 'Negro' for a product without colours). The line's stock is its variant's (colour × size), not the size's.
 */
export function cartItemFromProduct(product: Product, choice: { size?: string; color?: string; quantity?: number } = {}): NewCartItem {
  const variants = variantsOf(product);
  const size = choice.size ?? product.size[0] ?? null;
  const color = choice.color ?? defaultColor(product, variants, { size });
  return {
    id: product._id,
    name: product.title,
    price: linePrice(product),
    originalPrice: product.price,
    discount: product.discount,
    image: productImage(product),
    size: size ?? DEFAULT_CART_SIZE,
    color: color ?? DEFAULT_CART_COLOR,
    quantity: choice.quantity ?? 1,
    stock: variantStock(variants, color, size),
    category: product.category,
  };
}

export { CARD_PICTURE_SIZES, GALLERY_PICTURE_SIZES } from '@/lib/picture-preload';
