import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { X } from 'lucide-react';
import { MSG, soldOutSizes, type Product } from '@shop/shared';
import { PriceTag } from '@/components/price-tag';
import { PromotionBadges, useTransferPercent } from '@/features/promotions';
import { useToast } from '@/components/toast';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { ProductPicture } from '@/components/product-picture';
import { cartItemFromProduct, productImage } from '../product-display';
import { ADDED_TO_CART_TEXT } from './product-card';
import { SizePicker } from './size-picker';

interface QuickViewProps {
  product: Product;
  categoryName: string;
  onClose: () => void;
}

export default function QuickView({ product, categoryName, onClose }: QuickViewProps) {
  const transferPercent = useTransferPercent();
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const { add } = useCart();
  const { showToast } = useToast();
  const soldOut = soldOutSizes(product);
  const only = product.size.length === 1 ? (product.size[0] ?? null) : null;
  const [size, setSize] = useState<string | null>(only !== null && !soldOut.includes(only) ? only : null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const previous = document.activeElement;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !dialogRef.current) return;
      // Keep keyboard focus inside the dialog while it is open.
      const focusable = dialogRef.current.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, [onClose]);

  const chooseSize = (next: string) => {
    setSize(next);
    setError(null);
  };

  const addToCart = () => {
    if (product.size.length > 0 && !size) {
      setError(MSG.product.selectSize);
      return;
    }
    if (add(cartItemFromProduct(product, { size: size ?? undefined }))) {
      showToast(ADDED_TO_CART_TEXT);
      onClose();
    }
  };

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        ref={dialogRef}
        className="modal quick-view"
        role="dialog"
        aria-modal="true"
        aria-labelledby="quick-view-title"
        onClick={(event) => event.stopPropagation()}
        data-testid="quick-view"
      >
        <button ref={closeRef} type="button" className="icon-btn modal__close" onClick={onClose} aria-label="Cerrar">
          <X size={20} aria-hidden="true" />
        </button>
        <ProductPicture
          className="quick-view__image"
          src={productImage(product)}
          alt={product.title}
          sizes="(min-width: 720px) 340px, 100vw"
          priority
        />
        <div className="quick-view__body">
          <p className="eyebrow">{categoryName}</p>
          <h2 id="quick-view-title">{product.title}</h2>
          <PromotionBadges category={product.category} />
          <PriceTag price={product.price} discount={product.discount} size="lg" transferPercent={transferPercent} />
          <p className="quick-view__description">{product.description}</p>
          <SizePicker sizes={product.size} value={size} soldOut={soldOut} onChange={chooseSize} />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="quick-view__actions">
            <button type="button" className="btn btn--primary" onClick={addToCart} disabled={product.stock <= 0}>
              {product.stock <= 0 ? 'Sin stock' : 'Agregar al Carrito'}
            </button>
            <Link className="btn btn--outline" to={paths.product(product._id)}>
              Ver más
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
