import { Link } from 'react-router-dom';
import { Eye, ShoppingBag } from 'lucide-react';
import { finalPrice, isNewProduct, normalizeDiscount, type Product } from '@shop/shared';
import { InstallmentsOneLine } from '@/components/installment-plans';
import { PriceTag } from '@/components/price-tag';
import { useVatRate } from '@/features/content';
import { PromotionBadges, useTransferPercent } from '@/features/promotions';
import { CardRating } from '@/features/reviews';
import { useToast } from '@/components/toast';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { ProductPicture } from '@/components/product-picture';
import { CARD_PICTURE_SIZES, cartItemFromProduct, productImage } from '../product-display';

export const ADDED_TO_CART_TEXT = '¡Producto agregado al carrito!';

interface ProductCardProps {
  product: Product;
  categoryName: string;
  onQuickView?: (product: Product) => void;
  /** One of the first cards in view: its picture is fetched at once, with high priority. */
  priority?: boolean;
}

export function ProductCard({ product, categoryName, onQuickView, priority = false }: ProductCardProps) {
  const transferPercent = useTransferPercent();
  const vatRate = useVatRate(product.category);
  const { add } = useCart();
  const { showToast } = useToast();
  const discount = normalizeDiscount(product.discount);
  const outOfStock = product.stock <= 0;

  const addToCart = () => {
    if (add(cartItemFromProduct(product))) showToast(ADDED_TO_CART_TEXT);
  };

  return (
    <article className="product-card" data-testid="product-card" data-product-id={product._id}>
      <div className="product-card__media">
        <Link to={paths.product(product._id)} tabIndex={-1} aria-hidden="true">
          <ProductPicture src={productImage(product)} alt="" sizes={CARD_PICTURE_SIZES} priority={priority} />
        </Link>
        <div className="product-card__badges">
          {discount > 0 && <span className="badge badge--sale">{discount}% OFF</span>}
          {isNewProduct(product.stock) && <span className="badge badge--new">Nuevo</span>}
          {outOfStock && <span className="badge badge--muted">Sin stock</span>}
        </div>
        <div className="product-card__actions">
          {onQuickView && (
            <button
              type="button"
              className="icon-btn"
              onClick={() => onQuickView(product)}
              aria-label={`Vista rápida de ${product.title}`}
              title="Vista rápida"
            >
              <Eye size={18} aria-hidden="true" />
            </button>
          )}
          <button
            type="button"
            className="icon-btn icon-btn--primary"
            onClick={addToCart}
            disabled={outOfStock}
            aria-label={`Agregar ${product.title} al carrito`}
            title="Agregar al carrito"
            data-testid="card-add-to-cart"
          >
            <ShoppingBag size={18} aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="product-card__body">
        <p className="product-card__category" data-testid="card-category">
          {categoryName}
        </p>
        <h3 className="product-card__title">
          <Link to={paths.product(product._id)}>{product.title}</Link>
        </h3>
        <CardRating rating={product.rating} />
        <PromotionBadges category={product.category} />
        <PriceTag price={product.price} discount={product.discount} transferPercent={transferPercent} vatRate={vatRate} />
        <InstallmentsOneLine cashPrice={finalPrice(product.price, product.discount)} />
        <Link to={paths.product(product._id)} className="product-card__more" aria-label={`Ver más sobre ${product.title}`}>
          Ver más
        </Link>
      </div>
    </article>
  );
}
