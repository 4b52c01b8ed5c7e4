import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BellOff } from 'lucide-react';
import { CHECKOUT_MSG, CHECKOUT_TOKEN_RE } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Spinner } from '@/components/spinner';
import { NarrowPage } from '@/components/narrow-page';
import { paths } from '@/config/paths';
import { useUnsubscribeCheckout } from '../api/checkout-drafts';

/** /checkout/baja?token=…: the abandoned-checkout e-mail's link. Deletes the draft and stops those e-mails. */
export default function CheckoutUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = CHECKOUT_TOKEN_RE.test(token);
  const unsubscribe = useUnsubscribeCheckout();
  const { mutate } = unsubscribe;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    document.title = 'Darte de baja · Carritos guardados';
  }, []);

  useEffect(() => {
    if (!valid || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [valid, token, mutate]);

  const failure = valid ? (unsubscribe.isError ? errorMessage(unsubscribe.error) : null) : CHECKOUT_MSG.badToken;
  return (
    <NarrowPage icon={BellOff} title="Carritos guardados" testId="checkout-unsubscribe-page" cardClass="unsubscribe">
      {unsubscribe.data && (
        <p className="notice notice--success" role="status" data-testid="checkout-unsubscribe-done">
          {unsubscribe.data.message}
        </p>
      )}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {!unsubscribe.data && !failure && <Spinner label="Dando de baja..." />}
      <Link className="btn btn--primary" to={paths.home}>
        Volver a la tienda
      </Link>
    </NarrowPage>
  );
}
