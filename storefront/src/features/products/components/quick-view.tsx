import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { X } from 'lucide-react';
import { MSG, photosForColor, sizeGuidesForCategory, variantsOf, type Product } from '@shop/shared';
import { PriceTag } from '@/components/price-tag';
import { PromotionBadges, useTransferPercent } from '@/features/promotions';
import { useToast } from '@/components/toast';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { useModalDialog } from '@/lib/use-modal-dialog';
import { ProductPicture } from '@/components/product-picture';
import { useSiteContent, useVatRate } from '@/features/content';
import { useProduct } from '../api/product-queries';
import { cartItemFromProduct, productImage } from '../product-display';
import { colorStock, defaultColor, sellableColors, sizesOfColor, soldOutSizesOfColor, variantStock } from '../product-variants';
import { ColorPicker } from './color-picker';
import { ADDED_TO_CART_TEXT } from './product-card';
import { SizeFinderToggle } from './size-finder-toggle';
import { SizePicker } from './size-picker';

interface QuickViewProps {
  product: Product;
  categoryName: string;
  onClose: () => void;
}

export default function QuickView({ product, categoryName, onClose }: QuickViewProps) {
  const transferPercent = useTransferPercent();
  const vatRate = useVatRate(product.category);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const { add } = useCart();
  const { showToast } = useToast();
  const variants = useMemo(() => variantsOf(product), [product]);
  const colors = useMemo(() => sellableColors(product, variants), [product, variants]);
  const [color, setColor] = useState<string | undefined>(() => defaultColor(product, variants));
  // Only the sizes the chosen colour is sold in; here a sold-out one cannot be chosen (the product page offers the alert).
  const sizes = sizesOfColor(product, variants, color);
  const soldOut = soldOutSizesOfColor(product, variants, color);
  const soldOutColors = colors.filter((c) => colorStock(variants, c.name) <= 0).map((c) => c.name);
  const only = sizes.length === 1 ? (sizes[0] ?? null) : null;
  const [size, setSize] = useState<string | null>(only !== null && !soldOut.includes(only) ? only : null);
  const outOfStock = product.stock <= 0 || colorStock(variants, color) <= 0;
  const image = productImage({ thumbnails: photosForColor(product.thumbnails, product.photoColors, color ?? null) });
  const [error, setError] = useState<string | null>(null);
  // "¿Cuál es mi talle?" as on the product page: the category's guides, the measurements she gave before, and the
  // model's fit, which only the product's own answer carries (read now; the product page reads it from the cache).
  const { content } = useSiteContent();
  const guides = useMemo(() => sizeGuidesForCategory(product.category, content.sizeGuides), [product.category, content.sizeGuides]);
  const fit = useProduct(product._id).data?.fit;
  const [finderOpen, setFinderOpen] = useState(false);

  useModalDialog(dialogRef, closeRef, onClose);

  const chooseSize = (next: string) => {
    setSize(next);
    setError(null);
  };

  const chooseColor = (next: string) => {
    setColor(next);
    // The size stays when the new colour has it in stock.
    setSize((current) => (current !== null && variantStock(variants, next, current) > 0 ? current : null));
    setError(null);
  };

  const addToCart = () => {
    if (product.size.length > 0 && !size) {
      setError(MSG.product.selectSize);
      return;
    }
    if (add(cartItemFromProduct(product, { size: size ?? undefined, color }))) {
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
        <ProductPicture className="quick-view__image" src={image} alt={product.title} sizes="(min-width: 720px) 340px, 100vw" priority />
        <div className="quick-view__body">
          <p className="eyebrow">{categoryName}</p>
          <h2 id="quick-view-title">{product.title}</h2>
          <PromotionBadges category={product.category} />
          <PriceTag price={product.price} discount={product.discount} size="lg" transferPercent={transferPercent} vatRate={vatRate} />
          <p className="quick-view__description">{product.description}</p>
          <ColorPicker colors={colors} value={color} soldOut={soldOutColors} onChange={chooseColor} testId="quick-view-colors" />
          <SizePicker sizes={sizes} value={size} soldOut={soldOut} onChange={chooseSize} testId="quick-view-sizes" />
          <SizeFinderToggle
            guides={guides}
            fit={fit}
            stock={{ productSizes: product.size, colorSizes: sizes, soldOut, color, chosen: size, onChoose: chooseSize }}
            open={finderOpen}
            setOpen={setFinderOpen}
            focusRequest={0}
            panelId="quick-view-size-finder"
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="quick-view__actions">
            <button type="button" className="btn btn--primary" onClick={addToCart} disabled={outOfStock}>
              {outOfStock ? 'Sin stock' : 'Agregar al Carrito'}
            </button>
            <Link
              className="btn btn--outline"
              to={`${paths.product(product._id)}${color && colors.length > 1 ? `?color=${encodeURIComponent(color)}` : ''}`}
            >
              Ver más
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
