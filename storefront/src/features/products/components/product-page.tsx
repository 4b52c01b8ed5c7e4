import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  colorKey,
  finalPrice,
  isNewProduct,
  MSG,
  normalizeDiscount,
  photosForColor,
  sizeGuidesForCategory,
  variantsOf,
  type Product,
  type SiteContent,
} from '@shop/shared';
import { Breadcrumb } from '@/components/breadcrumb';
import { FavoriteButton } from '@/features/account';
import { StockAlertForm } from '@/features/alerts';
import { InstallmentPlans } from '@/components/installment-plans';
import { PriceTag } from '@/components/price-tag';
import { PromotionBadges, useTransferPercent } from '@/features/promotions';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { useSiteContent, useVatRate } from '@/features/content';
import { recordInteraction } from '@/features/interactions';
import { ProductReviews } from '@/features/reviews';
import { ApiError } from '@shop/client-kit';
import { useProduct } from '../api/product-queries';
import { cartItemFromProduct, categoryLabel } from '../product-display';
import { colorStock, initialChoice, sellableColors, sizesOfColor, soldOutSizesOfColor, variantStock } from '../product-variants';
import { BuyRow, stockState } from './buy-row';
import { ColorPicker } from './color-picker';
import { ProductGallery } from './product-gallery';
import { ADDED_TO_CART_TEXT } from './product-card';
import { ProductInfoPanels } from './product-info-panels';
import { RelatedProducts } from './related-products';
import { SizeFinderToggle } from './size-finder-toggle';
import { FitNote } from './fit-note';
import { SizePicker } from './size-picker';

export default function ProductPage() {
  const { id = '' } = useParams();
  const query = useProduct(id);
  const { content } = useSiteContent();

  if (query.isPending) {
    // Full height while loading, so the footer does not show and then jump down when the product arrives.
    return (
      <div className="route-loading">
        <Spinner label="Cargando producto..." />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="container page">
        <div className="state-box" data-testid="product-not-found">
          <h1 className="page__title">{MSG.product.notFound}</h1>
          <p className="muted">
            {notFound ? 'No se pudo encontrar el producto' : 'Error al cargar el producto. Intente nuevamente más tarde.'}
          </p>
          <Link className="btn btn--primary" to={paths.home}>
            Volver al inicio
          </Link>
        </div>
      </div>
    );
  }
  return <ProductDetail key={query.data._id} product={query.data} content={content} />;
}

function ProductDetail({ product, content }: { product: Product; content: SiteContent }) {
  const transferPercent = useTransferPercent();
  const vatRate = useVatRate(product.category);
  const { add } = useCart();
  const { showToast } = useToast();
  const categories = content.productCatalog.categories;
  const category = categoryLabel(product.category, categories);
  const [params, setParams] = useSearchParams();
  const variants = useMemo(() => variantsOf(product), [product]);
  const colors = useMemo(() => sellableColors(product, variants), [product, variants]);
  // A link may choose the colour and the size (`?color=Nude&talle=90C`, the catalogue feeds), also a sold-out
  // one: then the alert form shows. Read once, when the product opens.
  const [initial] = useState(() => initialChoice(product, variants, { color: params.get('color'), talle: params.get('talle') }));
  const [size, setSize] = useState<string | null>(initial.size);
  const [color, setColor] = useState<string | undefined>(initial.color);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const recorded = useRef(false);
  const [finderOpen, setFinderOpen] = useState(false);
  const [finderFocus, setFinderFocus] = useState(0);
  const guides = useMemo(() => sizeGuidesForCategory(product.category, content.sizeGuides), [product.category, content.sizeGuides]);
  // Only the sizes the chosen colour is sold in; those without units are struck through.
  const sizes = sizesOfColor(product, variants, color);
  const soldOut = soldOutSizesOfColor(product, variants, color);
  const soldOutColors = colors.filter((c) => colorStock(variants, c.name) <= 0).map((c) => c.name);
  const photos = useMemo(() => photosForColor(product.thumbnails, product.photoColors, color ?? null), [product, color]);
  // Once a size is chosen, the stepper and the cart stop at that colour × size's units.
  const stock = stockState(product, variants, color, size);
  const { maxQuantity, sizeSoldOut, outOfStock } = stock;
  const offerAlert = sizeSoldOut || (product.size.length === 0 && outOfStock);
  const discount = normalizeDiscount(product.discount);

  useEffect(() => {
    document.title = `${product.title} · ${category}`;
    if (recorded.current) return;
    recorded.current = true;
    void recordInteraction({
      type: 'product_view',
      data: {
        productId: product._id,
        productTitle: product.title,
        productPrice: product.price,
        productCategory: product.category,
      },
    });
  }, [product, category]);

  /** Keeps the choice in the link (`?color=…&talle=…`), replacing the history entry, so it can be shared. */
  const remember = (nextColor: string | undefined, nextSize: string | null) => {
    const next = new URLSearchParams(params);
    if (nextColor && colors.length > 1) next.set('color', nextColor);
    else next.delete('color');
    if (nextSize) next.set('talle', nextSize);
    else next.delete('talle');
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const chooseSize = (next: string) => {
    setSize(next);
    setQuantity((q) => Math.max(1, Math.min(q, variantStock(variants, color, next))));
    setSizeError(null);
    remember(color, next);
  };

  const chooseColor = (next: string) => {
    if (colorKey(next) === colorKey(color)) return;
    // The size stays when the new colour is sold in it (sold out or not); otherwise the shopper chooses again.
    const keep = size !== null && sizesOfColor(product, variants, next).includes(size) ? size : null;
    setColor(next);
    setSize(keep);
    if (keep !== null) setQuantity((q) => Math.max(1, Math.min(q, variantStock(variants, next, keep))));
    setSizeError(null);
    remember(next, keep);
  };

  const addToCart = () => {
    if (product.size.length > 0 && !size) {
      setSizeError(MSG.product.selectSize);
      return;
    }
    if (add(cartItemFromProduct(product, { size: size ?? undefined, color, quantity }))) {
      showToast(ADDED_TO_CART_TEXT);
    } else {
      setSizeError(
        size
          ? `Solo quedan ${maxQuantity} unidades en talla ${size} y ya están en tu carrito.`
          : `Solo quedan ${maxQuantity} unidades disponibles y ya están en tu carrito.`,
      );
    }
  };

  return (
    <div className="container page" data-testid="product-page">
      <Breadcrumb
        trail={[
          { label: 'Inicio', to: paths.home },
          { label: category, to: paths.category(product.category) },
        ]}
        current={product.title}
      />
      <div className="product-layout">
        <ProductGallery key={colorKey(color)} images={photos} title={product.title} />
        <div className="product-info">
          <p className="eyebrow">{category}</p>
          <h1 className="product-info__title">{product.title}</h1>
          <FavoriteButton productId={product._id} />
          <div className="product-info__badges">
            {discount > 0 && <span className="badge badge--sale">{discount}% OFF</span>}
            {isNewProduct(product.stock) && <span className="badge badge--new">Nuevo</span>}
          </div>
          <PromotionBadges category={product.category} />
          <PriceTag price={product.price} discount={product.discount} size="lg" transferPercent={transferPercent} vatRate={vatRate} />
          <InstallmentPlans cashPrice={finalPrice(product.price, product.discount)} />
          <p className="product-info__description">{product.description}</p>

          <ColorPicker colors={colors} value={color} soldOut={soldOutColors} onChange={chooseColor} />
          <SizePicker
            sizes={sizes}
            value={size}
            soldOut={soldOut}
            soldOutSelectable
            onChange={chooseSize}
            describedBy={sizeError ? 'size-error' : undefined}
            testId="size-selector"
          />
          {sizeError && (
            <p id="size-error" className="field-error" role="alert">
              {sizeError}
            </p>
          )}

          {product.fit && <FitNote fit={product.fit} />}
          <SizeFinderToggle
            guides={guides}
            fit={product.fit}
            stock={{ productSizes: product.size, colorSizes: sizes, soldOut, color, chosen: size, onChoose: chooseSize }}
            open={finderOpen}
            setOpen={setFinderOpen}
            focusRequest={finderFocus}
          />
          <BuyRow size={size} stock={stock} quantity={quantity} setQuantity={setQuantity} onAdd={addToCart} />
          {offerAlert && <StockAlertForm productId={product._id} size={size ?? undefined} color={colors.length > 0 ? color : undefined} />}
          <ProductInfoPanels
            product={product}
            content={content}
            onOpenFinder={() => {
              setFinderOpen(true);
              setFinderFocus((n) => n + 1);
            }}
          />
        </div>
      </div>

      <ProductReviews productId={product._id} />
      <RelatedProducts product={product} categories={categories} />
    </div>
  );
}
