import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
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
import { ContentIcon } from '@/components/content-icon';
import { PriceTag } from '@/components/price-tag';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/cart-context';
import { useSiteContent } from '@/features/content/api/get-content';
import { recordInteraction } from '@/features/interactions/api/record-interaction';
import { ApiError } from '@/lib/api-client';
import { useProduct } from '../api/get-product';
import { productListQuery } from '../api/get-products';
import { cartItemFromProduct, categoryLabel } from '../product-display';
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

export default function ProductPage() {
  const { id = '' } = useParams();
  const query = useProduct(id);
  const { content } = useSiteContent();

  if (query.isPending) return <Spinner label="Cargando producto..." />;
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
  const { add } = useCart();
  const { showToast } = useToast();
  const categories = content.productCatalog.categories;
  const category = categoryLabel(product.category, categories);
  const [size, setSize] = useState<string | null>(null);
  const [color, setColor] = useState<string | undefined>(product.colors[0]?.name);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [guideOpen, setGuideOpen] = useState(false);
  const recorded = useRef(false);
  const soldOut = soldOutSizes(product);
  // Once a size is chosen, the stepper and the cart stop at that size's units.
  const maxQuantity = size ? stockForSize(product, size) : Math.max(0, product.stock);
  const outOfStock = product.stock <= 0;
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
  const related = useQuery({
    ...productListQuery({ category: product.category, limit: LIMITS.relatedProducts + 1 }),
  });
  const relatedProducts = (related.data?.payload ?? [])
    .filter((p) => p._id !== product._id)
    .slice(0, LIMITS.relatedProducts);

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
      <nav className="breadcrumb" aria-label="Ruta de navegación">
        <ol>
          <li>
            <Link to={paths.home}>Inicio</Link>
          </li>
          <li>
            <Link to={paths.category(product.category)}>{category}</Link>
          </li>
          <li aria-current="page">{product.title}</li>
        </ol>
      </nav>
      <div className="product-layout">
        <ProductGallery images={product.thumbnails} title={product.title} />
        <div className="product-info">
          <p className="eyebrow">{category}</p>
          <h1 className="product-info__title">{product.title}</h1>
          <div className="product-info__badges">
            {discount > 0 && <span className="badge badge--sale">{discount}% OFF</span>}
            {isNewProduct(product.stock) && <span className="badge badge--new">Nuevo</span>}
          </div>
          <PriceTag price={product.price} discount={product.discount} size="lg" />
          <p className="product-info__description">{product.description}</p>

          <SizePicker
            sizes={product.size}
            value={size}
            soldOut={soldOut}
            onChange={(s) => {
              setSize(s);
              setQuantity((q) => Math.max(1, Math.min(q, stockForSize(product, s))));
              setSizeError(null);
            }}
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
            {outOfStock
              ? 'Producto sin stock por el momento.'
              : size
                ? `Stock disponible en talla ${size}: ${maxQuantity}`
                : `Stock disponible: ${maxQuantity}`}
          </p>

          {content.productDetail.showSizeGuideButton && guides.length > 0 && (
            <div className="size-guide-toggle">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-expanded={guideOpen}
                aria-controls="product-size-guides"
                onClick={() => setGuideOpen((v) => !v)}
              >
                <Ruler size={16} aria-hidden="true" />
                {content.productDetail.sizeGuideButtonText || 'Guía de tallas'}
              </button>
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
