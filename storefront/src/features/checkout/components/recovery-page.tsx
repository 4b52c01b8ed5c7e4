import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ShoppingBag } from 'lucide-react';
import { CHECKOUT_MSG, CHECKOUT_TOKEN_RE, formatPrice, type CheckoutDraftLineAnswer } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { ErrorNotice } from '@/components/form-parts';
import { Spinner } from '@/components/spinner';
import { NarrowPage } from '@/components/narrow-page';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { useCheckoutDraft } from '../api/checkout-drafts';
import { adoptDraftToken } from '../checkout-draft';

function LineRow({ line }: { line: CheckoutDraftLineAnswer }) {
  const variant = [line.color, line.size].filter(Boolean).join(' · ');
  return (
    <li className="recovery-line" data-testid="recovery-line" data-available={line.available}>
      <div>
        <p className="recovery-line__title">{line.title}</p>
        <p className="muted small">
          {variant ? `${variant} · ` : ''}
          {line.quantity} {line.quantity === 1 ? 'unidad' : 'unidades'}
        </p>
        {!line.available && (
          <p className="recovery-line__problem small" data-testid="recovery-sold-out">
            <strong>{CHECKOUT_MSG.soldOut}</strong>
            {line.problem ? `: ${line.problem}` : ''}
          </p>
        )}
      </div>
      <p className="recovery-line__price">{line.available && line.lineTotal !== null ? formatPrice(line.lineTotal) : '—'}</p>
    </li>
  );
}

/**
 * /checkout/recuperar/{token}: the link staff send (WhatsApp) or the automatic e-mail carries. Shows the saved cart
 * priced today (a line sold out meanwhile is shown as such), then puts the available lines in this browser's cart and
 * goes on to the normal checkout; the order placed there counts as recovered.
 */
export default function RecoveryPage() {
  const { token = '' } = useParams();
  const valid = CHECKOUT_TOKEN_RE.test(token);
  const draft = useCheckoutDraft(token, valid);
  const { clear, add } = useCart();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = 'Tu carrito guardado';
  }, []);

  const lines = draft.data?.draft.lines ?? [];
  const available = lines.filter((l) => l.available);
  const soldOut = lines.length - available.length;

  const resume = () => {
    clear();
    for (const line of available) {
      add({
        id: line.productId,
        name: line.title,
        price: line.unitPrice ?? 0,
        image: line.image ?? '',
        size: line.size ?? '',
        ...(line.color ? { color: line.color } : {}),
        quantity: line.quantity,
      });
    }
    adoptDraftToken(token);
    navigate(paths.checkout);
  };

  const failure = !valid ? CHECKOUT_MSG.badToken : draft.isError ? errorMessage(draft.error) : null;
  return (
    <NarrowPage icon={ShoppingBag} title="Tu carrito guardado" testId="recovery-page" cardClass="recovery">
      <ErrorNotice error={failure} />
      {valid && draft.isLoading && <Spinner label="Buscando tu carrito..." />}
      {draft.data && (
        <>
          <p>Te guardamos estos productos con los precios de hoy:</p>
          <ul className="recovery-lines">
            {lines.map((line, index) => (
              <LineRow key={`${line.productId}-${line.size ?? ''}-${line.color ?? ''}-${index}`} line={line} />
            ))}
          </ul>
          {soldOut > 0 && (
            <p className="notice notice--warning" role="status" data-testid="recovery-sold-out-note">
              {soldOut === 1
                ? 'Un producto se quedó sin stock: no lo vamos a sumar al carrito.'
                : `${soldOut} productos se quedaron sin stock: no los vamos a sumar al carrito.`}
            </p>
          )}
          <p className="recovery-total">
            Total de hoy (sin envío): <strong data-testid="recovery-total">{formatPrice(draft.data.draft.total)}</strong>
          </p>
          {available.length > 0 ? (
            <button type="button" className="btn btn--primary btn--block btn--lg" onClick={resume} data-testid="recovery-resume">
              Recuperar carrito y finalizar la compra
            </button>
          ) : (
            <p className="muted">Ninguno de los productos tiene stock ahora.</p>
          )}
        </>
      )}
      <Link className="btn btn--ghost btn--block" to={paths.home}>
        Seguir mirando la tienda
      </Link>
    </NarrowPage>
  );
}
