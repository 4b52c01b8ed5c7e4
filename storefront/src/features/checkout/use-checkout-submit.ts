import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@shop/client-kit';
import {
  BUYER_DOCUMENT_MESSAGES,
  MSG,
  WHATSAPP_MSG,
  buyerDocumentRequired,
  formatPrice,
  normalizeArgentinePhone,
  type CheckoutDetails,
  type OrderTotals,
} from '@shop/shared';
import { paths } from '@/config/paths';
import type { CartItem } from '@/features/cart';
import { paymentLink, rememberOrder, type ConfirmationState } from '@/features/orders';
import { errorMessage } from '@shop/client-kit';
import { useCreateOrder } from './api/create-order';
import { quoteQueries } from './api/get-quote';
import { uploadProof } from './api/upload-proof';
import { attemptFor, type CheckoutAttempt } from './checkout-attempt';
import { buildOrderPayload, type OrderPlace, type PickupPlace } from './checkout-payload';
import { draftOrderFields, forgetDraftToken, holdDraftSaves } from './checkout-draft';
import { checkoutFailure } from './checkout-rules';
import type { CheckoutForm } from './use-checkout-form';
import type { NationalShipping } from './use-national-shipping';

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
  /** Above this total the buyer's DNI or CUIT is required (content checkout.invoiceIdentificationThreshold; 0 never). */
  identificationThreshold?: number;
  /** National shipping's address and choice (checked when the delivery is 'carrier'). */
  national?: NationalShipping | null;
  /** Called once the order is placed (her account saves its address when she asked to). */
  afterOrder?: (details: CheckoutDetails) => void;
}

/** "Quiero recibir novedades de mi pedido por WhatsApp": off until ticked, sent only when ticked, never in the draft. */
export interface WhatsappOptIn {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export interface CheckoutSubmit {
  onSubmit: (event: FormEvent) => void;
  processing: boolean;
  /** The order is placed and the page is on its way to Mercado Pago, where the shopper pays it. */
  redirecting: boolean;
  failure: CheckoutFailure | null;
  alertRef: RefObject<HTMLDivElement>;
  whatsappOptIn: WhatsappOptIn;
}

/** The order the page left for Mercado Pago with, and what its confirmation shows. */
interface LeftToPay {
  orderNumber: string;
  state: ConfirmationState;
}

/**
 * Sends the order: uploads the proof (once per file), creates the order with one Idempotency-Key per attempt
 * (a retry of the same order reuses it) and goes to the confirmation, or for Mercado Pago to its checkout (a full page
 * load); a failure stays on the page, focused, with everything the shopper typed.
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
  identificationThreshold = 0,
  national = null,
  afterOrder,
}: CheckoutSubmitInput): CheckoutSubmit {
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [processing, setProcessing] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const leftToPay = useRef<LeftToPay | null>(null);
  const attempt = useRef<CheckoutAttempt | null>(null);
  const uploadedProof = useRef<{ file: File; url: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [optedIn, setOptedIn] = useState(false);
  const whatsappOptIn: WhatsappOptIn = {
    checked: optedIn,
    onChange: (checked) => {
      setOptedIn(checked);
      // Unticked, the phone no longer has to be a mobile: its WhatsApp message goes.
      if (!checked && form.formState.errors.phone?.message === WHATSAPP_MSG.badPhone) form.clearErrors('phone');
    },
  };
  /** Ticked, the phone must be a mobile WhatsApp can write to: its message at the phone field, focused or not. */
  const phoneRefused = (phone: string, shouldFocus: boolean): boolean => {
    if (!optedIn || normalizeArgentinePhone(phone) !== null) return false;
    form.setError('phone', { message: WHATSAPP_MSG.badPhone }, { shouldFocus });
    return true;
  };

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  // Back from Mercado Pago the browser may show this page as it was left (its back-forward cache): 'on the way to
  // Mercado Pago', with the cart already empty. The order exists, so the shopper goes on to its confirmation, which
  // has the link to pay it.
  useEffect(() => {
    if (!redirecting) return;
    const onShow = (event: PageTransitionEvent) => {
      const left = leftToPay.current;
      if (event.persisted && left) navigate(paths.confirmation(left.orderNumber), { replace: true, state: left.state });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [redirecting, navigate]);

  const send = async (details: CheckoutDetails) => {
    const badPhone = phoneRefused(details.phone, true);
    if (!details.buyerDocument && buyerDocumentRequired(totals.total, identificationThreshold)) {
      form.setError(
        'buyerDocument',
        { message: BUYER_DOCUMENT_MESSAGES.required(formatPrice(identificationThreshold)) },
        { shouldFocus: !badPhone },
      );
      return;
    }
    if (badPhone) return;
    let orderPlace = place;
    if (details.deliveryType === 'carrier') {
      // The whole national address (the quote only needed its postal code and province), and the option chosen.
      const address = national?.validate() ?? null;
      if (!address || !national?.option) return;
      orderPlace = { ...place, national: { address, shippingOptionId: national.option.id, branchId: national.branchId } };
    }
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
    // The abandoned-checkout draft this order finishes (marked converted, or recovered from a recovery link).
    const payload = {
      ...buildOrderPayload(details, items, totals, pickupPlace, transferProofUrl, orderPlace),
      ...draftOrderFields(),
      ...(optedIn ? { whatsappOptIn: true } : {}),
    };
    attempt.current = attemptFor(attempt.current, payload);
    holdDraftSaves(true);
    try {
      const result = await createOrder.mutateAsync({ payload, idempotencyKey: attempt.current.key });
      const state: ConfirmationState = {
        order: result.order,
        paymentMethod: details.paymentMethod,
        wantsShipping: details.deliveryType === 'delivery' || details.deliveryType === 'carrier',
        transferProof: transferProofUrl ?? null,
      };
      // Remembered for this tab: the tracking page Mercado Pago sends the shopper back to finds the order's detail
      // (and its link to pay again) with the contact of the purchase.
      rememberOrder(result.order);
      afterOrder?.(details);
      forgetDraftToken();
      clearCart();
      const payAt = paymentLink(result.payment?.checkoutUrl);
      if (payAt) {
        // The order holds its units until it is paid or its reservation ends; the page stays busy until it unloads.
        leftToPay.current = { orderNumber: result.order.orderNumber, state };
        setRedirecting(true);
        window.location.assign(payAt);
        return;
      }
      navigate(paths.confirmation(result.order.orderNumber), { state });
    } catch (error) {
      holdDraftSaves(false);
      setProcessing(false);
      // The server's WhatsApp check (stricter than the page's) refused the phone: its message goes to the phone field.
      if (error instanceof ApiError && error.status === 400 && error.message === WHATSAPP_MSG.badPhone) {
        form.setError('phone', { message: error.message }, { shouldFocus: true });
        return;
      }
      setFailure(checkoutFailure(error));
      // A conflict (the coupon or the stock changed since the quote): the summary is priced again at once.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: quoteQueries.all() });
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
    // The schema's first failing field (in the form's order) takes the focus; a phone WhatsApp cannot reach is named
    // along with the schema's messages.
    void form.handleSubmit(send, (errors) => {
      if (!errors.phone) phoneRefused(form.getValues('phone'), false);
    })(event);
  };

  return { onSubmit, processing, redirecting, failure, alertRef, whatsappOptIn };
}
