import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG, type CheckoutDetails, type OrderTotals } from '@shop/shared';
import { paths } from '@/config/paths';
import type { CartItem } from '@/features/cart';
import { rememberOrder, type ConfirmationState } from '@/features/orders';
import { errorMessage } from '@shop/client-kit';
import { useCreateOrder } from './api/create-order';
import { uploadProof } from './api/upload-proof';
import { attemptFor, type CheckoutAttempt } from './checkout-attempt';
import { buildOrderPayload, type OrderPlace, type PickupPlace } from './checkout-payload';
import { checkoutFailure } from './checkout-rules';
import type { CheckoutForm } from './use-checkout-form';

export interface CheckoutFailure {
  title: string;
  detail: string | null;
}

interface CheckoutSubmitInput {
  form: CheckoutForm;
  items: readonly CartItem[];
  totals: OrderTotals;
  pickupPlace: PickupPlace;
  place: OrderPlace;
  /** The order cannot be placed as it stands (the quote refused it, or the delivery place is missing). */
  blocked: boolean;
  proof: File | null;
  clearCart: () => void;
}

export interface CheckoutSubmit {
  onSubmit: (event: FormEvent) => void;
  processing: boolean;
  failure: CheckoutFailure | null;
  alertRef: RefObject<HTMLDivElement>;
}

/**
 * Sends the order: uploads the proof (once per file), creates the order with one Idempotency-Key per attempt
 * (a retry of the same order reuses it) and goes to the confirmation; a failure stays on the page, focused.
 */
export function useCheckoutSubmit({
  form,
  items,
  totals,
  pickupPlace,
  place,
  blocked,
  proof,
  clearCart,
}: CheckoutSubmitInput): CheckoutSubmit {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [processing, setProcessing] = useState(false);
  const attempt = useRef<CheckoutAttempt | null>(null);
  const uploadedProof = useRef<{ file: File; url: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const send = async (details: CheckoutDetails) => {
    setProcessing(true);
    let transferProofUrl: string | undefined;
    if (details.paymentMethod === 'transfer' && proof) {
      try {
        if (uploadedProof.current?.file !== proof) uploadedProof.current = { file: proof, url: (await uploadProof(proof)).url };
        transferProofUrl = uploadedProof.current.url;
      } catch (error) {
        setFailure({ title: errorMessage(error, 'Error al subir archivo'), detail: null });
        setProcessing(false);
        return;
      }
    }
    const payload = buildOrderPayload(details, items, totals, pickupPlace, transferProofUrl, place);
    attempt.current = attemptFor(attempt.current, payload);
    try {
      const result = await createOrder.mutateAsync({ payload, idempotencyKey: attempt.current.key });
      const state: ConfirmationState = {
        order: result.order,
        paymentMethod: details.paymentMethod,
        wantsShipping: details.deliveryType === 'delivery',
        transferProof: transferProofUrl ?? null,
      };
      rememberOrder(result.order);
      clearCart();
      navigate(paths.confirmation(result.order.orderNumber), { state });
    } catch (error) {
      setFailure(checkoutFailure(error));
      setProcessing(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (processing || blocked) return;
    setFailure(null);
    if (items.length === 0) {
      navigate(paths.cart, { state: { notice: MSG.checkout.emptyCart } });
      return;
    }
    // The schema's first failing field (in the form's order) takes the focus.
    void form.handleSubmit(send)(event);
  };

  return { onSubmit, processing, failure, alertRef };
}
