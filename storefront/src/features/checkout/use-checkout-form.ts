import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutDetailsSchema, type CheckoutDetails, type PaymentMethod } from '@shop/shared';
import type { z } from 'zod';

export type CheckoutValues = z.input<typeof checkoutDetailsSchema>;
export type CheckoutForm = UseFormReturn<CheckoutValues, unknown, CheckoutDetails>;
export type CheckoutField = 'fullName' | 'email' | 'phone' | 'address' | 'city' | 'postalCode' | 'notes' | 'buyerDocument';

export const EMPTY_CHECKOUT_VALUES: CheckoutValues = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  notes: '',
  buyerDocument: '',
  deliveryType: 'pickup',
  paymentMethod: 'cash',
};

export interface CheckoutOptions {
  pickupEnabled: boolean;
  cashEnabled: boolean;
  transferEnabled: boolean;
  mercadoPagoEnabled: boolean;
}

/** The payment methods in the order the payment step lists them. */
const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'transfer', 'mercadopago'];

/**
 * The checkout form, validated by the shared `checkoutDetailsSchema` on submit only. Errors stay until the next
 * submit except that editing a field clears its own (see `useCheckoutField`), as the shop always did.
 */
export function useCheckoutForm({ pickupEnabled, cashEnabled, transferEnabled, mercadoPagoEnabled }: CheckoutOptions): CheckoutForm {
  const form = useForm<CheckoutValues, unknown, CheckoutDetails>({
    resolver: zodResolver(checkoutDetailsSchema),
    defaultValues: EMPTY_CHECKOUT_VALUES,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { setValue, watch } = form;
  const deliveryType = watch('deliveryType');
  const paymentMethod = watch('paymentMethod');
  // Only offered options can be chosen: pickup turned off means delivery; a payment method turned off (cash, or
  // Mercado Pago once the server can no longer take it) gives way to the first one still offered. With none offered
  // the choice stays, and the quote's refusal says why the order cannot be placed.
  useEffect(() => {
    if (!pickupEnabled && deliveryType === 'pickup') setValue('deliveryType', 'delivery');
  }, [pickupEnabled, deliveryType, setValue]);
  useEffect(() => {
    const offered: Record<PaymentMethod, boolean> = { cash: cashEnabled, transfer: transferEnabled, mercadopago: mercadoPagoEnabled };
    if (offered[paymentMethod]) return;
    const first = PAYMENT_METHODS.find((method) => offered[method]);
    if (first) setValue('paymentMethod', first);
  }, [cashEnabled, transferEnabled, mercadoPagoEnabled, paymentMethod, setValue]);
  return form;
}

/** Props for one text field of the checkout: registration, the clear-on-edit rule and its aria wiring. */
export function checkoutFieldProps(form: CheckoutForm, field: CheckoutField) {
  const error = form.formState.errors[field]?.message;
  const registration = form.register(field, {
    onChange: () => {
      if (form.formState.errors[field]) form.clearErrors(field);
    },
  });
  return {
    ...registration,
    id: `checkout-${field}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `checkout-${field}-error` : undefined,
  };
}
