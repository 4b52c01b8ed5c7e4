import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Banknote, Landmark, MapPin, Truck, Upload, X } from 'lucide-react';
import {
  computeOrderTotals,
  formatPrice,
  formatShipping,
  LIMITS,
  MSG,
  shippingCost,
  type DeliveryType,
  type PaymentMethod,
} from '@shop/shared';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/cart-context';
import { lineKey } from '@/features/cart/cart-rules';
import { CartChangesNotice } from '@/features/cart/components/cart-changes-notice';
import { useCartReconciliation } from '@/features/cart/use-cart-reconciliation';
import { useSiteContent } from '@/features/content/api/get-content';
import { rememberOrder, type ConfirmationState } from '@/features/orders/confirmation-state';
import { errorText } from '@/lib/api-client';
import { useCreateOrder, type CreateOrderPayload } from '../api/create-order';
import { attemptFor, type CheckoutAttempt } from '../checkout-attempt';
import { uploadProof } from '../api/upload-proof';
import {
  checkoutFailure,
  EMPTY_CHECKOUT_FORM,
  validateCheckout,
  validateProof,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutForm,
} from '../checkout-rules';
import { BankDetails } from './bank-details';
import { OrderSummary } from './order-summary';

const FIELD_ORDER: CheckoutField[] = ['fullName', 'email', 'phone', 'address', 'city'];

export default function CheckoutPage() {
  const { items, clear } = useCart();
  const changes = useCartReconciliation();
  const navigate = useNavigate();
  // Checkout texts are refreshed every 5 minutes and whenever the window regains focus (spec §2.7).
  const { content } = useSiteContent({
    refetchInterval: LIMITS.checkoutContentRefreshMs,
    refetchOnWindowFocus: 'always',
  });
  const { meetingPoint } = content.checkout.deliveryInfo;
  const homeDelivery = content.checkout.shipping.homeDelivery;
  const { cashOnDelivery, bankTransfer } = content.checkout.paymentInfo;
  const deliveryEnabled = content.checkout.shipping.enabled && homeDelivery.enabled;
  const pickupEnabled = meetingPoint.enabled || !deliveryEnabled;

  const [deliveryType, setDeliveryType] = useState<DeliveryType>('pickup');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [form, setForm] = useState<CheckoutForm>(EMPTY_CHECKOUT_FORM);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [proof, setProof] = useState<File | null>(null);
  const [proofPreview, setProofPreview] = useState<string | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail: string | null } | null>(null);
  const [processing, setProcessing] = useState(false);
  const createOrder = useCreateOrder();
  // A retry after a failure resends the same attempt: same proof upload, same Idempotency-Key (one order).
  const attempt = useRef<CheckoutAttempt | null>(null);
  const uploadedProof = useRef<{ file: File; url: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = 'Finalizar compra';
  }, []);
  useEffect(() => {
    if (!pickupEnabled && deliveryType === 'pickup') setDeliveryType('delivery');
  }, [pickupEnabled, deliveryType]);
  useEffect(() => {
    if (!cashOnDelivery.enabled && bankTransfer.enabled && paymentMethod === 'cash') setPaymentMethod('transfer');
  }, [cashOnDelivery.enabled, bankTransfer.enabled, paymentMethod]);
  useEffect(() => {
    if (!proof) {
      setProofPreview(null);
      return;
    }
    const url = URL.createObjectURL(proof);
    setProofPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [proof]);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const totals = useMemo(
    () =>
      computeOrderTotals({
        lines: items,
        deliveryType,
        paymentMethod,
        shipping: { baseCost: homeDelivery.baseCost, freeShippingThreshold: homeDelivery.freeShippingThreshold },
        cashFee: cashOnDelivery.additionalFee,
      }),
    [items, deliveryType, paymentMethod, homeDelivery.baseCost, homeDelivery.freeShippingThreshold, cashOnDelivery.additionalFee],
  );
  const homeDeliveryCost = shippingCost('delivery', totals.subtotal, {
    baseCost: homeDelivery.baseCost,
    freeShippingThreshold: homeDelivery.freeShippingThreshold,
  });

  const update = (field: CheckoutField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setForm((f) => ({ ...f, [field]: value }));
    // An error clears as soon as its field is edited.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const chooseProof = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    const problem = validateProof(file);
    if (problem) {
      setProofError(problem);
      setProof(null);
      event.target.value = '';
      return;
    }
    setProofError(null);
    setProof(file);
  };
  const removeProof = () => {
    setProof(null);
    setProofError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    setFailure(null);
    if (items.length === 0) {
      navigate(paths.cart, { state: { notice: MSG.checkout.emptyCart } });
      return;
    }
    const found = validateCheckout(form, deliveryType);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
    setProcessing(true);
    let transferProofUrl: string | undefined;
    if (paymentMethod === 'transfer' && proof) {
      try {
        if (uploadedProof.current?.file !== proof) uploadedProof.current = { file: proof, url: (await uploadProof(proof)).url };
        transferProofUrl = uploadedProof.current.url;
      } catch (error) {
        setFailure({ title: errorText(error, 'Error al subir archivo'), detail: null });
        setProcessing(false);
        return;
      }
    }
    const pickup = deliveryType === 'pickup';
    const payload: CreateOrderPayload = {
      items: items.map((item) => ({
        productId: item.id,
        title: item.name,
        price: item.price,
        quantity: item.quantity,
        size: item.size || undefined,
        color: item.color,
        image: item.image,
      })),
      shippingInfo: {
        fullName: form.fullName.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        address: pickup ? meetingPoint.address || env.meetingPoint : form.address.trim(),
        city: pickup ? env.shopCity : form.city.trim(),
        postalCode: form.postalCode.trim() || undefined,
        notes: form.notes.trim() || undefined,
      },
      paymentMethod,
      deliveryType,
      subtotal: totals.subtotal,
      shippingCost: totals.shippingCost,
      total: totals.total,
      notes: form.notes.trim() || undefined,
      transferProofUrl,
    };
    attempt.current = attemptFor(attempt.current, payload);
    try {
      const result = await createOrder.mutateAsync({ payload, idempotencyKey: attempt.current.key });
      const state: ConfirmationState = {
        order: result.order,
        paymentMethod,
        wantsShipping: !pickup,
        transferProof: transferProofUrl ?? null,
      };
      rememberOrder(result.order);
      clear();
      navigate(paths.confirmation(result.order.orderNumber), { state });
    } catch (error) {
      setFailure(checkoutFailure(error));
      setProcessing(false);
    }
  };

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

  const fieldProps = (field: CheckoutField) => ({
    id: `checkout-${field}`,
    name: field,
    value: form[field],
    onChange: update(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `checkout-${field}-error` : undefined,
  });
  const fieldError = (field: CheckoutField) =>
    errors[field] ? (
      <p id={`checkout-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="container page" data-testid="checkout-page">
      <header className="page__header">
        <h1 className="page__title">Finalizar compra</h1>
      </header>
      <CartChangesNotice changes={changes} />
      <form className="checkout-layout" onSubmit={(event) => void submit(event)} noValidate>
        <div className="checkout-main">
          <fieldset className="card checkout-step">
            <legend className="checkout-step__title">{content.checkout.deliveryInfo.title || 'Entrega'}</legend>
            <div className="option-list">
              {pickupEnabled && (
                <label className={`option ${deliveryType === 'pickup' ? 'option--active' : ''}`}>
                  <input
                    type="radio"
                    name="deliveryType"
                    value="pickup"
                    checked={deliveryType === 'pickup'}
                    onChange={() => setDeliveryType('pickup')}
                  />
                  <MapPin size={22} aria-hidden="true" className="option__icon" />
                  <span className="option__body">
                    <span className="option__title">{meetingPoint.title || 'Retiro en punto de encuentro'}</span>
                    <span className="option__text">{meetingPoint.description}</span>
                    <span className="option__text">
                      <strong>{meetingPoint.address || env.meetingPoint}</strong>
                    </span>
                    {meetingPoint.schedule && <span className="option__text">{meetingPoint.schedule}</span>}
                    {meetingPoint.notes && <span className="option__text muted">{meetingPoint.notes}</span>}
                  </span>
                  <span className="option__price">Gratis</span>
                </label>
              )}
              {deliveryEnabled && (
                <label className={`option ${deliveryType === 'delivery' ? 'option--active' : ''}`}>
                  <input
                    type="radio"
                    name="deliveryType"
                    value="delivery"
                    checked={deliveryType === 'delivery'}
                    onChange={() => setDeliveryType('delivery')}
                  />
                  <Truck size={22} aria-hidden="true" className="option__icon" />
                  <span className="option__body">
                    <span className="option__title">{homeDelivery.title || 'Envío a domicilio'}</span>
                    <span className="option__text">{homeDelivery.description}</span>
                    {homeDelivery.coverage && <span className="option__text">{homeDelivery.coverage}</span>}
                    {homeDelivery.estimatedDays && (
                      <span className="option__text">Entrega estimada: {homeDelivery.estimatedDays}</span>
                    )}
                    {homeDelivery.freeShippingThreshold > 0 && (
                      <span className="option__text muted">
                        Envío gratis desde {formatPrice(homeDelivery.freeShippingThreshold)}
                      </span>
                    )}
                  </span>
                  <span className="option__price">{formatShipping(homeDeliveryCost)}</span>
                </label>
              )}
            </div>
          </fieldset>

          <fieldset className="card checkout-step">
            <legend className="checkout-step__title">Tus datos</legend>
            <div className="form-grid">
              <div className="field field--full">
                <label htmlFor="checkout-fullName">Nombre completo *</label>
                <input {...fieldProps('fullName')} autoComplete="name" />
                {fieldError('fullName')}
              </div>
              <div className="field">
                <label htmlFor="checkout-email">Email *</label>
                <input {...fieldProps('email')} type="email" autoComplete="email" />
                {fieldError('email')}
              </div>
              <div className="field">
                <label htmlFor="checkout-phone">Teléfono *</label>
                <input {...fieldProps('phone')} type="tel" autoComplete="tel" />
                {fieldError('phone')}
              </div>
              {deliveryType === 'delivery' && (
                <>
                  <div className="field field--full">
                    <label htmlFor="checkout-address">Dirección *</label>
                    <input {...fieldProps('address')} autoComplete="street-address" />
                    {fieldError('address')}
                  </div>
                  <div className="field">
                    <label htmlFor="checkout-city">Ciudad *</label>
                    <input {...fieldProps('city')} autoComplete="address-level2" />
                    {fieldError('city')}
                  </div>
                  <div className="field">
                    <label htmlFor="checkout-postalCode">Código postal</label>
                    <input {...fieldProps('postalCode')} autoComplete="postal-code" inputMode="numeric" />
                  </div>
                </>
              )}
              <div className="field field--full">
                <label htmlFor="checkout-notes">Notas del pedido</label>
                <textarea {...fieldProps('notes')} rows={3} />
              </div>
            </div>
          </fieldset>

          <fieldset className="card checkout-step">
            <legend className="checkout-step__title">{content.checkout.paymentInfo.title || 'Método de pago'}</legend>
            <div className="option-list">
              {cashOnDelivery.enabled && (
                <label className={`option ${paymentMethod === 'cash' ? 'option--active' : ''}`}>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value="cash"
                    checked={paymentMethod === 'cash'}
                    onChange={() => setPaymentMethod('cash')}
                  />
                  <Banknote size={22} aria-hidden="true" className="option__icon" />
                  <span className="option__body">
                    <span className="option__title">{cashOnDelivery.title || 'Efectivo'}</span>
                    <span className="option__text">{cashOnDelivery.description}</span>
                    {cashOnDelivery.notes && <span className="option__text muted">{cashOnDelivery.notes}</span>}
                  </span>
                  {cashOnDelivery.additionalFee > 0 && (
                    <span className="option__price">+{formatPrice(cashOnDelivery.additionalFee)}</span>
                  )}
                </label>
              )}
              {bankTransfer.enabled && (
                <label className={`option ${paymentMethod === 'transfer' ? 'option--active' : ''}`}>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value="transfer"
                    checked={paymentMethod === 'transfer'}
                    onChange={() => setPaymentMethod('transfer')}
                  />
                  <Landmark size={22} aria-hidden="true" className="option__icon" />
                  <span className="option__body">
                    <span className="option__title">{bankTransfer.title || 'Transferencia bancaria'}</span>
                    {bankTransfer.instructions && <span className="option__text">{bankTransfer.instructions}</span>}
                  </span>
                </label>
              )}
            </div>
            {paymentMethod === 'transfer' && (
              <div className="transfer-box" data-testid="transfer-box">
                <BankDetails bank={bankTransfer} />
                <div className="field">
                  <span className="field__label" id="proof-label">
                    Comprobante de transferencia (opcional)
                  </span>
                  <input
                    ref={fileInput}
                    id="checkout-proof"
                    type="file"
                    accept="image/jpeg,image/jpg,image/png,image/webp"
                    className="visually-hidden"
                    aria-labelledby="proof-label"
                    aria-describedby={proofError ? 'proof-error' : undefined}
                    onChange={chooseProof}
                    data-testid="proof-input"
                  />
                  {proof ? (
                    <div className="proof-preview" data-testid="proof-preview">
                      {proofPreview && <img src={proofPreview} alt="Vista previa del comprobante" />}
                      <span className="small">{proof.name}</span>
                      <button type="button" className="icon-btn icon-btn--plain" onClick={removeProof} aria-label="Quitar comprobante">
                        <X size={18} aria-hidden="true" />
                      </button>
                    </div>
                  ) : (
                    <label className="upload-drop" htmlFor="checkout-proof">
                      <Upload size={20} aria-hidden="true" />
                      <span>Subir imagen (JPG, PNG o WEBP, máx. 5MB)</span>
                    </label>
                  )}
                  {proofError && (
                    <p id="proof-error" className="field-error" role="alert">
                      {proofError}
                    </p>
                  )}
                  <p className="muted small">Podés enviarlo ahora o más tarde por WhatsApp.</p>
                </div>
              </div>
            )}
          </fieldset>
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
