import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeft, MessageCircle, Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import {
  applyPromotions,
  chatNumberFromContent,
  checkoutOptionsOf,
  deliveryTeaser,
  discountableLines,
  formatPrice,
  NET_PRICE_LEGEND,
  netOfNationalTaxes,
  netOfTotal,
  priceWithPaymentDiscount,
  vatRateFor,
} from '@shop/shared';
import { ProductPicture } from '@/components/product-picture';
import { env } from '@/config/env';
import { paths, SECTIONS } from '@/config/paths';
import { useSiteContent } from '@/features/content';
import { asPromotions, useLivePromotions, useTransferPercent } from '@/features/promotions';
import { cartChatText, chatUrl } from '@/lib/chat-link';
import { useGoToSection } from '@/lib/section-scroll';
import { useCart } from '../cart-context';
import { lineKey, quantityCap } from '../cart-rules';
import { useCartReconciliation } from '../use-cart-reconciliation';
import { CartChangesNotice } from './cart-changes-notice';

function noticeFrom(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string') {
    return state.notice;
  }
  return null;
}

export default function CartPage() {
  const { items, count, subtotal, setQuantity, remove, clear } = useCart();
  const { content } = useSiteContent();
  const navigate = useNavigate();
  const location = useLocation();
  const goToSection = useGoToSection();
  const notice = noticeFrom(location.state);
  const changes = useCartReconciliation();
  const live = useLivePromotions();
  const transferPercent = useTransferPercent();

  useEffect(() => {
    document.title = 'Carrito';
  }, []);

  // What the live promotions take off this cart (the server prices it again at checkout, with the same function).
  const promotionLines = applyPromotions(
    discountableLines(
      items.map((i) => ({
        productId: i.id,
        size: i.size,
        color: i.color ?? null,
        category: i.category ?? null,
        quantity: i.quantity,
        lineTotal: i.price * i.quantity,
      })),
    ),
    asPromotions(live),
    new Date(),
  );
  const afterPromotions = subtotal - promotionLines.reduce((sum, d) => sum + d.amount, 0);
  // "Precio sin impuestos nacionales" (Ley 27.743): each line at its category's VAT rate, the totals from them.
  const rateOf = (category: string | undefined) => vatRateFor(category ?? '', content.taxes);
  const netLines = items.map((i) => ({ amount: i.price * i.quantity, rate: rateOf(i.category) }));
  const explore = () => goToSection(SECTIONS.products);
  const teaser = deliveryTeaser(checkoutOptionsOf(content));
  const chatNumber = chatNumberFromContent(content) ?? env.chatNumber;
  const chatHref = chatUrl(
    chatNumber,
    cartChatText(
      items.map((i) => ({ name: i.name, size: i.size, color: i.color, quantity: i.quantity, price: i.price })),
      env.brandName,
    ),
  );

  if (items.length === 0) {
    return (
      <div className="container page" data-testid="cart-page">
        <CartChangesNotice changes={changes} />
        <div className="state-box state-box--large" data-testid="cart-empty">
          <ShoppingBag size={48} aria-hidden="true" className="state-box__icon" />
          <h1 className="page__title">Tu carrito está vacío</h1>
          {notice && notice !== 'Tu carrito está vacío' && <p className="muted">{notice}</p>}
          <button type="button" className="btn btn--primary" onClick={explore}>
            Explorar productos
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="container page" data-testid="cart-page">
      <header className="page__header page__header--row">
        <h1 className="page__title">
          Tu carrito{' '}
          <span className="muted">
            ({count} {count === 1 ? 'producto' : 'productos'})
          </span>
        </h1>
        <button type="button" className="btn btn--link" onClick={clear}>
          <Trash2 size={16} aria-hidden="true" />
          Vaciar carrito
        </button>
      </header>
      <CartChangesNotice changes={changes} />
      <div className="split cart-layout">
        <ul className="cart-lines" aria-label="Productos en el carrito">
          {items.map((item) => {
            const key = lineKey(item);
            const cap = quantityCap(item.stock);
            return (
              <li key={key} className="cart-line" data-testid="cart-line">
                <Link to={paths.product(item.id)} className="cart-line__image" tabIndex={-1} aria-hidden="true">
                  <ProductPicture src={item.image} alt="" sizes="84px" className="thumb" />
                </Link>
                <div className="cart-line__info">
                  <h2 className="cart-line__title">
                    <Link to={paths.product(item.id)}>{item.name}</Link>
                  </h2>
                  <p className="muted small">
                    {item.size && <>Talla: {item.size}</>}
                    {item.color && <> · Color: {item.color}</>}
                  </p>
                  <p className="cart-line__unit">{formatPrice(item.price)} c/u</p>
                </div>
                <div className="cart-line__controls">
                  <div className="stepper stepper--sm" role="group" aria-label={`Cantidad de ${item.name}`}>
                    <button
                      type="button"
                      onClick={() => setQuantity(key, item.quantity - 1)}
                      aria-label={`Restar una unidad de ${item.name}`}
                    >
                      <Minus size={14} aria-hidden="true" />
                    </button>
                    <output data-testid="line-quantity">{item.quantity}</output>
                    <button
                      type="button"
                      onClick={() => setQuantity(key, item.quantity + 1)}
                      disabled={item.quantity >= cap}
                      aria-label={`Sumar una unidad de ${item.name}`}
                    >
                      <Plus size={14} aria-hidden="true" />
                    </button>
                  </div>
                  <p className="cart-line__total">
                    {formatPrice(item.price * item.quantity)}
                    <span className="price-tag__net" data-testid="line-net-price">
                      {NET_PRICE_LEGEND}: {formatPrice(netOfNationalTaxes(item.price * item.quantity, rateOf(item.category)))}
                    </span>
                  </p>
                  <button
                    type="button"
                    className="icon-btn icon-btn--plain"
                    onClick={() => remove(key)}
                    aria-label={`Quitar ${item.name} del carrito`}
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        <aside className="card cart-summary" aria-labelledby="cart-summary-title" data-testid="cart-summary">
          <h2 id="cart-summary-title">Resumen</h2>
          <dl className="totals">
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatPrice(subtotal)}</dd>
            </div>
            {promotionLines.map((line) => (
              <div key={line.code ?? line.label} data-testid="cart-promotion">
                <dt>{line.label}</dt>
                <dd>-{formatPrice(line.amount)}</dd>
              </div>
            ))}
            {promotionLines.length > 0 && (
              <div className="totals__total">
                <dt>Total con promociones</dt>
                <dd data-testid="cart-total">{formatPrice(afterPromotions)}</dd>
              </div>
            )}
          </dl>
          <p className="price-tag__net" data-testid="cart-net-total">
            {NET_PRICE_LEGEND}: {formatPrice(netOfTotal(netLines, afterPromotions))}
          </p>
          {transferPercent > 0 && (
            <>
              <p className="cart-transfer" data-testid="cart-transfer-price">
                <strong>{formatPrice(priceWithPaymentDiscount(afterPromotions, transferPercent))}</strong> con transferencia (
                {transferPercent}% OFF)
              </p>
              <p className="price-tag__net" data-testid="cart-net-transfer">
                {NET_PRICE_LEGEND}: {formatPrice(netOfTotal(netLines, priceWithPaymentDiscount(afterPromotions, transferPercent)))}
              </p>
            </>
          )}
          {teaser && (teaser.from > 0 || teaser.freeFrom !== null) && (
            <ul className="cart-delivery-teaser" data-testid="cart-delivery-teaser">
              {teaser.from > 0 && <li>Envío desde {formatPrice(teaser.from)}</li>}
              {teaser.freeFrom !== null && <li>Envío gratis desde {formatPrice(teaser.freeFrom)}</li>}
            </ul>
          )}
          <p className="muted small">El costo de envío, si corresponde, se calcula al finalizar la compra.</p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => navigate(paths.checkout)}
            disabled={items.length === 0}
          >
            Hacer orden virtual
          </button>
          <a className="btn btn--whatsapp btn--block" href={chatHref} target="_blank" rel="noopener noreferrer">
            <MessageCircle size={18} aria-hidden="true" />
            Consultar por WhatsApp
          </a>
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => (window.history.length > 1 ? navigate(-1) : explore())}
          >
            <ArrowLeft size={16} aria-hidden="true" />
            Continuar comprando
          </button>
        </aside>
      </div>
    </div>
  );
}
