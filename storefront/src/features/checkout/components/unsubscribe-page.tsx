import { BellOff } from 'lucide-react';
import { CHECKOUT_MSG, CHECKOUT_TOKEN_RE } from '@shop/shared';
import { UnsubscribePage } from '@/components/unsubscribe-page';
import { useUnsubscribeCheckout } from '../api/checkout-drafts';

const PAGE = { icon: BellOff, title: 'Carritos guardados', tab: 'Carritos guardados', testId: 'checkout-unsubscribe-page' };
const TOKEN = { valid: (token: string) => CHECKOUT_TOKEN_RE.test(token), bad: CHECKOUT_MSG.badToken };

/** /checkout/baja?token=…: the abandoned-checkout e-mail's link. Deletes the draft and stops those e-mails. */
export default function CheckoutUnsubscribePage() {
  const unsubscribe = useUnsubscribeCheckout();
  return (
    <UnsubscribePage
      page={PAGE}
      token={TOKEN}
      unsubscribe={unsubscribe}
      waiting="Dando de baja..."
      doneTestId="checkout-unsubscribe-done"
    />
  );
}
