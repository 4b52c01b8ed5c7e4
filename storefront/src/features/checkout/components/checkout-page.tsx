import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { checkoutOptionsOf, computeOrderTotals, LIMITS, MSG, shippingCost } from '@shop/shared';
import { OrderSummary } from '@/components/order-summary';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCart, lineKey, CartChangesNotice, useCartReconciliation } from '@/features/cart';
import { useSiteContent } from '@/features/content';
import { useCheckoutForm } from '../use-checkout-form';
import { useCheckoutSubmit } from '../use-checkout-submit';
import { useTransferProof } from '../use-transfer-proof';
import { ContactStep } from './contact-step';
import { DeliveryStep } from './delivery-step';
import { PaymentStep } from './payment-step';

export default function CheckoutPage() {
  const { items, clear } = useCart();
  const changes = useCartReconciliation();
  // Checkout texts are refreshed every 5 minutes and whenever the window regains focus (the owner may change options meanwhile).
  const { content } = useSiteContent({
    refetchInterval: LIMITS.checkoutContentRefreshMs,
    refetchOnWindowFocus: 'always',
  });
  const { meetingPoint } = content.checkout.deliveryInfo;
  // The options in force, read as the server reads them when it takes the order.
  const options = useMemo(() => checkoutOptionsOf(content), [content]);
  const { cashOnDelivery, bankTransfer } = content.checkout.paymentInfo;
  const deliveryEnabled = options.homeDeliveryEnabled;
  const pickupEnabled = options.pickupEnabled || !deliveryEnabled;

  const form = useCheckoutForm({ pickupEnabled, cashEnabled: cashOnDelivery.enabled, transferEnabled: bankTransfer.enabled });
  const deliveryType = form.watch('deliveryType');
  const paymentMethod = form.watch('paymentMethod');
  const proof = useTransferProof();

  useEffect(() => {
    document.title = 'Finalizar compra';
  }, []);

  const totals = useMemo(
    () =>
      computeOrderTotals({
        lines: items,
        deliveryType,
        paymentMethod,
        shipping: options.shipping,
        cashFee: options.cashFee,
      }),
    [items, deliveryType, paymentMethod, options.shipping, options.cashFee],
  );
  const homeDeliveryCost = shippingCost('delivery', totals.subtotal, options.shipping);

  const { onSubmit, processing, failure, alertRef } = useCheckoutSubmit({
    form,
    items,
    totals,
    pickupPlace: { address: meetingPoint.address || env.meetingPoint, city: env.shopCity },
    proof: proof.proof,
    clearCart: clear,
  });

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

  return (
    <div className="container page" data-testid="checkout-page">
      <header className="page__header">
        <h1 className="page__title">Finalizar compra</h1>
      </header>
      <CartChangesNotice changes={changes} />
      <form className="checkout-layout" onSubmit={onSubmit} noValidate>
        <div className="checkout-main">
          <DeliveryStep
            form={form}
            checkout={content.checkout}
            pickupEnabled={pickupEnabled}
            deliveryEnabled={deliveryEnabled}
            homeDeliveryCost={homeDeliveryCost}
          />
          <ContactStep form={form} />
          <PaymentStep form={form} paymentInfo={content.checkout.paymentInfo} proof={proof} />
        </div>

        <aside className="card checkout-aside" aria-label="Resumen del pedido">
          <OrderSummary
            lines={items.map((item) => ({
              key: lineKey(item),
              title: item.name,
              image: item.image,
              quantity: item.quantity,
              price: item.price,
              size: item.size,
              color: item.color,
            }))}
            totals={totals}
          />
          {failure && (
            <div ref={alertRef} tabIndex={-1} className="notice notice--error" role="alert" data-testid="checkout-error">
              <p>{failure.title}</p>
              {failure.detail && <p className="small">{failure.detail}</p>}
            </div>
          )}
          <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={processing} data-testid="confirm-order">
            {processing ? 'Procesando...' : 'Confirmar Pedido'}
          </button>
          <Link to={paths.cart} className="btn btn--ghost btn--block">
            Volver al carrito
          </Link>
        </aside>
      </form>
    </div>
  );
}
