import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  buyerDocumentRequired,
  chatNumberFromContent,
  CHECKOUT_SHIPPING_MSG,
  checkoutOptionsOf,
  LIMITS,
  MSG,
  netOfTotal,
  vatRateFor,
  type OrderTotals,
} from '@shop/shared';
import { OrderSummary } from '@/components/order-summary';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCart, lineKey, CartChangesNotice, useCartReconciliation } from '@/features/cart';
import { useSiteContent } from '@/features/content';
import { PrivacyNotice } from '@/features/legal';
import { chatUrl, deliveryChatText } from '@/lib/chat-link';
import { quoteRequestFor } from '../checkout-quote';
import { placeLabel } from '../delivery-place';
import { useAccountCheckout } from '../use-account-checkout';
import { useCheckoutForm } from '../use-checkout-form';
import { PRICING_TEXT, useCheckoutPricing } from '../use-checkout-pricing';
import { useCheckoutSubmit } from '../use-checkout-submit';
import { useDeliveryPlace } from '../use-delivery-place';
import { useDraftAutosave } from '../use-draft-autosave';
import { useTransferProof } from '../use-transfer-proof';
import { useNationalShipping } from '../use-national-shipping';
import { useNationalShippingOffered } from '../api/shipping';
import { ContactStep } from './contact-step';
import { CouponField } from './coupon-field';
import { DeliveryStep, QUOTE_PROBLEM_ID } from './delivery-step';
import { PaymentStep } from './payment-step';

const BLOCKED_NOTE_ID = 'checkout-blocked-note';
/** While the page leaves for Mercado Pago's checkout (a full page load that can take a few seconds). */
export const REDIRECTING_TEXT = 'Te llevamos a Mercado Pago para pagar…';

export default function CheckoutPage() {
  const { items, clear } = useCart();
  const changes = useCartReconciliation();
  // Checkout texts are refreshed every 5 minutes and whenever the window regains focus (the owner may change options meanwhile).
  const { content, isLoading: contentLoading } = useSiteContent({
    refetchInterval: LIMITS.checkoutContentRefreshMs,
    refetchOnWindowFocus: 'always',
  });
  // The options in force, read as the server reads them when it takes the order.
  const options = useMemo(() => checkoutOptionsOf(content), [content]);
  const deliveryEnabled = options.homeDeliveryEnabled;
  const pickupEnabled = options.pickupEnabled || !deliveryEnabled;

  const form = useCheckoutForm({
    pickupEnabled,
    cashEnabled: options.cashEnabled,
    transferEnabled: options.transferEnabled,
    mercadoPagoEnabled: options.mercadoPagoEnabled,
  });
  const account = useAccountCheckout(form);
  const deliveryType = form.watch('deliveryType');
  const paymentMethod = form.watch('paymentMethod');
  const postalCode = form.watch('postalCode') ?? '';
  const proof = useTransferProof();
  const place = useDeliveryPlace(options, postalCode);
  const nationalOffered = useNationalShippingOffered();
  const national = useNationalShipping();
  const carrier = deliveryType === 'carrier';

  useEffect(() => {
    document.title = 'Finalizar compra';
  }, []);

  const byZone = deliveryType === 'delivery' && options.zones.length > 0;
  const zone = place.zoneStatus.kind === 'found' ? place.zoneStatus.zone : null;
  // Priced by zone, a home delivery has no price until its zone is found: nothing to ask the server meanwhile; a
  // national one until its postal code and province are given.
  const awaitingZone = (byZone && zone === null) || (carrier && national.destination === null);
  const nationalChoice =
    carrier && national.destination ? { ...national.destination, shippingOptionId: national.option?.id ?? null } : null;
  const zoneId = zone?.id ?? null;
  const meetingPointId = place.meetingPoint?.id ?? null;
  // The coupon asked for; the e-mail goes with it once it looks like one (a coupon for one per customer is checked).
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const typedEmail = form.watch('email') ?? '';
  const email = couponCode && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typedEmail.trim()) ? typedEmail.trim() : null;
  const request = useMemo(
    () =>
      items.length === 0 || awaitingZone
        ? null
        : quoteRequestFor(items, { deliveryType, paymentMethod, zoneId, meetingPointId, couponCode, email, national: nationalChoice }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- nationalChoice is new each render; its fields are listed
    [
      items,
      awaitingZone,
      deliveryType,
      paymentMethod,
      zoneId,
      meetingPointId,
      couponCode,
      email,
      nationalChoice?.postalCode,
      nationalChoice?.province,
      nationalChoice?.shippingOptionId,
    ],
  );
  // Until the owner's options arrive, the defaults' places would be priced: the quote waits for them.
  const pricing = useCheckoutPricing({ items, options, paymentMethod, request, ready: !contentLoading });
  // A national delivery has no shipping price until an option is chosen: 'A calcular', not a shipping of $0.
  const awaitingOption = carrier && national.option === null;
  const figures = useMemo(
    () => (awaitingOption ? { ...pricing.figures, shippingCost: null, total: null } : pricing.figures),
    [awaitingOption, pricing.figures],
  );
  const cartSubtotal = figures.subtotal;

  // The figures the order is sent with: the summary's (the server ignores them and prices the order itself). While
  // the delivery is unknown the submit is blocked, so the placeholder zero shipping is never what the shopper pays.
  const totals = useMemo<OrderTotals>(() => {
    const shippingCost = figures.shippingCost ?? 0;
    return {
      subtotal: figures.subtotal,
      shippingCost,
      cashFee: figures.cashFee,
      total: figures.total ?? figures.subtotal + shippingCost + figures.cashFee,
    };
  }, [figures]);

  // A national order waits for its option (and a branch option for its branch).
  const nationalMissing = carrier ? national.missing : null;
  const blocked = pricing.problem !== null || awaitingZone || nationalMissing !== null;
  // The option chosen expired or was quoted for another cart: it is chosen again from the fresh options.
  const expired = pricing.problem === CHECKOUT_SHIPPING_MSG.expired;
  useEffect(() => {
    if (expired) national.chooseOption(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the refusal arrives
  }, [expired]);
  const pickupPoint = place.meetingPoint;
  const { onSubmit, processing, redirecting, failure, alertRef, whatsappOptIn } = useCheckoutSubmit({
    form,
    items,
    totals,
    pickupPlace: {
      address: pickupPoint?.address || content.checkout.deliveryInfo.meetingPoint.address || env.meetingPoint,
      city: env.shopCity,
    },
    place: { zoneId, barrio: place.barrio, meetingPointId, couponCode: figures.coupon?.applied ? figures.coupon.code : null },
    blocked,
    proof: proof.proof,
    clearCart: clear,
    identificationThreshold: content.checkout.invoiceIdentificationThreshold,
    national: carrier ? national : null,
    afterOrder: account.afterOrder,
  });

  // Abandoned checkouts: the draft is kept (debounced) once a valid e-mail or phone is typed with items in the cart.
  useDraftAutosave(
    {
      items,
      email: typedEmail,
      phone: form.watch('phone') ?? '',
      fullName: form.watch('fullName') ?? '',
      // A saved checkout knows pickup and delivery: a national one is kept as a delivery to its postal code.
      deliveryType: carrier ? 'delivery' : deliveryType,
      zoneId,
      meetingPointId,
      barrio: place.barrio,
      postalCode: carrier ? national.address.postalCode : postalCode,
      city: carrier ? national.address.locality : (form.watch('city') ?? ''),
      whatsappOptIn: whatsappOptIn.checked,
    },
    !contentLoading,
  );

  const chatLines = items.map((i) => ({ name: i.name, size: i.size, color: i.color, quantity: i.quantity, price: i.price }));
  const outOfZoneChatHref = chatUrl(
    chatNumberFromContent(content) ?? env.chatNumber,
    deliveryChatText(chatLines, env.brandName, placeLabel({ barrio: place.barrio, postalCode })),
  );

  if (items.length === 0 && !processing) {
    return (
      <div className="container page" data-testid="checkout-page">
        <CartChangesNotice changes={changes} />
        <div className="state-box state-box--large">
          <h1 className="page__title">{MSG.checkout.emptyCart}</h1>
          <Link className="btn btn--primary" to={paths.home}>
            Explorar productos
          </Link>
        </div>
      </div>
    );
  }

  const describedBy = [pricing.problem ? QUOTE_PROBLEM_ID : null, blocked ? BLOCKED_NOTE_ID : null].filter(Boolean).join(' ');
  return (
    <div className="container page" data-testid="checkout-page">
      <header className="page__header">
        <h1 className="page__title">Finalizar compra</h1>
      </header>
      <CartChangesNotice changes={changes} />
      <form className="split checkout-layout" onSubmit={onSubmit} noValidate>
        <div className="checkout-main">
          <DeliveryStep
            form={form}
            checkout={content.checkout}
            options={options}
            pickupEnabled={pickupEnabled}
            deliveryEnabled={deliveryEnabled}
            place={place}
            subtotal={cartSubtotal}
            outOfZoneChatHref={outOfZoneChatHref}
            problem={pricing.problem}
            national={{ offered: nationalOffered, state: national, answer: pricing.carrier, pending: pricing.pending }}
          />
          <ContactStep
            form={form}
            withPostalCode={options.zones.length === 0}
            documentRequired={buyerDocumentRequired(totals.total, content.checkout.invoiceIdentificationThreshold)}
            whatsappOptIn={whatsappOptIn}
            account={account}
          />
          <PaymentStep form={form} paymentInfo={content.checkout.paymentInfo} proof={proof} />
        </div>

        <aside className="card checkout-aside" aria-label="Resumen del pedido">
          <OrderSummary
            lines={items.map((item, index) => ({
              key: lineKey(item),
              title: item.name,
              image: item.image,
              quantity: item.quantity,
              price: pricing.unitPrices?.[index] ?? item.price,
              size: item.size,
              color: item.color,
            }))}
            totals={figures}
            netTotal={
              figures.total === null
                ? null
                : netOfTotal(
                    items.map((item, index) => ({
                      amount: (pricing.unitPrices?.[index] ?? item.price) * item.quantity,
                      rate: vatRateFor(item.category ?? '', content.taxes),
                    })),
                    figures.total,
                  )
            }
            unknownText={awaitingOption && !pricing.pending ? PRICING_TEXT.toBeCalculated : pricing.unknownText}
            busy={pricing.pending}
          >
            <CouponField
              code={couponCode}
              outcome={figures.coupon ?? null}
              pending={pricing.pending}
              onApply={setCouponCode}
              onRemove={() => setCouponCode(null)}
            />
            {pricing.estimated && (
              <p className="muted small checkout-estimate" data-testid="summary-estimate">
                Importes estimados: se confirman al hacer el pedido.
              </p>
            )}
          </OrderSummary>
          {failure && (
            <div ref={alertRef} tabIndex={-1} className="notice notice--error" role="alert" data-testid="checkout-error">
              <p>{failure.title}</p>
              {failure.detail && <p className="small">{failure.detail}</p>}
            </div>
          )}
          <button
            type="submit"
            className="btn btn--primary btn--block btn--lg"
            disabled={processing || blocked}
            aria-describedby={describedBy || undefined}
            data-testid="confirm-order"
          >
            {redirecting ? REDIRECTING_TEXT : processing ? 'Procesando...' : 'Confirmar Pedido'}
          </button>
          {/* Always present, so that screen readers announce the text when it appears. */}
          <p className="visually-hidden" role="status" aria-live="polite" data-testid="checkout-redirecting">
            {redirecting ? REDIRECTING_TEXT : ''}
          </p>
          {blocked && (
            <p id={BLOCKED_NOTE_ID} className="muted small checkout-blocked" data-testid="checkout-blocked">
              {awaitingZone
                ? 'Indicá dónde recibís el pedido para poder confirmarlo.'
                : (nationalMissing ?? 'Revisá la entrega para poder confirmar el pedido.')}
            </p>
          )}
          <PrivacyNotice purpose="preparar, cobrar, facturar y entregar tu pedido, y avisarte cómo va" />
          <Link to={paths.cart} className="btn btn--ghost btn--block">
            Volver al carrito
          </Link>
        </aside>
      </form>
    </div>
  );
}
