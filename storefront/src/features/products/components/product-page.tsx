import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Minus, Plus, Ruler } from 'lucide-react';
import {
  isNewProduct,
  LIMITS,
  MSG,
  normalizeDiscount,
  sizeGuidesForCategory,
  soldOutSizes,
  stockForSize,
  type Product,
  type SiteContent,
} from '@shop/shared';
import { Breadcrumb } from '@/components/breadcrumb';
import { StockAlertForm } from '@/features/alerts';
import { ContentIcon } from '@/components/content-icon';
import { DisclosureButton } from '@/components/disclosure-button';
import { PriceTag } from '@/components/price-tag';
import { PromotionBadges, useTransferPercent } from '@/features/promotions';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { useSiteContent } from '@/features/content';
import { recordInteraction } from '@/features/interactions';
import { useIdle } from '@/lib/when-idle';
import { ApiError } from '@shop/client-kit';
import { productQueries, useProduct } from '../api/product-queries';
import { cartItemFromProduct, categoryLabel, offeredSize } from '../product-display';
import { ProductGallery } from './product-gallery';
import { ProductGrid } from './product-grid';
import { ADDED_TO_CART_TEXT } from './product-card';
import { SizeGuides } from './size-guides';
import { SizePicker } from './size-picker';

const FALLBACK_INFO_CARDS = [
  { icon: 'Truck', title: 'Envío gratis', description: 'En compras desde $30.000 dentro de Neuquén.', enabled: true },
  { icon: 'RefreshCw', title: '30 días para cambios', description: 'Cambiá talle o modelo sin complicaciones.', enabled: true },
  { icon: 'ShieldCheck', title: 'Garantía', description: 'Calidad garantizada en todas nuestras prendas.', enabled: true },
];

/** The line under the buy button: the units left (of the chosen size), or that there are none. */
function stockNote(size: string | null, outOfStock: boolean, units: number): string {
  if (!outOfStock) return size ? `Stock disponible en talla ${size}: ${units}` : `Stock disponible: ${units}`;
  return size && units <= 0 ? `Talla ${size} agotada por el momento.` : 'Producto sin stock por el momento.';
}

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
  const { add } = useCart();
  const { showToast } = useToast();
  const categories = content.productCatalog.categories;
  const category = categoryLabel(product.category, categories);
  const [params] = useSearchParams();
  // A link may choose the size (`?talle=90C`, the catalogue feeds), also a sold-out one: then the alert form shows.
  const [size, setSize] = useState<string | null>(() => offeredSize(product, params.get('talle')));
  const [color, setColor] = useState<string | undefined>(product.colors[0]?.name);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [guideOpen, setGuideOpen] = useState(false);
  const recorded = useRef(false);
  const soldOut = soldOutSizes(product);
  // Once a size is chosen, the stepper and the cart stop at that size's units.
  const maxQuantity = size ? stockForSize(product, size) : Math.max(0, product.stock);
  const sizeSoldOut = size !== null && maxQuantity <= 0;
  const outOfStock = product.stock <= 0 || sizeSoldOut;
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

  const guides = sizeGuidesForCategory(product.category, content.sizeGuides);
  const infoCards = content.productDetail.infoCards.filter((c) => c.enabled);
  const sections = content.productDetail.expandableSections.filter((s) => s.enabled);
  // Below the fold: asked for once the page is drawn, so its pictures do not compete with the main one.
  const idle = useIdle();
  const related = useQuery({
    ...productQueries.list({ category: product.category, limit: LIMITS.relatedProducts + 1 }),
    enabled: idle,
  });
  const relatedProducts = (related.data?.payload ?? []).filter((p) => p._id !== product._id).slice(0, LIMITS.relatedProducts);

  const chooseSize = (next: string) => {
    setSize(next);
    setQuantity((q) => Math.max(1, Math.min(q, stockForSize(product, next))));
    setSizeError(null);
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
        <ProductGallery images={product.thumbnails} title={product.title} />
        <div className="product-info">
          <p className="eyebrow">{category}</p>
          <h1 className="product-info__title">{product.title}</h1>
          <div className="product-info__badges">
            {discount > 0 && <span className="badge badge--sale">{discount}% OFF</span>}
            {isNewProduct(product.stock) && <span className="badge badge--new">Nuevo</span>}
          </div>
          <PromotionBadges category={product.category} />
          <PriceTag price={product.price} discount={product.discount} size="lg" transferPercent={transferPercent} />
          <p className="product-info__description">{product.description}</p>

          <SizePicker
            sizes={product.size}
            value={size}
            soldOut={soldOut}
            soldOutSelectable
            onChange={chooseSize}
            describedBy={sizeError ? 'size-error' : undefined}
            testId="size-selector"
          />
          {product.colors.length > 0 && (
            <fieldset className="color-picker">
              <legend>
                Color: <span className="muted">{color}</span>
              </legend>
              <div className="chip-row">
                {product.colors.map((c) => (
                  <button
                    key={c.name}
                    type="button"
                    className={`swatch ${color === c.name ? 'swatch--active' : ''}`}
                    style={{ background: c.value || '#ccc' }}
                    aria-pressed={color === c.name}
                    aria-label={c.name}
                    title={c.name}
                    onClick={() => setColor(c.name)}
                  />
                ))}
              </div>
            </fieldset>
          )}
          {sizeError && (
            <p id="size-error" className="field-error" role="alert">
              {sizeError}
            </p>
          )}

          <div className="buy-row">
            <div className="stepper" role="group" aria-label="Cantidad">
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                disabled={quantity <= 1 || outOfStock}
                aria-label="Restar una unidad"
              >
                <Minus size={16} aria-hidden="true" />
              </button>
              <output aria-live="polite" data-testid="quantity">
                {quantity}
              </output>
              <button
                type="button"
                onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
                disabled={quantity >= maxQuantity || outOfStock}
                aria-label="Sumar una unidad"
              >
                <Plus size={16} aria-hidden="true" />
              </button>
            </div>
            <button
              type="button"
              className="btn btn--primary btn--lg buy-row__add"
              onClick={addToCart}
              disabled={outOfStock}
              data-testid="add-to-cart"
            >
              {outOfStock ? 'Sin stock' : 'Agregar al Carrito'}
            </button>
          </div>
          <p className="muted small" data-testid="stock-note">
            {stockNote(size, outOfStock, maxQuantity)}
          </p>
          {offerAlert && <StockAlertForm productId={product._id} size={size ?? undefined} />}

          {content.productDetail.showSizeGuideButton && guides.length > 0 && (
            <div className="size-guide-toggle">
              <DisclosureButton open={guideOpen} onToggle={() => setGuideOpen((v) => !v)} controls="product-size-guides">
                <Ruler size={16} aria-hidden="true" />
                {content.productDetail.sizeGuideButtonText || 'Guía de tallas'}
              </DisclosureButton>
              <div id="product-size-guides" hidden={!guideOpen}>
                {guideOpen && <SizeGuides guides={guides} categories={categories} />}
              </div>
            </div>
          )}

          <ul className="detail-cards">
            {(infoCards.length > 0 ? infoCards : FALLBACK_INFO_CARDS).map((card, index) => (
              <li key={`${card.title}-${index}`} className="detail-card">
                <ContentIcon name={card.icon} size={22} className="detail-card__icon" />
                <div>
                  <h2>{card.title}</h2>
                  <p>{card.description}</p>
                </div>
              </li>
            ))}
          </ul>

          {sections.length > 0 && (
            <div className="accordion" data-testid="expandable-sections">
              {sections.map((section, index) => {
                const key = section.id || `section-${index}`;
                const isOpen = open[key] ?? false;
                return (
                  <div key={key} className="accordion__item">
                    <h2 className="accordion__heading">
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={`panel-${key}`}
                        onClick={() => setOpen((o) => ({ ...o, [key]: !isOpen }))}
                      >
                        {section.title}
                        <ChevronDown size={18} aria-hidden="true" className="accordion__chevron" />
                      </button>
                    </h2>
                    <div id={`panel-${key}`} className="accordion__panel" hidden={!isOpen}>
                      <p>{section.content}</p>
                    </div>
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>

      {relatedProducts.length > 0 && (
        <section className="section related" aria-labelledby="related-title" data-testid="related-products">
          <h2 id="related-title" className="section__title">
            También te puede interesar
          </h2>
          <ProductGrid products={relatedProducts} categories={categories} />
        </section>
      )}
    </div>
  );
}
